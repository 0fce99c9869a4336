import { sql, type RawBuilder } from 'kysely';
import type { Db, Engine } from '../../db/database';

/** The Overview's figures about applications count one round's only when it names one (decision 0121). */
export type RoundFilter = { roundId?: number };
const inRound = ({ roundId }: RoundFilter) =>
  roundId === undefined ? sql<boolean>`true` : sql<boolean>`${sql.ref('applications.round_id')} = ${roundId}`;

/**
 * Applications created in each [boundaries[i], boundaries[i + 1]) interval: one count per
 * interval, each a range of the `applications (created_at)` index, in one round trip.
 */
export async function countApplicationsBetween(
  db: Db,
  boundaries: string[],
  round: RoundFilter = {},
): Promise<number[]> {
  const intervals = boundaries.slice(0, -1).map((from, i) => [from, boundaries[i + 1]!] as const);
  if (intervals.length === 0) return [];
  const row = await db
    .selectNoFrom((eb) =>
      intervals.map(([from, to], i) =>
        eb
          .selectFrom('applications')
          .select((inner) => inner.fn.countAll<number>().as('n'))
          .where('created_at', '>=', from)
          .where('created_at', '<', to)
          .where(inRound(round))
          .as(`w${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const counts = row as Record<string, unknown>;
  return intervals.map((_, i) => Number(counts[`w${i}`] ?? 0));
}

/** Seconds from one timestamp column to another, on either engine. */
function secondsBetween(engine: Engine, from: string, to: string): RawBuilder<number> {
  return engine === 'sqlite'
    ? sql<number>`(julianday(${sql.ref(to)}) - julianday(${sql.ref(from)})) * 86400.0`
    : sql<number>`extract(epoch from (${sql.ref(to)} - ${sql.ref(from)}))`;
}

type Turnaround = { median_seconds: number | null; count: number };

/**
 * The median of `to - from` over the rows whose `to` is at or after `since` (the mean of the two
 * middle values for an even count), in one query: PostgreSQL's `percentile_cont`, and on SQLite,
 * which has none, the middle row(s) picked by window functions.
 */
async function medianDuration(
  db: Db,
  engine: Engine,
  source: 'applications' | 'user_challenges',
  from: 'created_at' | 'submitted_at',
  to: 'reviewed_at' | 'validated_at',
  since: string,
  round: RoundFilter = {},
): Promise<Turnaround> {
  const seconds = secondsBetween(engine, from, to);
  const rows = db
    .selectFrom(source)
    .where(to, '>=', since)
    .$if(source === 'user_challenges', (query) => query.where('status', '=', 'validated'))
    .$if(source === 'applications', (query) => query.where(inRound(round)));

  let median: unknown;
  let total: unknown;
  if (engine === 'postgres') {
    ({ median, total } = await rows
      .select((eb) => [
        sql<number | null>`percentile_cont(0.5) within group (order by ${seconds})`.as('median'),
        eb.fn.countAll<number>().as('total'),
      ])
      .executeTakeFirstOrThrow());
  } else {
    // The seconds first, so that each row computes them once.
    const durations = rows.select(seconds.as('seconds'));
    const ranked = db.selectFrom(durations.as('durations')).select((eb) => [
      'durations.seconds',
      eb.fn
        .agg<number>('row_number')
        .over((over) => over.orderBy('durations.seconds'))
        .as('position'),
      eb.fn.countAll<number>().over().as('total'),
    ]);
    const row = await db
      .selectFrom(ranked.as('ranked'))
      .select((eb) => [eb.fn.avg<number>('ranked.seconds').as('median'), eb.fn.max('ranked.total').as('total')])
      // Integer division: the middle position twice for an odd count, the two middle ones for an even count.
      .where((eb) =>
        eb.or([
          eb('ranked.position', '=', sql<number>`(ranked.total + 1) / 2`),
          eb('ranked.position', '=', sql<number>`(ranked.total + 2) / 2`),
        ]),
      )
      .executeTakeFirst();
    ({ median, total } = row ?? {});
  }
  return {
    median_seconds: median === null || median === undefined ? null : Math.max(0, Math.round(Number(median))),
    count: Number(total ?? 0),
  };
}

/** Application sent → reviewed, over the reviews made since `since`. */
export const medianReviewTurnaround = (db: Db, engine: Engine, since: string, round: RoundFilter = {}) =>
  medianDuration(db, engine, 'applications', 'created_at', 'reviewed_at', since, round);

/** Challenge submitted → validated, over the validations made since `since` (declines carry no date). */
export const medianValidationTurnaround = (db: Db, engine: Engine, since: string) =>
  medianDuration(db, engine, 'user_challenges', 'submitted_at', 'validated_at', since);

/** What waits for the board: one count per queue, each through an index on its status; the applications of the round. */
export async function pendingWork(db: Db, now: string, round: RoundFilter = {}) {
  const [applications, submissions, registrations, projects, deadlineRequests] = await Promise.all([
    db
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .where(inRound(round))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user_challenges')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending_validation')
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('hackathon_registrations')
      .innerJoin('hackathon_events', 'hackathon_events.id', 'hackathon_registrations.event_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('hackathon_registrations.status', '=', 'pending')
      .where('hackathon_events.end_at', '>', now)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('projects')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow(),
    openDeadlineRequests(db, round)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    applications: Number(applications.n),
    submissions: Number(submissions.n),
    hackathon_registrations: Number(registrations.n),
    projects: Number(projects.n),
    deadline_requests: Number(deadlineRequests.n),
  };
}

/** Requests for more time the board has not answered (docs/product/communication.md#deadline-extensions). */
const openDeadlineRequests = (db: Db, round: RoundFilter) =>
  db
    .selectFrom('applications')
    .where('deadline_requested_at', 'is not', null)
    .where('deadline_request_answered_at', 'is', null)
    .where('status', '=', 'approved')
    .where(inRound(round));

/** The oldest open requests for more time, with who sent them. */
export async function oldestDeadlineRequests(db: Db, limit: number, round: RoundFilter = {}) {
  return openDeadlineRequests(db, round)
    .innerJoin('users', 'users.id', 'applications.user_id')
    .select([
      'users.id as user_id',
      'users.intra_login as login',
      'applications.deadline_request as reason',
      'applications.deadline_requested_at as requested_at',
    ])
    .orderBy('applications.deadline_requested_at')
    .orderBy('applications.id')
    .limit(limit)
    .$narrowType<{ reason: string; requested_at: string }>()
    .execute();
}
