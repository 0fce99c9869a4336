import { useLingui } from '@lingui/react/macro';
import type { Round } from '../../contract/rounds';
import { SelectFilter } from './filters';

/** How a round is named in a choice: the open one says so. */
function useRoundLabel() {
  const { t } = useLingui();
  return ({ name, is_open }: Pick<Round, 'name' | 'is_open'>) => (is_open ? t`${name} (open now)` : name);
}

/**
 * The Round filter of the Applications page and the Overview (decision 0121): "All rounds" or
 * one round of `rounds` (admin-rounds' `useRounds`, the latest first; undefined while they load).
 * `value` is the round's id as the address holds it ('' for all).
 */
export function RoundFilter({
  rounds,
  value,
  onChange,
}: {
  rounds: readonly Pick<Round, 'id' | 'name' | 'is_open'>[] | undefined;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useLingui();
  const roundLabel = useRoundLabel();
  const options = [
    { value: '', label: t`All rounds` },
    ...(rounds ?? []).map((round) => ({ value: String(round.id), label: roundLabel(round) })),
  ];
  // A round named by the address shows as chosen while the list loads (or if it is gone).
  if (!options.some((option) => option.value === value)) options.push({ value, label: t`Round ${value}` });
  return <SelectFilter label={t`Round`} value={value} options={options} onChange={onChange} />;
}
