import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * When a person's account was erased (decisions §15, decision 0166): the row stays, holding the
 * decisions, XP and seats the club's records rest on, without anything that names the person.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema.alterTable('users').addColumn('erased_at', t.timestamp).execute();
}
