import { useQuery } from '@tanstack/react-query';
import type { TeamProjectBody } from '../../../contract/hackathon';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { useRefreshingMutation } from '../../lib/queries';

export const hackathonKeys = {
  all: ['hackathon'] as const,
  mine: ['hackathon', 'me'] as const,
  openEvents: ['hackathon', 'events', 'public'] as const,
};

export function useMyHackathon() {
  return useQuery({ queryKey: hackathonKeys.mine, queryFn: () => call(routes.myHackathon) });
}

export function useOpenHackathonEvents() {
  return useQuery({ queryKey: hackathonKeys.openEvents, queryFn: () => call(routes.openHackathonEvents) });
}

/** Registering and unregistering both refresh the candidate's status and the events' seats. */
const useRegistration = (request: (eventId: number) => Promise<unknown>) =>
  useRefreshingMutation(request, [hackathonKeys.all]);

export const useRegister = () =>
  useRegistration((eventId) => call(routes.registerForHackathon, { body: { event_id: eventId } }));
export const useUnregister = () =>
  useRegistration((eventId) => call(routes.unregisterFromHackathon, { query: { event_id: eventId } }));

/** Writing the team's project refreshes the candidate's hackathon, which carries it. */
export const useSaveTeamProject = (teamId: number) =>
  useRefreshingMutation(
    (body: TeamProjectBody) => call(routes.saveTeamProject, { params: { id: teamId }, body }),
    [hackathonKeys.mine],
  );

/** The team's published results (spec §14), shown by the tracker's step 2 and, while the board decides, step 3. */
export { TeamResults } from './team-results';
export { ProjectContent } from './team-project';
