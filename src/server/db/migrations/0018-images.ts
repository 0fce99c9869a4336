import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * The board's uploaded images (docs/decisions/0122-uploaded-images.md): board photos and
 * sponsor logos, re-encoded as WebP at the size the landing shows them and at twice that. Kept
 * in the database, so that a backup holds them with the settings that name them. Named by the
 * SHA-256 of the 2x rendition: the same upload twice is one row.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('images')
    .addColumn('sha256', 'text', (c) => c.primaryKey().check(sql`length(sha256) = 64`))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('board_photo', 'sponsor_logo')`))
    .addColumn('width', 'integer', (c) => c.notNull().check(sql`width between 1 and 4096`))
    .addColumn('height', 'integer', (c) => c.notNull().check(sql`height between 1 and 4096`))
    .addColumn('data', t.bytes, (c) => c.notNull())
    .addColumn('data_2x', t.bytes, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // The cleanup of images no setting names looks for the old ones (decision 0122).
  await db.schema.createIndex('images_created_at').on('images').column('created_at').execute();
}
