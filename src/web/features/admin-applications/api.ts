import type { ApplicationStatus, Review } from '../../../contract/applications';
import { routes } from '../../../contract/routes';
import { call, href } from '../../lib/api-client';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries';
import { adminKeys } from '../../app/query-client';
import { memberKeys } from '../admin-members/api';

type ApplicationFilter = { status?: ApplicationStatus; offset: number; limit: number };

export const applicationKeys = {
  all: [...adminKeys.all, 'applications'] as const,
  list: (filter: ApplicationFilter) => [...applicationKeys.all, filter] as const,
};

/** The address of the CSV export, for a download link. */
export const APPLICATIONS_CSV_URL = href(routes.applicationsCsv);

export function useApplications(filter: ApplicationFilter) {
  return usePagedQuery(applicationKeys.list(filter), routes.applications, { query: filter });
}

/** Approve or decline an application; refreshes every list and detail that shows it. */
export const useReviewApplication = () =>
  useRefreshingMutation(
    ({ id, ...review }: Review & { id: number }) => call(routes.reviewApplication, { params: { id }, body: review }),
    [applicationKeys.all, memberKeys.all],
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
