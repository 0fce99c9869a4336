import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ChallengeFormInput, ValidateUserChallenge } from '../../../contract/challenges';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const challengeKeys = {
  catalog: [...adminKeys.all, 'challenges'] as const,
  submissions: [...adminKeys.all, 'submissions'] as const,
};

export function useChallengeCatalog() {
  return useQuery({ queryKey: challengeKeys.catalog, queryFn: () => call(routes.adminChallenges) });
}

/** Creates a challenge, or replaces the one with `id`; the catalog is refreshed. */
export const useSaveChallenge = () =>
  useRefreshingMutation(
    ({ id, form }: { id: number | null; form: ChallengeFormInput }) =>
      id === null
        ? call(routes.createChallenge, { body: form })
        : call(routes.updateChallenge, { params: { id }, body: form }),
    [challengeKeys.catalog],
  );

export const useDeleteChallenge = () =>
  useRefreshingMutation((id: number) => call(routes.deleteChallenge, { params: { id } }), [challengeKeys.catalog]);

export type SubmissionsQuery = { challenge_id?: number; q?: string; offset: number; limit: number };

/** A page of the challenges waiting for the board, oldest submission first, of one challenge or all. */
export function useSubmissions(query: SubmissionsQuery) {
  return useQuery({
    queryKey: [...challengeKeys.submissions, query],
    queryFn: () => call(routes.submissions, { query: { status: 'pending_validation', ...query } }),
    // The page stays while the next one loads: a decision does not blank the queue.
    placeholderData: keepPreviousData,
  });
}

export const useValidateSubmission = () =>
  useRefreshingMutation(
    ({ id, ...body }: ValidateUserChallenge & { id: number }) =>
      call(routes.validateSubmission, { params: { id }, body }),
    [challengeKeys.submissions],
  );
