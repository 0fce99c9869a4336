import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ClubEvent, ClubEventBody, ClubEventUpdate } from '../../../contract/club-events';
import type { List } from '../../../contract/common';
import { api } from '../../lib/api-client';
import { UPCOMING_EVENTS_KEY } from '../public/use-upcoming-events';

export const CLUB_EVENTS_KEY = ['admin', 'club-events'] as const;

export function useClubEvents(page: { offset: number; limit: number }) {
  return useQuery({
    queryKey: [...CLUB_EVENTS_KEY, page],
    queryFn: () => api<List<ClubEvent>>('/admin/events', { query: page }),
    placeholderData: keepPreviousData,
  });
}

type Change =
  | { kind: 'create'; body: ClubEventBody }
  | { kind: 'update'; id: number; body: ClubEventUpdate }
  | { kind: 'delete'; id: number };

/** Every change of the Events page; the landing of this tab shows it at once. */
export function useClubEventChange() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: Change): Promise<ClubEvent | void> => {
      switch (change.kind) {
        case 'create':
          return api<ClubEvent>('/admin/events', { method: 'POST', body: change.body });
        case 'update':
          return api<ClubEvent>(`/admin/events/${change.id}`, { method: 'PUT', body: change.body });
        case 'delete':
          return api<void>(`/admin/events/${change.id}`, { method: 'DELETE' });
      }
    },
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: CLUB_EVENTS_KEY }),
        client.invalidateQueries({ queryKey: UPCOMING_EVENTS_KEY }),
      ]),
  });
}
