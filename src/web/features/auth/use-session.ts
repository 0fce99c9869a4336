import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SIGNED_IN_COOKIE } from '../../../contract/constants';
import type { User } from '../../../contract/users';
import { api } from '../../lib/api-client';

export const SESSION_KEY = ['session'] as const;

/** Whether the server says this browser holds a session (a readable cookie set beside it). */
export function probablySignedIn(): boolean {
  return document.cookie.split('; ').includes(`${SIGNED_IN_COOKIE}=1`);
}

/** The signed-in user, or null: any answer but 200 from /users/me means signed out (docs/product.md#api-calls). */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    // Signed-out visitors have no session to look up: no request, no 401.
    queryFn: () => (probablySignedIn() ? api<User>('/users/me').catch(() => null) : null),
    staleTime: 5 * 60_000,
  });
  return { user: query.data ?? null, loading: query.isPending };
}

export function useSetSession() {
  const client = useQueryClient();
  return (user: User | null) => client.setQueryData(SESSION_KEY, user);
}
