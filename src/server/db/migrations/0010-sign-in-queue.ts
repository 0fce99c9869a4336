import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * Sign-ins that wait behind the 42 intra's limit (decision 0107). A state row also tracks its
 * sign-in while it waits: which code claimed it, until when a process works on it, its slot at
 * the intra, then the user it signed in or why it failed. `intra_pace` holds the shared pace
 * of the app's calls to the intra when several processes share PostgreSQL.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema.alterTable('oauth_states').addColumn('code_hash', 'text').execute();
  await db.schema.alterTable('oauth_states').addColumn('claimed_until', t.timestamp).execute();
  await db.schema.alterTable('oauth_states').addColumn('slot_at', t.timestamp).execute();
  await db.schema
    .alterTable('oauth_states')
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .execute();
  await db.schema.alterTable('oauth_states').addColumn('failure', 'text').execute();

  await db.schema
    .createTable('intra_pace')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('next_slot_ms', 'bigint', (c) => c.notNull())
    .addColumn('hour_start_ms', 'bigint', (c) => c.notNull())
    .addColumn('in_hour', 'integer', (c) => c.notNull())
    .execute();
  await db
    .insertInto('intra_pace' as never)
    .values({ id: 1, next_slot_ms: 0, hour_start_ms: 0, in_hour: 0 } as never)
    .execute();
}
