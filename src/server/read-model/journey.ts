import { sql, type RawBuilder } from 'kysely';
import type { Executor } from '../db/database';
import type { ApplicationStatus, Role } from '../db/schema';
import { isLatestApplication } from './latest-application';

export type JourneyStep = -2 | -1 | 0 | 1 | 2 | 3 | 4;

/** Where a user stands on the journey, as the board sees it: the step, XP and challenge counts. */
export type JourneySummary = {
  step: JourneyStep | null;
  experience_points: number;
  challenges_validated: number;
  challenges_total: number;
};

/**
 * The applicant's step (docs/product/applications.md#the-applicant-journey-step), computed on the server from what
 * the database holds, with the XP and the challenges it rests on, in one query:
 * -2 withdrawn by the candidate, -1 declined, 0 pending, 1 challenges, 2 hackathon, 3 board
 * approval, 4 member.
 * The step is null when the user has not applied; the whole answer null when there is no such user.
 * The step is the latest application's (one per round, decision 0121): validated challenges stay
 * validated, but a hackathon counts only if it ended after the user's earlier applications were
 * decided (one before belongs to an earlier journey).
 */
export async function journeySummary(db: Executor, userId: number, now: Date): Promise<JourneySummary | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('applications', (join) => join.onRef('applications.user_id', '=', 'users.id').on(isLatestApplication))
    .select((eb) => [
      'users.role',
      'users.experience_points',
      'applications.status',
      eb
        .selectFrom('user_challenges')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('user_challenges.user_id', '=', 'users.id')
        .as('challenges'),
      eb
        .selectFrom('user_challenges')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('user_challenges.user_id', '=', 'users.id')
        .where('user_challenges.status', '=', 'validated')
        .as('validated'),
      eb
        .exists(
          eb
            .selectFrom('team_members')
            .innerJoin('hackathon_events', 'hackathon_events.id', 'team_members.event_id')
            .select('team_members.user_id')
            .whereRef('team_members.user_id', '=', 'users.id')
            .where('hackathon_events.end_at', '<=', now.toISOString())
            .where((inner) =>
              inner.not(
                inner.exists(
                  inner
                    .selectFrom('applications as earlier')
                    .select('earlier.id')
                    .whereRef('earlier.user_id', '=', 'users.id')
                    .whereRef('earlier.id', '<', 'applications.id')
                    .whereRef('earlier.reviewed_at', '>=', 'hackathon_events.end_at'),
                ),
              ),
            ),
        )
        .as('hackathon_over'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();

  if (!row) return null;
  const counts = { challenges: Number(row.challenges ?? 0), validated: Number(row.validated ?? 0) };
  return {
    step: row.status
      ? stepOf({ status: row.status, role: row.role, ...counts, hackathonOver: Boolean(row.hackathon_over) })
      : null,
    experience_points: row.experience_points,
    challenges_validated: counts.validated,
    challenges_total: counts.challenges,
  };
}

/** The applicant's step alone (see journeySummary); null when the user has not applied. */
export async function journeyStep(db: Executor, userId: number, now: Date): Promise<JourneyStep | null> {
  return (await journeySummary(db, userId, now))?.step ?? null;
}

export function stepOf(facts: {
  status: ApplicationStatus;
  role: Role;
  challenges: number;
  validated: number;
  hackathonOver: boolean;
}): JourneyStep {
  if (facts.status === 'withdrawn') return -2;
  if (facts.status === 'declined') return -1;
  if (facts.status === 'pending') return 0;
  if (facts.role === 'member' || facts.role === 'board') return 4;
  if (facts.hackathonOver) return 3;
  if (facts.challenges > 0 && facts.validated === facts.challenges) return 2;
  return 1;
}

/*
 * The same rule for lists of users (decision 0164): the step each applicant stands at is kept in
 * `journey_steps` by the database (migration 0047), without time; 1 or 2 with a hackathon that has
 * ended by `now` reads as 3. A list filters and counts on a step through that table's index.
 * journey-steps.test.ts holds the stored steps to journeyStepsQuery after every kind of change.
 */

/** True for a row of `journey_steps` whose user stands at `step` at `now`. */
function storedStepIs(step: JourneyStep, now: Date): RawBuilder<boolean> {
  const at = now.toISOString();
  if (step === 3) return sql<boolean>`journey_steps.step in (1, 2) and journey_steps.hackathon_end <= ${at}`;
  if (step === 1 || step === 2) {
    return sql<boolean>`journey_steps.step = ${step} and (journey_steps.hackathon_end is null or journey_steps.hackathon_end > ${at})`;
  }
  return sql<boolean>`journey_steps.step = ${step}`;
}

/** The step of a row of `journey_steps` at `now`. */
const storedStep = (now: Date) =>
  sql<number>`case when journey_steps.step in (1, 2) and journey_steps.hackathon_end <= ${now.toISOString()} then 3 else journey_steps.step end`;

/** The ids of the users at `step` (by their latest application), as a subquery for a list. */
export const usersAtStep = (db: Executor, step: JourneyStep, now: Date) =>
  db.selectFrom('journey_steps').where(storedStepIs(step, now)).select('journey_steps.user_id');
/** The same, as the ids of those latest applications. */
export const latestApplicationsAtStep = (db: Executor, step: JourneyStep, now: Date) =>
  db.selectFrom('journey_steps').where(storedStepIs(step, now)).select('journey_steps.application_id');

/** The step of each of `userIds` who applied, with their latest application (a user who never did is absent). */
export async function journeyStepsOf(
  db: Executor,
  userIds: number[],
  now: Date,
): Promise<Map<number, { step: JourneyStep; applicationId: number }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('journey_steps')
    .select(['journey_steps.user_id', 'journey_steps.application_id', storedStep(now).as('step')])
    .where('journey_steps.user_id', 'in', userIds)
    .execute();
  return new Map(
    rows.map((row) => [row.user_id, { step: Number(row.step) as JourneyStep, applicationId: row.application_id }]),
  );
}

export type StepCounts = Record<JourneyStep, number>;

/**
 * Every applicant's step, as a query to join or filter on (user_id, application_id, step): the
 * step of each user's latest application, or with `roundId` of each application of that round,
 * or with `applicationIds` of each of those (an earlier one of its user is declined, so -1). The CASE is `stepOf` written in SQL, its tests
 * in the same order, so that the overview's counts, the board's audiences and the step each
 * applicant sees never disagree. Everything is a join of pre-aggregated tables and an anti-join
 * (no correlated subquery in the select list): PostgreSQL then plans it cheaply and does not
 * JIT-compile it.
 */
export function journeyStepsQuery(
  db: Executor,
  now: Date,
  { roundId, applicationIds }: { roundId?: number; applicationIds?: number[] } = {},
) {
  const progress = db
    .selectFrom('user_challenges')
    .select((eb) => [
      'user_challenges.user_id',
      eb.fn.countAll<number>().as('total'),
      eb.fn
        .sum<number>(eb.case().when('user_challenges.status', '=', 'validated').then(eb.lit(1)).else(eb.lit(0)).end())
        .as('validated'),
    ])
    .groupBy('user_challenges.user_id');
  // The last hackathon each user sat in that has ended, and when their earlier applications were
  // decided: a hackathon that ended before belongs to an earlier journey.
  const earlier = db
    .selectFrom('applications')
    .select((eb) => ['applications.user_id', eb.fn.max('applications.reviewed_at').as('decided_at')])
    .where((eb) => eb.not(isLatestApplication))
    .groupBy('applications.user_id');
  const hackathonOver = db
    .selectFrom('team_members')
    .innerJoin('hackathon_events', 'hackathon_events.id', 'team_members.event_id')
    .select((eb) => ['team_members.user_id', eb.fn.max('hackathon_events.end_at').as('last_end')])
    .where('hackathon_events.end_at', '<=', now.toISOString())
    .groupBy('team_members.user_id');

  return db
    .selectFrom('applications')
    .innerJoin('users', 'users.id', 'applications.user_id')
    .leftJoin(progress.as('progress'), 'progress.user_id', 'applications.user_id')
    .leftJoin(hackathonOver.as('hackathon_over'), 'hackathon_over.user_id', 'applications.user_id')
    .leftJoin(earlier.as('earlier'), 'earlier.user_id', 'applications.user_id')
    .where((eb) =>
      applicationIds !== undefined
        ? eb('applications.id', 'in', applicationIds)
        : roundId !== undefined
          ? eb('applications.round_id', '=', roundId)
          : isLatestApplication,
    )
    .select((eb) => [
      'applications.user_id',
      'applications.id as application_id',
      eb
        .case()
        .when('applications.status', '=', 'withdrawn')
        .then(eb.lit(-2))
        .when('applications.status', '=', 'declined')
        .then(eb.lit(-1))
        .when('applications.status', '=', 'pending')
        .then(eb.lit(0))
        .when('users.role', 'in', ['member', 'board'])
        .then(eb.lit(4))
        .when(
          eb.and([
            eb('hackathon_over.last_end', 'is not', null),
            eb.or([
              eb('earlier.decided_at', 'is', null),
              eb('hackathon_over.last_end', '>', eb.ref('earlier.decided_at')),
            ]),
          ]),
        )
        .then(eb.lit(3))
        .when(eb.and([eb('progress.total', '>', 0), eb('progress.validated', '=', eb.ref('progress.total'))]))
        .then(eb.lit(2))
        .else(eb.lit(1))
        .end()
        .as('step'),
    ]);
}

/**
 * Each of these applications at its step (an earlier one of a user who applied again is declined,
 * so -1), with its candidate's XP: what the applications CSV carries for the board to sort by.
 */
export async function stepsOfApplications(
  db: Executor,
  applicationIds: number[],
  now: Date,
): Promise<Map<number, { step: JourneyStep; experience_points: number }>> {
  if (applicationIds.length === 0) return new Map();
  const rows = await db
    .selectFrom(journeyStepsQuery(db, now, { applicationIds }).as('steps'))
    .innerJoin('users', 'users.id', 'steps.user_id')
    .select(['steps.application_id', 'steps.step', 'users.experience_points'])
    .execute();
  return new Map(
    rows.map((row) => [
      row.application_id,
      { step: Number(row.step) as JourneyStep, experience_points: row.experience_points },
    ]),
  );
}

/** How many applicants (of the round, with `roundId`) stand at each step, in one aggregate query whatever their number. */
export async function countByJourneyStep(
  db: Executor,
  now: Date,
  round: { roundId?: number } = {},
): Promise<StepCounts> {
  const steps = journeyStepsQuery(db, now, round);
  const rows = await db
    .selectFrom(steps.as('steps'))
    .select((eb) => ['steps.step', eb.fn.countAll<number>().as('n')])
    .groupBy('steps.step')
    .execute();
  const counts: StepCounts = { [-2]: 0, [-1]: 0, 0: 0, 1: 0, 2: 0, 3: 0, 4: 0 };
  for (const row of rows) counts[Number(row.step) as JourneyStep] = Number(row.n);
  return counts;
}
