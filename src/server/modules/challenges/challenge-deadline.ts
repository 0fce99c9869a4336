import type { ChallengeDeadline } from '../../../contract/challenges';
import type { Executor } from '../../db/database';
import type { DeadlineFields } from './challenges.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * A candidate's challenge deadline (docs/product/communication.md#deadline-extensions): the board's date when it
 * set one, else the review date + `days` (the challenge_deadline_days setting).
 */
export function deadlineOf(application: DeadlineFields, days: number, now: Date): ChallengeDeadline {
  const request = application.deadline_requested_at
    ? {
        reason: application.deadline_request!,
        requested_at: application.deadline_requested_at,
        answered_at: application.deadline_request_answered_at,
      }
    : null;
  const base = { deadline_extended: application.challenge_deadline_at !== null, deadline_request: request };
  const deadline = application.challenge_deadline_at
    ? Date.parse(application.challenge_deadline_at)
    : application.reviewed_at
      ? Date.parse(application.reviewed_at) + days * DAY_MS
      : null;
  if (deadline === null) return { ...base, deadline_at: null, deadline_passed: false, days_remaining: 0 };
  const passed = now.getTime() > deadline;
  return {
    ...base,
    deadline_at: new Date(deadline).toISOString(),
    deadline_passed: passed,
    days_remaining: passed ? 0 : Math.ceil((deadline - now.getTime()) / DAY_MS),
  };
}

/**
 * The users whose approved application's deadline has passed (`past`), or has not, at `now`: the
 * same rule as deadlineOf, as a subquery for lists and audiences.
 */
export function approvedUsersByDeadline(db: Executor, { now, days, past }: { now: Date; days: number; past: boolean }) {
  const cutoff = new Date(now.getTime() - days * DAY_MS).toISOString();
  const at = now.toISOString();
  return db
    .selectFrom('applications')
    .select('applications.user_id')
    .where('applications.status', '=', 'approved')
    .where((eb) =>
      eb.or([
        eb.and([
          eb('applications.challenge_deadline_at', 'is', null),
          eb('applications.reviewed_at', past ? '<' : '>=', cutoff),
        ]),
        eb('applications.challenge_deadline_at', past ? '<' : '>=', at),
      ]),
    );
}
