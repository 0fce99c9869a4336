import { useLingui } from '@lingui/react/macro';
import { SortIcon } from './icons';

/**
 * A column header that sorts the list by its column: a button saying what a press does, and
 * `aria-sort` saying how the list is sorted now. `sort` is the list's order as the address holds it
 * (`login`, `-login`: a minus sorts from the end); `ascending` and `descending` are this column's
 * two orders (one of them may be the list's default, the other's minus).
 */
export function SortHeader({
  label,
  sort,
  ascending,
  descending,
  first = 'ascending',
  onSort,
}: {
  label: string;
  sort: string;
  ascending: string;
  descending: string;
  /** The order a first press asks for: dates start with the newest. */
  first?: 'ascending' | 'descending';
  onSort: (sort: string) => void;
}) {
  const { t } = useLingui();
  const current = sort === ascending ? 'ascending' : sort === descending ? 'descending' : 'none';
  const next = current === 'none' ? first : current === 'ascending' ? 'descending' : 'ascending';
  return (
    <th scope="col" aria-sort={current}>
      <button
        type="button"
        className="sort-button"
        onClick={() => onSort(next === 'ascending' ? ascending : descending)}
        aria-label={next === 'ascending' ? t`${label}: sort ascending` : t`${label}: sort descending`}
      >
        {label}
        <SortIcon direction={current} />
      </button>
    </th>
  );
}
