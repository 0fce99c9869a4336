import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../lib/api-client';
import { SESSION_KEY, useSetSession } from './use-session';

export const LOGOUT_FAILED = 'Logout failed. Please try again.';

/**
 * Signs out, leaves for `redirectTo`, then forgets every cached answer of the user. Leaving
 * first means no guarded page sees the session vanish and redirects somewhere else.
 */
export function useSignOut(redirectTo: string) {
  const client = useQueryClient();
  const setSession = useSetSession();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api<void>('/auth/logout', { method: 'POST' }),
    onSuccess: async () => {
      await navigate(redirectTo);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
      setSession(null);
    },
  });
}
