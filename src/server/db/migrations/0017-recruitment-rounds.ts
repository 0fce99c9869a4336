import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';
import { rebuildSqliteTable, withForeignKeysOff } from './sqlite-rebuild';

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

  // Dropping the old table must not cascade to the votes, which point at the table by name and find the new one.
  await withForeignKeysOff(db, '0017', async (trx) => {
    await createRounds(trx);
    const round = await insertFirstRound(trx, now);
    await rebuildSqliteTable(
      trx,
      'applications',
      (create) => {
        if (create.split(USER_ID_UNIQUE).length !== 2) {
          throw new Error('0017: the applications table is not the one this migration knows');
        }
        return create
          .replace(USER_ID_UNIQUE, '"user_id" integer not null references')
          .replace(
            /\)$/,
            ', "round_id" integer not null references "recruitment_rounds" ("id"), ' +
              'constraint "applications_one_per_round" unique ("round_id", "user_id"))',
          );
      },
      { round_id: round },
    );
    await createApplicationIndexes(trx);
  });
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
