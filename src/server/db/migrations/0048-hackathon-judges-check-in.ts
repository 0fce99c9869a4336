import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * The hackathon day (spec §14, decision 0163): an event's judges, named by an admin, and each
 * registration's check-in at the door. `check_in_code` is given to every registration when it is
 * made, and here to those made before (20 base64url characters: 120 random bits, as
 * hackathon.repository.ts makes them); UNIQUE, so a code names one registration of one event.
 * SQLite cannot add a NOT NULL column without a default: there the code is NOT NULL by the app's
 * writes only; PostgreSQL also says it in the schema.
 *
 * On PostgreSQL a change to an event's judges announces the user (as migration 0008's triggers do
 * for users and sessions): the session memo keeps whether a user judges, which the judge guard and
 * GET /api/users/me read without asking the database.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('hackathon_judges')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('hackathon_events.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('hackathon_judges_pk', ['event_id', 'user_id'])
    .execute();
  // "Does this user judge anything?": read with every session the memo loads.
  await db.schema.createIndex('hackathon_judges_user').on('hackathon_judges').column('user_id').execute();

  const add = (column: string, type: typeof t.timestamp | 'text' | 'integer', references?: string) =>
    db.schema
      .alterTable('hackathon_registrations')
      .addColumn(column, type, (c) => (references ? c.references(references).onDelete('set null') : c))
      .execute();
  await add('check_in_code', 'text');
  await add('checked_in_at', t.timestamp);
  await add('checked_in_by', 'integer', 'users.id');

  const registrations = db as unknown as Kysely<{ hackathon_registrations: { id: number; check_in_code: string } }>;
  const rows = await registrations.selectFrom('hackathon_registrations').select('id').execute();
  for (const row of rows) {
    await registrations
      .updateTable('hackathon_registrations')
      .set({ check_in_code: randomBytes(15).toString('base64url') })
      .where('id', '=', row.id)
      .execute();
  }
  await db.schema
    .createIndex('hackathon_registrations_check_in_code')
    .unique()
    .on('hackathon_registrations')
    .column('check_in_code')
    .execute();

  if (engine !== 'postgres') return;
  await sql`alter table hackathon_registrations alter column check_in_code set not null`.execute(db);
  const notify = (payload: string) =>
    sql.raw(`perform pg_notify(left('user_change_' || TG_TABLE_SCHEMA, 63), ${payload});`);
  await sql`
    create function notify_judge_change() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'TRUNCATE' then
        ${notify("''")}
      elsif TG_OP = 'INSERT' then
        ${notify('NEW.user_id::text')}
      else
        ${notify('OLD.user_id::text')}
        if TG_OP = 'UPDATE' then
          ${notify('NEW.user_id::text')}
        end if;
      end if;
      return null;
    end $$
  `.execute(db);
  await sql`
    create trigger hackathon_judges_notify_change after insert or update or delete on hackathon_judges
    for each row execute function notify_judge_change()
  `.execute(db);
  await sql`
    create trigger hackathon_judges_notify_truncate after truncate on hackathon_judges
    for each statement execute function notify_judge_change()
  `.execute(db);
}
