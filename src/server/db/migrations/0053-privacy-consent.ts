import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * When the candidate ticked "I have read the privacy notice" on the application form (decisions
 * §15, decision 0169); null for an application sent without it (seed §7's call, and the older ones).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema.alterTable('applications').addColumn('privacy_accepted_at', t.timestamp).execute();
}
