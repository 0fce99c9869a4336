import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';

export const judgingKeys = { events: ['judging', 'events'] as const };

/** The events the signed-in user judges (every event for an admin), with their check-in counts. */
export function useJudgingEvents() {
  return useQuery({ queryKey: judgingKeys.events, queryFn: () => call(routes.judgingEvents) });
}

/** A change at the door: the counts are read again after it. */
function useDoorChange<T, R>(request: (input: T) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => client.invalidateQueries({ queryKey: judgingKeys.events }),
  });
}

export const useCheckIn = () =>
  useDoorChange(({ eventId, code }: { eventId: number; code: string }) =>
    call(routes.checkIn, { params: { id: eventId }, body: { code } }),
  );
export const useUndoCheckIn = () =>
  useDoorChange(({ eventId, registrationId }: { eventId: number; registrationId: number }) =>
    call(routes.undoCheckIn, { params: { id: eventId, registration_id: registrationId } }),
  );

/** An event's teams, projects and this judge's scores (the other judges' once this judge has scored every team). */
export function useJudging(eventId: number) {
  return useQuery({
    queryKey: ['judging', 'event', eventId],
    queryFn: () => call(routes.hackathonJudging, { params: { id: eventId } }),
    enabled: eventId > 0,
  });
}

/** A judge's score of a team; the judging is read again after it (progress, other judges' scores). */
export function useScoreTeam(eventId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      teamId,
      scores,
      comment,
    }: {
      teamId: number;
      scores: Record<string, number>;
      comment: string | null;
    }) => call(routes.scoreHackathonTeam, { params: { id: teamId }, body: { scores, comment } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['judging', 'event', eventId] }),
  });
}
