import type { Kysely } from 'kysely';

/**
 * The board's lists in their default and chosen orders read a page through an index instead of
 * sorting the whole table (issue 28, decision 0177): the applications newest sent first (the
 * created_at index of 0006 lacked the id of the tie-break, so PostgreSQL sorted all 8,800 rows of
 * the bench for its last page), the members by date joined and by campus. The new applications
 * index begins with created_at and so serves everything the old one did.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('applications_sent').on('applications').columns(['created_at', 'id']).execute();
  await db.schema.dropIndex('applications_created_at').execute();
  await db.schema.createIndex('users_joined').on('users').columns(['created_at', 'id']).execute();
  await db.schema.createIndex('users_campus').on('users').columns(['campus', 'id']).execute();
}
