import { useMutation } from '@tanstack/react-query';
import { api } from '../../lib/api-client';

export const LOGOUT_FAILED = 'Logout failed. Please try again.';

/**
 * Signs out, then loads `redirectTo` afresh: nothing of the signed-in user stays in memory,
 * and no guarded page sees the session vanish and redirects somewhere else first.
 */
export function useSignOut(redirectTo: string) {
  return useMutation({
    mutationFn: () => api<void>('/auth/logout', { method: 'POST' }),
    onSuccess: () => {
      window.location.assign(redirectTo);
    },
  });
}
