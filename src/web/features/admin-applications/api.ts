import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApplicationDetail, ApplicationListQuery, Review, VoteBody } from '../../../contract/applications';
import { routes } from '../../../contract/routes';
import type { Role } from '../../../contract/users';
import { call, href } from '../../lib/api-client';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries';
import { adminKeys, memberRootKeys } from '../../lib/query-keys';

/** The filters of the list and of its CSV export (the export ignores the page). */
type ApplicationFilters = Partial<Omit<ApplicationListQuery, 'offset' | 'limit'>>;
type ApplicationFilter = ApplicationFilters & { offset: number; limit: number };

export const applicationKeys = {
  all: [...adminKeys.all, 'applications'] as const,
  list: (filter: ApplicationFilter) => [...applicationKeys.all, 'list', filter] as const,
  detail: (id: number) => [...applicationKeys.all, 'detail', id] as const,
};

/** The address of the CSV export of the applications the filters select, for a download link. */
export const applicationsCsvUrl = (filter: Omit<ApplicationFilters, 'sort'>) =>
  href(routes.applicationsCsv, {}, filter);

export function useApplications(filter: ApplicationFilter) {
  return usePagedQuery(applicationKeys.list(filter), routes.applications, { query: filter });
}

/** One application as the review screen shows it: candidate, answers, journey, votes, history. */
export function useApplicationDetail(id: number) {
  return useQuery({
    queryKey: applicationKeys.detail(id),
    queryFn: () => call(routes.application, { params: { id } }),
  });
}

/**
 * The review queue (docs/product/applications.md#the-boards-workbench): the open application this admin has
 * not voted on with the fewest votes, or null when none is left. Its detail is kept in the cache,
 * so the screen shows it without asking again.
 */
export function useNextInQueue() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<ApplicationDetail | null> => (await call(routes.nextApplication)) ?? null,
    onSuccess: (next) => {
      if (next) client.setQueryData(applicationKeys.detail(next.id), next);
    },
  });
}

/** Casts or replaces this admin's vote; the answer is the new detail (a blind review may now show the candidate). */
export function useVote() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...vote }: VoteBody & { id: number }) =>
      call(routes.voteOnApplication, { params: { id }, body: vote }),
    onSuccess: async (detail) => {
      client.setQueryData(applicationKeys.detail(detail.id), detail);
      await client.invalidateQueries({ queryKey: [...applicationKeys.all, 'list'] });
    },
  });
}

/** Approve or decline an application; refreshes every list and detail that shows it. */
export const useReviewApplication = () =>
  useRefreshingMutation(
    ({ id, ...review }: Review & { id: number }) => call(routes.reviewApplication, { params: { id }, body: review }),
    [applicationKeys.all, memberRootKeys.all],
  );

/** Approve or decline several at once; the figures and every admin list move with them. */
export const useBulkReview = () =>
  useRefreshingMutation(
    (review: { ids: number[]; status: 'approved' | 'declined' }) =>
      call(routes.bulkReviewApplications, { body: review }),
    [adminKeys.all],
  );

/** Takes back this admin's decision within its undo window (decision 0119); every list moves back. */
export const useUndoReview = () =>
  useRefreshingMutation((id: number) => call(routes.undoReview, { params: { id } }), [adminKeys.all]);

/**
 * The board approval's final yes is a role change (member), and its undo the role before: the
 * call of the Users page's role change, owned here too so that deciding needs nothing of
 * admin-members. Every admin list is refreshed, as after any role change.
 */
export const useSetRole = () =>
  useRefreshingMutation(
    ({ id, role }: { id: number; role: Role }) => call(routes.setMemberRole, { params: { id }, body: { role } }),
    [adminKeys.all],
  );
