import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Criterion, EventBody, EventUpdate } from '../../../contract/hackathon';
import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

/** Events, pending registrations and teams load and refresh together: every change touches two of them. */
export const hackathonAdminKeys = { all: [...adminKeys.all, 'hackathon'] as const };

/** The registrants listed to pick a team from: one page of the largest size; `total` counts them all. */
export const PENDING_LIMIT = 100;

/** The events (with the server's counts of registrants, people waiting and teams) and the teams. */
export function useHackathonAdmin() {
  return useQuery({
    queryKey: [...hackathonAdminKeys.all, 'board'],
    queryFn: async () => {
      const [events, teams] = await Promise.all([call(routes.hackathonEvents), call(routes.teams)]);
      return { events: events.data, teams: teams.data };
    },
  });
}

/** The registrants waiting for a team, of one event or of all: the first page, and how many wait in all. */
export function usePendingRegistrations(eventId: number | '') {
  return useQuery({
    queryKey: [...hackathonAdminKeys.all, 'pending', eventId],
    queryFn: () =>
      call(routes.registrations, {
        query: { status: 'pending', limit: PENDING_LIMIT, ...(eventId ? { event_id: eventId } : {}) },
      }),
  });
}

/** What auto-assign would do now, asked of the server before the board confirms (decision 0145). */
export const useAssignPreview = () =>
  useMutation({
    mutationFn: ({ eventId, checkedInOnly }: { eventId: number; checkedInOnly: boolean }) =>
      call(routes.assignPreview, {
        params: { id: eventId },
        ...(checkedInOnly ? { query: { checked_in_only: true } } : {}),
      }),
  });

export function useRefreshHackathonAdmin() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: hackathonAdminKeys.all });
}

/** A change of the hackathon page; the page's data is refreshed after it. */
const useHackathonChange = <T, R>(request: (input: T) => Promise<R>) =>
  useRefreshingMutation(request, [hackathonAdminKeys.all]);

export const useCreateHackathonEvent = () =>
  useHackathonChange((body: EventBody) => call(routes.createHackathonEvent, { body }));
export const useUpdateHackathonEvent = () =>
  useHackathonChange(({ id, body }: { id: number; body: EventUpdate }) =>
    call(routes.updateHackathonEvent, { params: { id }, body }),
  );
export const useDeleteHackathonEvent = () =>
  useHackathonChange((id: number) => call(routes.deleteHackathonEvent, { params: { id } }));
export const useCreateTeam = () =>
  useHackathonChange((body: { event_id: number; member_user_ids: number[]; name: string | null }) =>
    call(routes.createTeam, { body }),
  );
/** Sets a team's XP; once the results are published, with the reason the server requires. */
export const useSetTeamXp = () =>
  useHackathonChange(({ id, xp, reason }: { id: number; xp: number | null; reason?: string }) =>
    call(routes.updateTeam, { params: { id }, body: { hackathon_xp: xp, ...(reason ? { reason } : {}) } }),
  );

/** An event's results as the server computes them (spec §14, decision 0175). */
export function useHackathonResults(eventId: number) {
  return useQuery({
    queryKey: [...hackathonAdminKeys.all, 'results', eventId],
    queryFn: () => call(routes.hackathonResults, { params: { id: eventId } }),
  });
}
/** Publishes the results: every team's XP, the members' emails; the whole page refreshes. */
export const usePublishResults = () =>
  useHackathonChange((eventId: number) => call(routes.publishHackathonResults, { params: { id: eventId } }));
/** Seats a registrant in a team, out of their other team of the event (issue 32): answers the team they left. */
export const useSeatMember = () =>
  useHackathonChange(({ teamId, userId }: { teamId: number; userId: number }) =>
    call(routes.seatTeamMember, { params: { id: teamId, user_id: userId } }),
  );
/** Takes a member out of a team: they wait for a team again. */
export const useUnseatMember = () =>
  useHackathonChange(({ teamId, userId }: { teamId: number; userId: number }) =>
    call(routes.unseatTeamMember, { params: { id: teamId, user_id: userId } }),
  );
export const useDeleteTeam = () => useHackathonChange((id: number) => call(routes.deleteTeam, { params: { id } }));
/** Auto-assign; `checkedInOnly` seats the people checked in at the door only (spec §14). */
export const useAssignTeams = () =>
  useHackathonChange(({ eventId, checkedInOnly }: { eventId: number; checkedInOnly: boolean }) =>
    call(routes.assignTeams, { body: { event_id: eventId, checked_in_only: checkedInOnly } }),
  );

/** The hackathon's events alone, for pages that choose one (the audience of a message). */
export function useHackathonEvents() {
  return useQuery({ queryKey: [...hackathonAdminKeys.all, 'events'], queryFn: () => call(routes.hackathonEvents) });
}

/** An event's judges (spec §14): named by an admin from the admins and the club's members. */
export function useEventJudges(eventId: number) {
  return useQuery({
    queryKey: [...hackathonAdminKeys.all, 'judges', eventId],
    queryFn: () => call(routes.hackathonJudges, { params: { id: eventId } }),
  });
}
/** Names the event's judges: the whole list, replaced. */
export const useSetEventJudges = () =>
  useHackathonChange(({ eventId, userIds }: { eventId: number; userIds: number[] }) =>
    call(routes.setHackathonJudges, { params: { id: eventId }, body: { user_ids: userIds } }),
  );
/** The people whose login, name or email hold `q`: those who may judge are picked from them. */
export function usePeopleMatching(q: string) {
  return useQuery({
    queryKey: [...hackathonAdminKeys.all, 'people', q],
    queryFn: () => call(routes.members, { query: { q, limit: 20, sort: 'login' } }),
    enabled: q.length > 0,
  });
}

/** An event's criteria, whether they are the default ones and whether a score locks them. */
export function useEventRubric(eventId: number) {
  return useQuery({
    queryKey: [...hackathonAdminKeys.all, 'rubric', eventId],
    queryFn: () => call(routes.hackathonRubric, { params: { id: eventId } }),
  });
}
export const useSetEventRubric = () =>
  useHackathonChange(({ eventId, criteria }: { eventId: number; criteria: Criterion[] }) =>
    call(routes.setHackathonRubric, { params: { id: eventId }, body: { criteria } }),
  );
