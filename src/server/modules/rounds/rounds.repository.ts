import { sql, type Selectable } from 'kysely';
import type { Engine, Executor } from '../../db/database';
import type { RecruitmentRoundsTable } from '../../db/schema';

export type RoundRow = Selectable<RecruitmentRoundsTable>;
export type RoundFields = Pick<RoundRow, 'name' | 'opens_at' | 'closes_at'>;

const COLUMNS = ['id', 'name', 'opens_at', 'closes_at', 'created_at', 'updated_at'] as const;

/** Every round with how many applications it holds, the latest opening first. */
export async function listRounds(db: Executor): Promise<(RoundRow & { applications: number })[]> {
  const counts = db
    .selectFrom('applications')
    .select((eb) => ['applications.round_id', eb.fn.countAll<number>().as('n')])
    .groupBy('applications.round_id');
  const rows = await db
    .selectFrom('recruitment_rounds')
    .leftJoin(counts.as('counts'), 'counts.round_id', 'recruitment_rounds.id')
    .select(COLUMNS.map((column) => `recruitment_rounds.${column}` as const))
    .select('counts.n as applications')
    .orderBy('recruitment_rounds.opens_at', 'desc')
    .orderBy('recruitment_rounds.id', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, applications: Number(row.applications ?? 0) }));
}

export async function findRound(db: Executor, id: number): Promise<RoundRow | undefined> {
  return db.selectFrom('recruitment_rounds').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The round open at `at` (from its opening, until its closing excluded); rounds never overlap. */
export async function findOpenRound(db: Executor, at: string): Promise<RoundRow | undefined> {
  return db
    .selectFrom('recruitment_rounds')
    .select(COLUMNS)
    .where('opens_at', '<=', at)
    .where((eb) => eb.or([eb('closes_at', 'is', null), eb('closes_at', '>', at)]))
    .orderBy('opens_at', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A round other than `except` whose time shares an instant with [opens_at, closes_at) (null: no end). */
export async function findOverlappingRound(
  db: Executor,
  span: Pick<RoundRow, 'opens_at' | 'closes_at'>,
  except?: number,
): Promise<RoundRow | undefined> {
  let query = db
    .selectFrom('recruitment_rounds')
    .select(COLUMNS)
    .where((eb) => eb.or([eb('closes_at', 'is', null), eb('closes_at', '>', span.opens_at)]));
  if (span.closes_at !== null) query = query.where('opens_at', '<', span.closes_at);
  if (except !== undefined) query = query.where('id', '<>', except);
  return query.orderBy('opens_at').limit(1).executeTakeFirst();
}

/**
 * Holds the rounds to the end of the transaction, so that of two admins creating or moving
 * rounds at once the second sees the first's (PostgreSQL; SQLite writes one transaction at a
 * time). Applications that reference a round still go in meanwhile.
 */
export async function lockRounds(db: Executor, engine: Engine): Promise<void> {
  if (engine === 'postgres') await sql`lock table recruitment_rounds in share row exclusive mode`.execute(db);
}

/** When the first and the last application of the round were sent; null without any. */
export async function applicationSpan(db: Executor, roundId: number) {
  const row = await db
    .selectFrom('applications')
    .select((eb) => [eb.fn.min('created_at').as('first'), eb.fn.max('created_at').as('last')])
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  return row.first && row.last ? { first: String(row.first), last: String(row.last) } : null;
}

export async function insertRound(db: Executor, fields: RoundFields, at: string): Promise<RoundRow> {
  return db
    .insertInto('recruitment_rounds')
    .values({ ...fields, created_at: at, updated_at: at })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateRound(db: Executor, id: number, changes: Partial<RoundFields>, at: string) {
  return db
    .updateTable('recruitment_rounds')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** How many applications the round holds. */
export async function countApplications(db: Executor, roundId: number): Promise<number> {
  const row = await db
    .selectFrom('applications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('round_id', '=', roundId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
