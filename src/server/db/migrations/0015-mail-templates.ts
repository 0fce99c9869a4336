import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * The board's own wording of the notification emails (decision 0120): one row per template and
 * language, only for those the board changed (no row: the club's default). The language is in
 * the key already, 'en' for now, so that other languages are rows beside it.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('mail_templates')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('locale', 'text', (c) => c.notNull().defaultTo('en'))
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('mail_templates_pk', ['key', 'locale'])
    .execute();
}
