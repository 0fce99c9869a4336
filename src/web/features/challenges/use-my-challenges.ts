import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MyChallenges, UserChallenge } from '../../../contract/challenges';
import { api, ApiError } from '../../lib/api-client';
import { SESSION_KEY } from '../auth/use-session';

export const MY_CHALLENGES_KEY = ['challenges', 'me'] as const;
const EMPTY: MyChallenges = {
  data: [],
  total: 0,
  completed_count: 0,
  deadline_at: null,
  deadline_passed: false,
  days_remaining: 0,
};

/** The candidate's challenges; a 403 (not approved) is an empty list, as docs/product.md#api-calls says. */
export function useMyChallenges() {
  return useQuery({
    queryKey: MY_CHALLENGES_KEY,
    queryFn: () =>
      api<MyChallenges>('/challenges/me').catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 403) return EMPTY;
        throw error;
      }),
  });
}

/** Start, submit an exercise link, or submit for review: each refreshes the list and the XP. */
export function useChallengeAction<T>(request: (input: T) => Promise<UserChallenge>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: MY_CHALLENGES_KEY });
      await client.invalidateQueries({ queryKey: ['applications', 'me'] });
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

export const startChallenge = (id: number) => api<UserChallenge>(`/challenges/${id}/start`, { method: 'POST' });
export const submitChallenge = (id: number) => api<UserChallenge>(`/challenges/${id}/submit`, { method: 'POST' });
export const submitExercise = ({ id, n, link }: { id: number; n: number; link: string }) =>
  api<UserChallenge>(`/challenges/${id}/exercise/${n}/submit`, { method: 'POST', body: { tinkercad_link: link } });
