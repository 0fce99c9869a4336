import { useQuery } from '@tanstack/react-query';
import type { MyChallenges, UserChallenge } from '../../../contract/challenges';
import { routes } from '../../../contract/routes';
import { call } from '../../lib/api-client';
import { answerOn, useRefreshingMutation } from '../../lib/queries';
import { myApplicationKeys, sessionKeys } from '../../lib/query-keys';

export const myChallengeKeys = { all: ['challenges', 'me'] as const };
const EMPTY: MyChallenges = {
  data: [],
  total: 0,
  completed_count: 0,
  deadline_at: null,
  deadline_passed: false,
  days_remaining: 0,
  deadline_extended: false,
  deadline_request: null,
};

/** The candidate's challenges; a 403 (not approved) is an empty list, as docs/product/api.md#api-calls says. */
export function useMyChallenges() {
  return useQuery({
    queryKey: myChallengeKeys.all,
    queryFn: () => call(routes.myChallenges).catch(answerOn(403, EMPTY)),
  });
}

/** Start, submit an exercise link, or submit for review: each refreshes the list, the step and the XP. */
const useChallengeAction = <T>(request: (input: T) => Promise<UserChallenge>) =>
  useRefreshingMutation(request, [myChallengeKeys.all, myApplicationKeys.all, sessionKeys.all]);

export const useStartChallenge = () =>
  useChallengeAction((id: number) => call(routes.startChallenge, { params: { id } }));
export const useSubmitChallenge = () =>
  useChallengeAction((id: number) => call(routes.submitChallenge, { params: { id } }));
export const useSubmitExercise = () =>
  useChallengeAction(({ id, n, link }: { id: number; n: number; link: string }) =>
    call(routes.submitExercise, { params: { id, n }, body: { tinkercad_link: link } }),
  );

/** Asks the board for more time, once, past the deadline (docs/product/communication.md#deadline-extensions). */
export const useRequestMoreTime = () =>
  useRefreshingMutation((reason: string) => call(routes.requestMoreTime, { body: { reason } }), [myChallengeKeys.all]);
