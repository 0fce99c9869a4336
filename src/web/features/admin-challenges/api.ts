import { useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE } from '../../../contract/common';
import type { ChallengeFormInput, ValidateUserChallenge } from '../../../contract/challenges';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../app/query-client';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const challengeKeys = {
  catalog: [...adminKeys.all, 'challenges'] as const,
  submissions: [...adminKeys.all, 'submissions'] as const,
};

/** The board reviews every waiting submission on one screen: one page of the largest size. */
const SUBMISSIONS_LIMIT = MAX_PAGE_SIZE;

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

/** The challenges waiting for the board, oldest submission first. */
export function useSubmissions() {
  return useQuery({
    queryKey: challengeKeys.submissions,
    queryFn: () => call(routes.submissions, { query: { status: 'pending_validation', limit: SUBMISSIONS_LIMIT } }),
  });
}

export const useValidateSubmission = () =>
  useRefreshingMutation(
    ({ id, ...body }: ValidateUserChallenge & { id: number }) =>
      call(routes.validateSubmission, { params: { id }, body }),
    [challengeKeys.submissions],
  );
