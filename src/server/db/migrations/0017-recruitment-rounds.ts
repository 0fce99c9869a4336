import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * Recruitment rounds (docs/decisions/0121-recruitment-rounds.md): `recruitment_rounds`, and each
 * application in one round. Until now an application was one per user forever; from here it is
 * one per user per round (unique (round_id, user_id)), and at most one per user that is not
 * declined, so that the latest application is the one in progress.
 *
 * Every application already sent goes into a first round, open until the board closes it: it
 * opens at the earliest application, or when the migration runs on a database without any
 * (before rounds, applications were taken whenever the `applications_open` setting allowed).
 * It opened at the Unix epoch on an empty database until 0036 (decision 0145).
 *
 * PostgreSQL changes the table in place. SQLite cannot drop a column's UNIQUE: the table is
 * rebuilt (https://www.sqlite.org/lang_altertable.html#otheralter) from its own CREATE
 * statement, every column, row, index and id sequence kept, the foreign keys of other tables
 * (`application_votes`) still pointing at it.
 */
export async function up(db: Kysely<unknown>, engine: Engine, now: Date): Promise<void> {
  const t = columnTypes(engine);
  const createRounds = (executor: Kysely<unknown>) =>
    executor.schema
      .createTable('recruitment_rounds')
      .addColumn('id', t.id, t.primaryKey)
      .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 100`))
      .addColumn('opens_at', t.timestamp, (c) => c.notNull())
      .addColumn('closes_at', t.timestamp)
      .addColumn('created_at', t.timestamp, (c) => c.notNull())
      .addColumn('updated_at', t.timestamp, (c) => c.notNull())
      .addCheckConstraint('recruitment_rounds_closes_after_opening', sql`closes_at is null or closes_at > opens_at`)
      .execute();

  if (engine === 'postgres') {
    await createRounds(db);
    const round = await insertFirstRound(db, now);
    await sql`alter table applications add column round_id integer references recruitment_rounds (id)`.execute(db);
    await sql`update applications set round_id = ${round}`.execute(db);
    await sql`alter table applications alter column round_id set not null`.execute(db);
    // The name PostgreSQL gave the column's UNIQUE of 0001.
    await sql`alter table applications drop constraint applications_user_id_key`.execute(db);
    await sql`alter table applications add constraint applications_one_per_round unique (round_id, user_id)`.execute(
      db,
    );
    await createApplicationIndexes(db);
    return;
  }

  // Off outside the transaction (SQLite ignores the pragma inside one): dropping the old table
  // must not cascade to the votes, which point at the table by name and find the new one.
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await createRounds(trx);
      const round = await insertFirstRound(trx, now);
      await rebuildApplicationsOnSqlite(trx, round);
      await createApplicationIndexes(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`0017: foreign keys broken: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

async function insertFirstRound(db: Kysely<unknown>, now: Date): Promise<number> {
  const at = now.toISOString();
  const { rows } = await sql<{ id: number }>`
    insert into recruitment_rounds (name, opens_at, closes_at, created_at, updated_at)
    select 'First round', coalesce(min(created_at), ${at}), null, ${at}, ${at}
    from applications
    returning id`.execute(db);
  return rows[0]!.id;
}

/** The latest application of a user is found by (user_id, id); the unique index keeps one in progress. */
async function createApplicationIndexes(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('applications_user_id').on('applications').columns(['user_id', 'id']).execute();
  await db.schema.createIndex('applications_round_id').on('applications').columns(['round_id', 'id']).execute();
  await db.schema
    .createIndex('applications_one_in_progress')
    .unique()
    .on('applications')
    .column('user_id')
    .where(sql.ref('status'), '<>', 'declined')
    .execute();
}

const USER_ID_UNIQUE = '"user_id" integer not null unique references';

async function rebuildApplicationsOnSqlite(db: Kysely<unknown>, round: number): Promise<void> {
  const master = await sql<{ type: string; name: string; sql: string | null }>`
    select type, name, sql from sqlite_master where tbl_name = 'applications'`.execute(db);
  const table = master.rows.find((row) => row.type === 'table')!.sql!;
  if (table.split(USER_ID_UNIQUE).length !== 2 || !table.startsWith('CREATE TABLE "applications" (')) {
    throw new Error('0017: the applications table is not the one this migration knows');
  }
  // Every index but the one SQLite made for the UNIQUE (no sql), to be made again on the new table.
  const indexes = master.rows.filter((row) => row.type === 'index' && row.sql !== null).map((row) => row.sql!);
  const columns = (
    await sql<{ name: string }>`select name from pragma_table_info('applications')`.execute(db)
  ).rows.map((row) => sql.ref(row.name));
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = 'applications'`.execute(db);

  const rebuilt = table
    .replace('CREATE TABLE "applications" (', 'CREATE TABLE "applications_rebuilt" (')
    .replace(USER_ID_UNIQUE, '"user_id" integer not null references')
    .replace(
      /\)$/,
      ', "round_id" integer not null references "recruitment_rounds" ("id"), ' +
        'constraint "applications_one_per_round" unique ("round_id", "user_id"))',
    );
  await sql.raw(rebuilt).execute(db);
  await sql`
    insert into applications_rebuilt (${sql.join(columns)}, round_id)
    select ${sql.join(columns)}, ${round} from applications`.execute(db);
  await sql`drop table applications`.execute(db);
  await sql`alter table applications_rebuilt rename to applications`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
  // AUTOINCREMENT never gives an id twice, even of a deleted application: the counter goes on.
  if (sequence.rows[0]) {
    await sql`update sqlite_sequence set seq = max(seq, ${sequence.rows[0].seq}) where name = 'applications'`.execute(
      db,
    );
  }
}
