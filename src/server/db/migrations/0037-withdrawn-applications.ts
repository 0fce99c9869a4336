import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { rebuildSqliteTable, withForeignKeysOff } from './sqlite-rebuild';

const STATUS_CHECK = `check (status in ('pending', 'approved', 'declined'))`;
const WITH_WITHDRAWN = `check (status in ('pending', 'approved', 'declined', 'withdrawn'))`;

/**
 * A candidate may withdraw a pending application (decision 0145): the status `withdrawn`, which,
 * like `declined`, ends the application and lets its user apply in a later round. The CHECK of
 * 0001 takes the new status, and the unique index that keeps one application in progress per user
 * (0017) leaves withdrawn ones out as it does declined ones.
 *
 * PostgreSQL swaps the constraint (found by its definition: 0001 left its name to PostgreSQL).
 * SQLite cannot change a CHECK: the table is rebuilt from its own CREATE statement, every row,
 * index and id sequence kept (sqlite-rebuild.ts, as 0017 did).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    const { rows } = await sql<{ name: string }>`
      select conname as name from pg_constraint
      where conrelid = 'applications'::regclass and contype = 'c'
        and pg_get_constraintdef(oid) like '%status%pending%approved%declined%'`.execute(db);
    if (rows.length !== 1)
      throw new Error('0037: the status check of applications is not the one this migration knows');
    await sql`alter table applications drop constraint ${sql.ref(rows[0]!.name)}`.execute(db);
    await sql`alter table applications add constraint applications_status_check ${sql.raw(WITH_WITHDRAWN)}`.execute(db);
    await replaceOneInProgress(db);
    return;
  }

  await withForeignKeysOff(db, '0037', async (trx) => {
    await rebuildSqliteTable(trx, 'applications', (create) => {
      if (create.split(STATUS_CHECK).length !== 2) {
        throw new Error('0037: the applications table is not the one this migration knows');
      }
      return create.replace(STATUS_CHECK, WITH_WITHDRAWN);
    });
    await replaceOneInProgress(trx);
  });
}

/** One application in progress per user: neither a declined nor a withdrawn one counts. */
async function replaceOneInProgress(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('applications_one_in_progress').execute();
  await db.schema
    .createIndex('applications_one_in_progress')
    .unique()
    .on('applications')
    .column('user_id')
    .where(sql.ref('status'), 'not in', ['declined', 'withdrawn'])
    .execute();
}
