import type { Kysely } from 'kysely';

/**
 * The admin lists read in the order people sent things (decision 0125): applications newest sent
 * first within a status or a round, the submissions queue oldest sent first. Each filtered page
 * is then read in index order, the id included for the tie-break on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('applications_status_sent')
    .on('applications')
    .columns(['status', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('applications_round_sent')
    .on('applications')
    .columns(['round_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('user_challenges_status_sent')
    .on('user_challenges')
    .columns(['status', 'submitted_at', 'id'])
    .execute();
}
