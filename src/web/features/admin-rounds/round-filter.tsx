import { useLingui } from '@lingui/react/macro';
import type { Round } from '../../../contract/rounds';
import { SelectFilter } from '../../components/filters';
import { useRounds } from './api';

/** How a round is named in a choice: the open one says so. */
export function useRoundLabel() {
  const { t } = useLingui();
  return ({ name, is_open }: Pick<Round, 'name' | 'is_open'>) => (is_open ? t`${name} (open now)` : name);
}

/**
 * The Round filter of the Applications page and the Overview (decision 0121): "All rounds" or
 * one round, the latest first. `value` is the round's id as the address holds it ('' for all).
 */
export function RoundFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useLingui();
  const roundLabel = useRoundLabel();
  const rounds = useRounds();
  const options = [
    { value: '', label: t`All rounds` },
    ...(rounds.data?.data ?? []).map((round) => ({ value: String(round.id), label: roundLabel(round) })),
  ];
  // A round named by the address shows as chosen while the list loads (or if it is gone).
  if (!options.some((option) => option.value === value)) options.push({ value, label: t`Round ${value}` });
  return <SelectFilter label={t`Round`} value={value} options={options} onChange={onChange} />;
}
