import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * What the 42 intra last said of the club's own credentials (decisions §13), shared by every
 * process: since when it refuses them (until a sign-in succeeds again), and until when it says
 * the secret stays valid. One row.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('intra_status')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('credentials_refused_at', t.timestamp)
    .addColumn('secret_valid_until', t.timestamp)
    .execute();
  await db
    .insertInto('intra_status' as never)
    .values({ id: 1 } as never)
    .execute();
}
