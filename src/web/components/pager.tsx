import { Trans, useLingui } from '@lingui/react/macro';
import { formatNumber } from '../lib/format';

/** Prev/Next with the position and the total, for every paged admin list. */
export function Pager({
  offset,
  limit,
  total,
  onChange,
}: {
  offset: number;
  limit: number;
  total: number;
  onChange: (offset: number) => void;
}) {
  const { t } = useLingui();
  if (total === 0) return null;
  const first = formatNumber(offset + 1);
  const last = formatNumber(Math.min(offset + limit, total));
  const all = formatNumber(total);
  return (
    <nav className="pager" aria-label={t`Pages`}>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={offset === 0}
        onClick={() => onChange(Math.max(0, offset - limit))}
      >
        <Trans>Prev</Trans>
      </button>
      <span>
        <Trans>
          {first}–{last} of {all}
        </Trans>
      </span>
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={offset + limit >= total}
        onClick={() => onChange(offset + limit)}
      >
        <Trans>Next</Trans>
      </button>
    </nav>
  );
}
