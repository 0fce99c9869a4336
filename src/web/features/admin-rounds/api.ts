import { useQuery } from '@tanstack/react-query';
import type { Round, RoundBody, RoundUpdate } from '../../../contract/rounds';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const roundKeys = { all: [...adminKeys.all, 'rounds'] as const };

/** Every recruitment round, the latest first (a few a year: one list, no pages). */
export function useRounds() {
  return useQuery({ queryKey: roundKeys.all, queryFn: () => call(routes.rounds) });
}

type Change = { kind: 'create'; body: RoundBody } | { kind: 'update'; id: number; body: RoundUpdate };

/** Opens a round, or renames, moves or closes one; the round filters of every page follow. */
export function useRoundChange() {
  return useRefreshingMutation(
    (change: Change): Promise<Round> =>
      change.kind === 'create'
        ? call(routes.createRound, { body: change.body })
        : call(routes.updateRound, { params: { id: change.id }, body: change.body }),
    [roundKeys.all],
  );
}
