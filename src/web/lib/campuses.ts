import { useQuery } from '@tanstack/react-query';
import { routes } from '../../contract/routes';
import { call } from './api-client';
import { memberRootKeys } from './query-keys';

/**
 * The campuses of the club's users, for the Campus filter of the Users and the Applications
 * lists: one query that two features read, so it lives below both (decision 0113), under the
 * members' key root so that a member's change refreshes it.
 */
export function useCampuses() {
  return useQuery({ queryKey: [...memberRootKeys.all, 'campuses'], queryFn: () => call(routes.campuses) });
}
