import type { Kysely } from 'kysely';

/**
 * The admin overview reads time ranges: applications sent per week, and the reviews and
 * validations of the last weeks with both of their timestamps. These indexes answer each range
 * from the index alone, so the overview stays fast with tens of thousands of candidates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('applications_created_at').on('applications').column('created_at').execute();
  await db.schema
    .createIndex('applications_reviewed_at')
    .on('applications')
    .columns(['reviewed_at', 'created_at'])
    .execute();
  await db.schema
    .createIndex('user_challenges_status_validated_at')
    .on('user_challenges')
    .columns(['status', 'validated_at', 'submitted_at'])
    .execute();
}
