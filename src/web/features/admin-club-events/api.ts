import type { ClubEvent, ClubEventBody, ClubEventUpdate } from '../../../contract/club-events';
import { routes } from '../../../contract/routes';
import { adminKeys, publicKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { usePagedQuery, useRefreshingMutation } from '../../lib/queries';

export const clubEventKeys = {
  all: [...adminKeys.all, 'club-events'] as const,
  page: (page: { offset: number; limit: number }) => [...clubEventKeys.all, page] as const,
};

export function useClubEvents(page: { offset: number; limit: number }) {
  return usePagedQuery(clubEventKeys.page(page), routes.adminClubEvents, { query: page });
}

type Change =
  | { kind: 'create'; body: ClubEventBody }
  | { kind: 'update'; id: number; body: ClubEventUpdate }
  | { kind: 'delete'; id: number };

/** Every change of the Events page; the landing of this tab shows it at once. */
export function useClubEventChange() {
  return useRefreshingMutation(
    (change: Change): Promise<ClubEvent | void> => {
      switch (change.kind) {
        case 'create':
          return call(routes.createClubEvent, { body: change.body });
        case 'update':
          return call(routes.updateClubEvent, { params: { id: change.id }, body: change.body });
        case 'delete':
          return call(routes.deleteClubEvent, { params: { id: change.id } });
      }
    },
    [clubEventKeys.all, publicKeys.upcomingEvents],
  );
}
