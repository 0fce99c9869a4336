import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { adminKeys } from '../../lib/query-keys';

/** Under `admin`, so that every admin change that invalidates `['admin']` refreshes the figures too. */
export const overviewKeys = { all: [...adminKeys.all, 'overview'] as const };

/** The figures, those about applications of one round when `round_id` names it (decision 0121). */
export function useOverview(query: { round_id?: number }) {
  return useQuery({ queryKey: [...overviewKeys.all, query], queryFn: () => call(routes.overview, { query }) });
}

export function useRefreshOverview() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: overviewKeys.all });
}
