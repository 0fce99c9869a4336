import { z } from 'zod';
import { isoTimestamp } from './common';
import { roundFilterSchema } from './rounds';

/** Weeks of the applications chart, and the window of the turnaround medians. */
export const OVERVIEW_WEEKS = 12;

const count = z.number().int().min(0);

/**
 * Where the applicants stand, by the journey step of docs/product/applications.md#the-applicant-journey-step:
 * `applied` counts every application, `approved` those at steps 1-4, then one count per step;
 * `declined` is step -1, `withdrawn` step -2 (taken back by the candidate, decision 0145).
 */
export const funnelSchema = z.object({
  applied: count,
  approved: count,
  in_challenges: count,
  hackathon: count,
  awaiting_decision: count,
  members: count,
  declined: count,
  withdrawn: count,
});
export type Funnel = z.infer<typeof funnelSchema>;

/** A median duration in seconds over `count` samples; null when there is none. */
export const turnaroundSchema = z.object({
  median_seconds: z.number().min(0).nullable(),
  count,
});
export type Turnaround = z.infer<typeof turnaroundSchema>;

/** How many open requests for more time the Overview lists. */
export const OVERVIEW_DEADLINE_REQUESTS = 10;

/**
 * GET /admin/overview?round_id=: the figures about applications (the funnel, the weekly chart,
 * the review turnaround, the applications to review, the requests for more time) count that
 * round's applications only; the other queues are the club's (decision 0121).
 */
export const overviewQuerySchema = roundFilterSchema;

export const overviewSchema = z.object({
  generated_at: isoTimestamp,
  funnel: funnelSchema,
  /** Applications sent per week (weeks start on Monday, UTC), oldest first, the current week last. */
  applications_per_week: z.array(z.object({ week_start: z.iso.date(), count })).length(OVERVIEW_WEEKS),
  /** Application sent → reviewed, over the applications reviewed since the first week of the chart. */
  review_turnaround: turnaroundSchema,
  /** Challenge submitted → validated, over the challenges validated since the first week of the chart. */
  validation_turnaround: turnaroundSchema,
  pending: z.object({
    applications: count,
    submissions: count,
    /** Registrations without a team, for events that have not ended. */
    hackathon_registrations: count,
    projects: count,
    /** Candidates' requests for more time the board has not answered. */
    deadline_requests: count,
  }),
  /** The oldest open requests for more time (at most OVERVIEW_DEADLINE_REQUESTS), oldest first. */
  deadline_requests: z.array(
    z.object({ user_id: z.number().int(), login: z.string(), reason: z.string(), requested_at: isoTimestamp }),
  ),
});
export type Overview = z.infer<typeof overviewSchema>;
