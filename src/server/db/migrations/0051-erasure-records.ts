import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * One row per erasure (decisions §15, decision 0167): a keyed hash of the person's 42 id and when,
 * nothing that names them. A restore carries the current rows into the restored database and
 * erases again everyone they match.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  // An HMAC-SHA256 in hex: 64 characters.
  await db.schema
    .createTable('erasure_records')
    .addColumn('subject_hash', 'text', (c) => c.primaryKey().check(sql`length(subject_hash) = 64`))
    .addColumn('erased_at', t.timestamp, (c) => c.notNull())
    .execute();
}
