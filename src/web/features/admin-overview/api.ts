import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { adminKeys } from '../../app/query-client';

/** Under `admin`, so that every admin change that invalidates `['admin']` refreshes the figures too. */
export const overviewKeys = { all: [...adminKeys.all, 'overview'] as const };

export function useOverview() {
  return useQuery({ queryKey: overviewKeys.all, queryFn: () => call(routes.overview) });
}

export function useRefreshOverview() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: overviewKeys.all });
}
