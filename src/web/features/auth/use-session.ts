import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { User } from '../../../contract/users';
import { api } from '../../lib/api-client';

export const SESSION_KEY = ['session'] as const;
const HINT_KEY = 'club.signedIn';

/** Whether this browser was signed in last time: the home page waits for the session only then. */
export function probablySignedIn(): boolean {
  try {
    return localStorage.getItem(HINT_KEY) === '1';
  } catch {
    return false;
  }
}

export function rememberSignedIn(user: User | null): User | null {
  try {
    if (user) localStorage.setItem(HINT_KEY, '1');
    else localStorage.removeItem(HINT_KEY);
  } catch {
    // Without storage the home page simply shows the landing while the session loads.
  }
  return user;
}

/** The signed-in user, or null: any answer but 200 from /users/me means signed out (seed §7). */
export function useSession() {
  const query = useQuery({
    queryKey: SESSION_KEY,
    queryFn: () => api<User>('/users/me').then(rememberSignedIn, () => rememberSignedIn(null)),
    staleTime: 5 * 60_000,
  });
  return { user: query.data ?? null, loading: query.isPending };
}

export function useSetSession() {
  const client = useQueryClient();
  return (user: User | null) => client.setQueryData(SESSION_KEY, rememberSignedIn(user));
}
