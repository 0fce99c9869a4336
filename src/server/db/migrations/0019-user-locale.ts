import { sql, type Kysely } from 'kysely';

/**
 * A user's language (docs/decisions/0128-languages.md): `locale`, the one they chose in the app
 * (null: none chosen), and `sign_in_locale`, the one their browser asked for at their last
 * sign-in, which their emails use while they have chosen none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['locale', 'sign_in_locale']) {
    await db.schema
      .alterTable('users')
      .addColumn(column, 'text', (c) => c.check(sql`${sql.ref(column)} in ('en', 'fr', 'ar')`))
      .execute();
  }
}
