import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * A candidate's own challenge deadline and their request for more time (docs/product/communication.md#deadline-extensions),
 * on the application the deadline belongs to: `challenge_deadline_at` set by the board (null: the
 * default rule, review date + challenge_deadline_days); one request per application, its reason at
 * most 500 characters, answered when the board next sets the deadline.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  const add = (column: string, type: typeof t.timestamp | 'text', check?: ReturnType<typeof sql>) =>
    db.schema
      .alterTable('applications')
      .addColumn(column, type, (c) => (check ? c.check(check) : c))
      .execute();
  await add('challenge_deadline_at', t.timestamp);
  await add('deadline_request', 'text', sql`length(deadline_request) between 1 and 500`);
  await add('deadline_requested_at', t.timestamp);
  await add('deadline_request_answered_at', t.timestamp);
  // The board's list of open requests reads only the few applications that have one.
  await db.schema
    .createIndex('applications_open_deadline_requests')
    .on('applications')
    .column('deadline_requested_at')
    .where(sql.ref('deadline_request_answered_at'), 'is', null)
    .execute();
}
