import { useQuery } from '@tanstack/react-query';
import type { Overview } from '../../../contract/overview';
import { api } from '../../lib/api-client';

/** Under `admin`, so that every admin change that invalidates `['admin']` refreshes the figures too. */
export const OVERVIEW_KEY = ['admin', 'overview'] as const;

export function useOverview() {
  return useQuery({
    queryKey: OVERVIEW_KEY,
    queryFn: () => api<Overview>('/admin/overview'),
  });
}
