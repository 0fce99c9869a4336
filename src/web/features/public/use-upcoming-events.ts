import { useQuery } from '@tanstack/react-query';
import type { ClubEvent } from '../../../contract/club-events';
import type { List } from '../../../contract/common';
import { api } from '../../lib/api-client';

// Types only from the contract: its zod schemas stay out of the public bundle (decision 0001).

export const UPCOMING_EVENTS_KEY = ['events', 'upcoming'] as const;
/** The landing shows the next few; the rest wait until these are over. */
export const LANDING_EVENTS_LIMIT = 6;

/** The next club events for the landing page: none while loading or on failure, so nothing shows. */
export function useUpcomingEvents(): ClubEvent[] {
  const query = useQuery({
    queryKey: [...UPCOMING_EVENTS_KEY, LANDING_EVENTS_LIMIT],
    queryFn: () => api<List<ClubEvent>>('/events', { query: { limit: LANDING_EVENTS_LIMIT } }),
    staleTime: 60_000,
  });
  return query.data?.data ?? [];
}
