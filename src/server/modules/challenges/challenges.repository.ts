import { sql, type Insertable, type UpdateObject, type Updateable } from 'kysely';
import type { ExerciseNumber, UserChallengeStatus } from '../../../contract/challenges';
import { XP_PER_EXERCISE } from '../../../contract/constants';
import type { Engine, Executor } from '../../db/database';
import type { ChallengeRow, ChallengesTable, DB, UserChallengeRow } from '../../db/schema';
import { journeyStepsQuery } from '../../read-model/journey';
import { usersMatching } from '../users';

export type UserRef = { id: number; intra_login: string; image_url: string | null };

// ---------------------------------------------------------------------------------------------
// Catalog

export async function listChallenges(
  db: Executor,
  options: { activeOnly: boolean; limit: number; offset: number },
): Promise<{ rows: ChallengeRow[]; total: number }> {
  let query = db.selectFrom('challenges');
  if (options.activeOnly) query = query.where('is_active', '=', true);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy('id').limit(options.limit).offset(options.offset).execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** How many challenges of the catalog are active. */
export async function countActiveChallenges(db: Executor): Promise<number> {
  const { n } = await db
    .selectFrom('challenges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('is_active', '=', true)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function findChallenge(db: Executor, id: number): Promise<ChallengeRow | undefined> {
  return db.selectFrom('challenges').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function findChallenges(db: Executor, ids: number[]): Promise<Map<number, ChallengeRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('challenges').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function insertChallenge(db: Executor, values: Insertable<ChallengesTable>): Promise<ChallengeRow> {
  return db.insertInto('challenges').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function updateChallenge(
  db: Executor,
  id: number,
  values: Updateable<ChallengesTable>,
): Promise<ChallengeRow | undefined> {
  return db.updateTable('challenges').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

export async function deleteChallenge(db: Executor, id: number): Promise<number> {
  const result = await db.deleteFrom('challenges').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** How many candidates hold the challenge (their user challenges reference it). */
export async function countHolders(db: Executor, challengeId: number): Promise<number> {
  const row = await db
    .selectFrom('user_challenges')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('challenge_id', '=', challengeId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------
// Candidates

/** A challenge newly assigned to a user: pending, nothing begun. */
const newUserChallenge = (userId: number, challengeId: number, at: string) => ({
  user_id: userId,
  challenge_id: challengeId,
  exercise_1_tinkercad_link: null,
  exercise_2_tinkercad_link: null,
  exercise_3_tinkercad_link: null,
  exercise_4_tinkercad_link: null,
  awarded_xp: null,
  feedback: null,
  validation_notes: null,
  started_at: null,
  submitted_at: null,
  validated_at: null,
  created_at: at,
  updated_at: at,
});

/**
 * Holds these applications' rows to the end of the transaction on PostgreSQL, in id order (SQLite
 * writes one transaction at a time): two assignments of challenges to the same candidates then
 * take turns, the second counting what the first assigned.
 */
export async function lockApplications(db: Executor, ids: number[], engine: Engine): Promise<void> {
  if (engine !== 'postgres' || ids.length === 0) return;
  await db.selectFrom('applications').select('id').where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

/** Assigns every active challenge (catalog order, at most `limit`) to the user, status pending. */
export async function assignActiveChallenges(db: Executor, userId: number, limit: number, at: string): Promise<number> {
  const challenges = await db
    .selectFrom('challenges')
    .select('id')
    .where('is_active', '=', true)
    .orderBy('id')
    .limit(limit)
    .execute();
  if (challenges.length === 0) return 0;
  await db
    .insertInto('user_challenges')
    .values(challenges.map((challenge) => newUserChallenge(userId, challenge.id, at)))
    .onConflict((conflict) => conflict.columns(['user_id', 'challenge_id']).doNothing())
    .execute();
  return challenges.length;
}

/**
 * The active challenges the user does not hold (of `only`, when given), in catalog order, as many
 * as would bring them to `required`: what the board's Assign gives them, and with `only` what
 * activating that challenge gives them (decision 0145).
 */
export async function missingChallenges(
  db: Executor,
  userId: number,
  required: number,
  only?: number,
): Promise<number[]> {
  const { held } = await db
    .selectFrom('user_challenges')
    .select((eb) => eb.fn.countAll<number>().as('held'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  const room = required - Number(held);
  if (room <= 0) return [];
  const rows = await db
    .selectFrom('challenges')
    .select('id')
    .where('is_active', '=', true)
    .$if(only !== undefined, (query) => query.where('id', '=', only!))
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('user_challenges')
            .select('user_challenges.id')
            .whereRef('user_challenges.challenge_id', '=', 'challenges.id')
            .where('user_challenges.user_id', '=', userId),
        ),
      ),
    )
    .orderBy('id')
    .limit(room)
    .execute();
  return rows.map((row) => row.id);
}

/** Assigns these challenges to the user, status pending (one each: the unique key keeps a second out). */
export async function assignChallenges(db: Executor, userId: number, challengeIds: number[], at: string) {
  if (challengeIds.length === 0) return;
  await db
    .insertInto('user_challenges')
    .values(challengeIds.map((challengeId) => newUserChallenge(userId, challengeId, at)))
    .onConflict((conflict) => conflict.columns(['user_id', 'challenge_id']).doNothing())
    .execute();
}

/**
 * The approved candidates at step 1 (the latest application approved, some challenge not
 * validated or none assigned) who hold fewer than `required` challenges, all or those of
 * `userIds`, with their application's id.
 */
export async function candidatesShortOfChallenges(
  db: Executor,
  now: Date,
  required: number,
  userIds?: number[],
): Promise<{ user_id: number; application_id: number }[]> {
  if (userIds?.length === 0) return [];
  const held = db
    .selectFrom('user_challenges')
    .select((eb) => ['user_challenges.user_id', eb.fn.countAll<number>().as('n')])
    .groupBy('user_challenges.user_id');
  return db
    .selectFrom(journeyStepsQuery(db, now).as('steps'))
    .leftJoin(held.as('held'), 'held.user_id', 'steps.user_id')
    .select(['steps.user_id', 'steps.application_id'])
    .where('steps.step', '=', 1)
    .where((eb) => eb(eb.fn.coalesce('held.n', eb.lit(0)), '<', required))
    .$if(userIds !== undefined, (query) => query.where('steps.user_id', 'in', userIds!))
    .orderBy('steps.user_id')
    .execute();
}

/**
 * Takes back the challenges assigned to a user at `at` (an approval being undone), unless the
 * candidate has begun one. Answers false, removing nothing, when one was begun.
 */
export async function withdrawAssignedChallenges(db: Executor, userId: number, at: string): Promise<boolean> {
  const assigned = db.selectFrom('user_challenges').where('user_id', '=', userId).where('created_at', '=', at);
  const begun = await assigned
    .select('id')
    .where((eb) => eb.or([eb('status', '<>', 'pending'), eb('started_at', 'is not', null)]))
    .limit(1)
    .executeTakeFirst();
  if (begun) return false;
  await db.deleteFrom('user_challenges').where('user_id', '=', userId).where('created_at', '=', at).execute();
  return true;
}

/** The user's application if it is approved: its review date starts the challenge deadline. */
/** What an application holds about its candidate's challenge deadline (docs/product/communication.md#deadline-extensions). */
export type DeadlineFields = {
  id: number;
  user_id: number;
  reviewed_at: string | null;
  challenge_deadline_at: string | null;
  deadline_request: string | null;
  deadline_requested_at: string | null;
  deadline_request_answered_at: string | null;
};

/** The user's approved application, with what its challenge deadline depends on. */
export async function findApprovedApplication(db: Executor, userId: number): Promise<DeadlineFields | undefined> {
  return db
    .selectFrom('applications')
    .select([
      'id',
      'user_id',
      'reviewed_at',
      'challenge_deadline_at',
      'deadline_request',
      'deadline_requested_at',
      'deadline_request_answered_at',
    ])
    .where('user_id', '=', userId)
    .where('status', '=', 'approved')
    .executeTakeFirst();
}

/**
 * Sets the board's challenge deadline of an approved application (null: the default rule), and
 * answers the candidate's open request for more time, if any, at `at`.
 */
export async function setChallengeDeadline(db: Executor, id: number, deadlineAt: string | null, at: string) {
  await db
    .updateTable('applications')
    .set((eb) => ({
      challenge_deadline_at: deadlineAt,
      deadline_request_answered_at: eb
        .case()
        .when('deadline_requested_at', 'is not', null)
        .then(eb.fn.coalesce('deadline_request_answered_at', eb.val(at)))
        .else(null)
        .end(),
      updated_at: at,
    }))
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .execute();
}

/** Records the candidate's one request for more time; false when one was already recorded. */
export async function recordDeadlineRequest(db: Executor, id: number, reason: string, at: string): Promise<boolean> {
  const result = await db
    .updateTable('applications')
    .set({ deadline_request: reason, deadline_requested_at: at, updated_at: at })
    .where('id', '=', id)
    .where('deadline_requested_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function findUsers(db: Executor, ids: number[]): Promise<Map<number, UserRef>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'intra_login', 'image_url']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function listUserChallengesOf(db: Executor, userId: number): Promise<UserChallengeRow[]> {
  return db.selectFrom('user_challenges').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

export async function findUserChallenge(db: Executor, id: number): Promise<UserChallengeRow | undefined> {
  return db.selectFrom('user_challenges').selectAll().where('id', '=', id).executeTakeFirst();
}

/** When the user's last challenge was validated (as the driver returns it), or null before any. */
export async function lastValidatedAt(db: Executor, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('user_challenges')
    .select((eb) => eb.fn.max('validated_at').as('at'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.at ? String(row.at) : null;
}

export async function listUserChallenges(
  db: Executor,
  engine: Engine,
  options: { status?: UserChallengeStatus; challengeId?: number; q?: string; limit: number; offset: number },
): Promise<{ rows: UserChallengeRow[]; total: number }> {
  let query = db.selectFrom('user_challenges');
  if (options.status) query = query.where('status', '=', options.status);
  // Read in the (status, submitted_at, id) index: the queue is the few challenges waiting.
  if (options.challengeId !== undefined) query = query.where('challenge_id', '=', options.challengeId);
  if (options.q) query = query.where('user_id', 'in', usersMatching(db, engine, options.q));
  const [rows, count] = await Promise.all([
    // The board's queue (decision 0125): the longest waiting first, by the date the candidate sent
    // the challenge for review (never sent: last); the id breaks ties, so pages never overlap.
    query
      .selectAll()
      .orderBy('submitted_at', (order) => order.asc().nullsLast())
      .orderBy('id')
      .limit(options.limit)
      .offset(options.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/**
 * Moves a user challenge from one of `from` to `to`, only if it is still in one of them:
 * of two racing requests exactly one changes the row. Answers the row as it now is.
 */
export async function transitionUserChallenge(
  db: Executor,
  where: { id: number; userId?: number; from: UserChallengeStatus[]; needsCompletedExercise?: boolean },
  values: UpdateObject<DB, 'user_challenges'>,
): Promise<UserChallengeRow | undefined> {
  let query = db
    .updateTable('user_challenges')
    .set(values)
    .where('id', '=', where.id)
    .where('status', 'in', where.from);
  if (where.userId !== undefined) query = query.where('user_id', '=', where.userId);
  if (where.needsCompletedExercise) {
    query = query.where((eb) =>
      eb.or([
        eb('exercise_1_completed', '=', true),
        eb('exercise_2_completed', '=', true),
        eb('exercise_3_completed', '=', true),
        eb('exercise_4_completed', '=', true),
      ]),
    );
  }
  return query.returningAll().executeTakeFirst();
}

/**
 * Records an exercise's link while the challenge is in progress. The XP is recomputed from the
 * completed flags in the same statement, so any number of concurrent submissions of the same
 * exercise count it once.
 */
export async function recordExerciseLink(
  db: Executor,
  where: { id: number; userId: number },
  n: ExerciseNumber,
  link: string,
  at: string,
): Promise<UserChallengeRow | undefined> {
  const flag = (k: ExerciseNumber) =>
    k === n ? sql<number>`1` : sql<number>`case when ${sql.ref(`exercise_${k}_completed`)} then 1 else 0 end`;
  const values: UpdateObject<DB, 'user_challenges'> = {
    [`exercise_${n}_tinkercad_link`]: link,
    [`exercise_${n}_completed`]: true,
    total_xp_earned: sql<number>`${sql.lit(XP_PER_EXERCISE)} * (${flag(1)} + ${flag(2)} + ${flag(3)} + ${flag(4)})`,
    updated_at: at,
  };
  return db
    .updateTable('user_challenges')
    .set(values)
    .where('id', '=', where.id)
    .where('user_id', '=', where.userId)
    .where('status', '=', 'in_progress')
    .returningAll()
    .executeTakeFirst();
}
