import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * What an Undo of a decision on an application puts back (decision 0119), kept by the
 * applications module itself instead of read from the audit entry's `details.before`: the audit
 * log is a record for people to read, not a store for the app to restore from. One row per
 * application, its latest decision: who took it and when (the undo must be theirs, within the
 * window), and the review state before it. An undo deletes it. Decisions taken before this
 * migration are not undoable, which loses nothing: their window is 10 seconds.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('review_undos')
    .addColumn('application_id', 'integer', (c) =>
      c.primaryKey().notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('decided_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('decided_at', t.timestamp, (c) => c.notNull())
    .addColumn('before_status', 'text', (c) => c.notNull().check(sql`before_status in ('pending', 'approved')`))
    .addColumn('before_review_notes', 'text')
    .addColumn('before_reviewed_at', t.timestamp)
    .addColumn('before_reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
}
