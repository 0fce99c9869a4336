import type { Kysely } from 'kysely';

/**
 * The primary campus's id beside its name (decision 0105): `ALLOWED_CAMPUSES` may name a campus
 * by id, which outlives a renaming. Filled at each sign-in; rows signed in before this migration
 * get theirs at their next one. The index answers "a name known for this campus id" in one seek.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('campus_id', 'integer').execute();
  await db.schema.createIndex('users_campus_id').on('users').column('campus_id').execute();
}
