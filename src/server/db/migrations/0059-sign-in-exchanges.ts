import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * When a sign-in's code went to the intra (decision 0184): while the intra has not answered, the
 * exchange is under way, and an address or visitor with refused codes this minute may have only
 * as many under way as it has refusals left.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema.alterTable('oauth_states').addColumn('exchange_at', t.timestamp).execute();
}
