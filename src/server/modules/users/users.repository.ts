import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { DB, UserRow } from '../../db/schema';
import type { ProfileFields } from '../auth/intra-profile';

type Executor = Db | Transaction<DB>;

/** Creates the user at first sign-in and refreshes the intra's fields at every later one. */
export async function upsertUserFromProfile(
  db: Executor,
  fields: ProfileFields,
  grantAdmin: boolean,
  now: Date,
): Promise<UserRow> {
  const at = now.toISOString();
  return db
    .insertInto('users')
    .values({ ...fields, is_admin: grantAdmin, created_at: at, updated_at: at })
    .onConflict((conflict) =>
      conflict.column('intra_id').doUpdateSet((eb) => ({
        intra_login: eb.ref('excluded.intra_login'),
        email: eb.ref('excluded.email'),
        first_name: eb.ref('excluded.first_name'),
        last_name: eb.ref('excluded.last_name'),
        image_url: eb.ref('excluded.image_url'),
        campus: eb.ref('excluded.campus'),
        campus_id: eb.ref('excluded.campus_id'),
        level: eb.ref('excluded.level'),
        grade: eb.ref('excluded.grade'),
        is_starter: eb.ref('excluded.is_starter'),
        updated_at: at,
        // ADMIN_LOGINS only ever grants: an admin made in the panel stays one.
        ...(grantAdmin ? { is_admin: true } : {}),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}
