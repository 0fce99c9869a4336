import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * When each person last took a copy of their data (decision 0165): at most one a minute, across
 * the server's processes. The row goes with its user.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('data_exports')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('exported_at', t.timestamp, (c) => c.notNull())
    .execute();
}
