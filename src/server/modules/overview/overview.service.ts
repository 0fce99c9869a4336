import { OVERVIEW_DEADLINE_REQUESTS, OVERVIEW_WEEKS, type Overview } from '../../../contract/overview';
import type { Deps } from '../../deps';
import { countByJourneyStep } from '../../read-model/journey';
import {
  countApplicationsBetween,
  medianReviewTurnaround,
  medianValidationTurnaround,
  oldestDeadlineRequests,
  pendingWork,
} from './overview.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStart(at: Date): Date {
  const day = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  const sinceMonday = (day.getUTCDay() + 6) % 7;
  return new Date(day.getTime() - sinceMonday * DAY_MS);
}

/** The starts of the last `weeks` weeks, oldest first, and the start of the next week after them. */
export function weekBoundaries(now: Date, weeks = OVERVIEW_WEEKS): Date[] {
  const current = weekStart(now).getTime();
  return Array.from({ length: weeks + 1 }, (_, i) => new Date(current - (weeks - 1 - i) * 7 * DAY_MS));
}

/** The board's overview: every figure is an aggregate query, so its cost does not grow with a loop over users. */
export function createOverviewService({ db, engine, clock }: Deps) {
  return {
    /** With `round_id`, the figures about applications are that round's (decision 0121). */
    async overview({ round_id: roundId }: { round_id?: number } = {}): Promise<Overview> {
      const now = clock.now();
      const boundaries = weekBoundaries(now).map((date) => date.toISOString());
      const since = boundaries[0]!;
      const round = { roundId };
      const [steps, weekly, review, validation, pending, deadlineRequests] = await Promise.all([
        countByJourneyStep(db, now, round),
        countApplicationsBetween(db, boundaries, round),
        medianReviewTurnaround(db, engine, since, round),
        medianValidationTurnaround(db, engine, since),
        pendingWork(db, now.toISOString(), round),
        oldestDeadlineRequests(db, OVERVIEW_DEADLINE_REQUESTS, round),
      ]);
      return {
        generated_at: now.toISOString(),
        funnel: {
          applied: steps[-2] + steps[-1] + steps[0] + steps[1] + steps[2] + steps[3] + steps[4],
          approved: steps[1] + steps[2] + steps[3] + steps[4],
          in_challenges: steps[1],
          hackathon: steps[2],
          awaiting_decision: steps[3],
          members: steps[4],
          declined: steps[-1],
          withdrawn: steps[-2],
        },
        applications_per_week: weekly.map((count, i) => ({ week_start: boundaries[i]!.slice(0, 10), count })),
        review_turnaround: review,
        validation_turnaround: validation,
        pending,
        deadline_requests: deadlineRequests,
      };
    },
  };
}
