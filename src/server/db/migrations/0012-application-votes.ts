import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * The board's votes on applications (decision 0115): one per admin per decision (stage
 * `review` while pending, `final` at the board approval step), replaced when the admin votes
 * again. A vote goes with its application, and with its admin when that user is deleted; the
 * audit log keeps both (docs/product/identity.md#identity-roles-and-sessions).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('application_votes')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('application_id', 'integer', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('admin_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('stage', 'text', (c) => c.notNull().check(sql`stage in ('review', 'final')`))
    .addColumn('vote', 'text', (c) => c.notNull().check(sql`vote in ('yes', 'no', 'abstain')`))
    .addColumn('comment', 'text', (c) => c.check(sql`length(comment) <= 2000`))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('application_votes_one_per_admin', ['application_id', 'stage', 'admin_id'])
    .execute();
  // The unique constraint's index serves an application's votes; this one an admin's (the queue).
  await db.schema
    .createIndex('application_votes_admin')
    .on('application_votes')
    .columns(['admin_id', 'application_id'])
    .execute();
}
