import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * When each user last signed in (decisions §15's retention, decision 0168). Existing rows take
 * the creation of their latest session (its exact sign-in), else `updated_at`: every sign-in
 * moved it, so it is never earlier than their last sign-in, and an account is kept rather than
 * erased on a guess.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema.alterTable('users').addColumn('last_sign_in_at', t.timestamp).execute();
  await sql`
    update users set last_sign_in_at = coalesce(
      (select max(sessions.created_at) from sessions where sessions.user_id = users.id),
      users.updated_at
    )
  `.execute(db);
}
