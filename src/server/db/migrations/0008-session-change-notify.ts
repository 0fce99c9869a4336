import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/**
 * PostgreSQL announces every change to a user or to a session (decision 0104): each process
 * keeps the sessions it has read, with their users, and forgets a user's the moment another
 * process (or anyone at a psql prompt) changes them. NOTIFY is delivered on commit, so nothing
 * is announced before it is true. The payload is the user's id ('' for a TRUNCATE: anything may
 * have changed); the channel names the schema, so that the apps of several schemas on one server
 * each hear only their own. SQLite needs none of it: its change stamp moves on any commit.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  // Channel names are identifiers, at most 63 bytes: two long schema names cut to the same
  // channel would only forget each other's sessions too, never keep a stale one. The listener
  // asks user_change_channel(current_schema()); the trigger has the same expression inline, so
  // that it needs nothing from the search_path of whoever writes (a psql prompt, say).
  const channel = (schema: string) => `left('user_change_' || ${schema}, 63)`;
  await sql`
    create function user_change_channel(schema_name text) returns text
    language sql immutable as $$ select ${sql.raw(channel('schema_name'))} $$
  `.execute(db);
  const notify = (payload: string) => sql.raw(`perform pg_notify(${channel('TG_TABLE_SCHEMA')}, ${payload});`);
  await sql`
    create function notify_user_change() returns trigger language plpgsql as $$
    begin
      if TG_OP = 'TRUNCATE' then
        ${notify("''")}
      elsif TG_TABLE_NAME = 'users' then
        ${notify('OLD.id::text')}
      else
        ${notify('OLD.user_id::text')}
      end if;
      return null;
    end $$
  `.execute(db);
  for (const table of ['users', 'sessions']) {
    await sql`
      create trigger ${sql.id(`${table}_notify_change`)} after update or delete on ${sql.table(table)}
      for each row execute function notify_user_change()
    `.execute(db);
    await sql`
      create trigger ${sql.id(`${table}_notify_truncate`)} after truncate on ${sql.table(table)}
      for each statement execute function notify_user_change()
    `.execute(db);
  }
}
