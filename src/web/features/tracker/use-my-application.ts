import { useQuery } from '@tanstack/react-query';
import type { MyApplication } from '../../../contract/applications';
import { api, ApiError } from '../../lib/api-client';

export const MY_APPLICATION_KEY = ['applications', 'me'] as const;

/** The candidate's application and step; null before they apply (the API answers 404). */
export function useMyApplication() {
  return useQuery({
    queryKey: MY_APPLICATION_KEY,
    queryFn: () =>
      api<MyApplication>('/applications/me').catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }),
  });
}
