import type { Role } from '../../../contract/users';
import type { Engine, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';

/** What the users table keeps of the intra's profile, refreshed at every sign-in (auth/intra-profile.ts maps it). */
export type ProfileFields = Pick<
  UserRow,
  | 'intra_id'
  | 'intra_login'
  | 'email'
  | 'first_name'
  | 'last_name'
  | 'image_url'
  | 'campus'
  | 'campus_id'
  | 'level'
  | 'grade'
  | 'is_starter'
>;

/**
 * Creates the user at first sign-in and refreshes the intra's fields at every later one.
 * `listedAdmin` (the login is in ADMIN_LOGINS) makes a new account an admin, and an existing one
 * only while the club has no active admin at all: an admin flag removed in the panel stays
 * removed. The check and the grant are one statement of the sign-in's transaction; two listed
 * logins signing in at once on an admin-less club may both become admins, which is what they are
 * listed for, and no change in the panel can empty the club of admins (the last one is kept).
 */
export async function upsertUserFromProfile(
  db: Executor,
  fields: ProfileFields & Partial<Pick<UserRow, 'sign_in_locale'>>,
  listedAdmin: boolean,
  now: Date,
): Promise<UserRow> {
  const at = now.toISOString();
  return db
    .insertInto('users')
    .values({ ...fields, is_admin: listedAdmin, last_sign_in_at: at, created_at: at, updated_at: at })
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
        sign_in_locale: eb.fn.coalesce('excluded.sign_in_locale', 'users.sign_in_locale'),
        last_sign_in_at: at,
        updated_at: at,
        // ADMIN_LOGINS never takes the flag away either: an admin made in the panel stays one.
        ...(listedAdmin
          ? {
              is_admin: eb
                .case()
                .when(
                  eb.not(
                    eb.exists(
                      eb
                        .selectFrom('users as admin')
                        .select('admin.id')
                        .where('admin.is_admin', '=', true)
                        .where('admin.is_banned', '=', false),
                    ),
                  ),
                )
                .then(true)
                .else(eb.ref('users.is_admin'))
                .end(),
            }
          : {}),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findUserById(db: Executor, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The name the intra gave each of these campus ids, for those a user here came from (one index seek each). */
export async function campusNames(db: Executor, ids: readonly number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  for (const id of new Set(ids)) {
    const row = await db
      .selectFrom('users')
      .select('campus')
      .where('campus_id', '=', id)
      .where('campus', 'is not', null)
      .limit(1)
      .executeTakeFirst();
    if (row?.campus) names.set(id, row.campus);
  }
  return names;
}

/** Adds (or with a negative number, removes) XP for several users in one statement. */
export async function addExperience(db: Executor, userIds: number[], xp: number): Promise<void> {
  if (xp === 0 || userIds.length === 0) return;
  await db
    .updateTable('users')
    .set((eb) => ({ experience_points: eb('experience_points', '+', xp) }))
    .where('id', 'in', userIds)
    .execute();
}

export async function updateUser(
  db: Executor,
  id: number,
  changes: Partial<Pick<UserRow, 'role' | 'is_banned' | 'is_admin' | 'locale'>> & { updated_at: string },
): Promise<void> {
  await db.updateTable('users').set(changes).where('id', '=', id).execute();
}

/** Changes a role only if it still is `from`: of two concurrent changes, one moves the row. */
export async function changeRole(db: Executor, id: number, from: Role, to: Role, at: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ role: to, updated_at: at })
    .where('id', '=', id)
    .where('role', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Locks the admins' rows (PostgreSQL; SQLite runs one write transaction at a time) so two
 * admins demoting, banning or erasing each other at once cannot leave the club without an admin.
 */
export async function activeAdminIds(db: Executor, engine: Engine): Promise<number[]> {
  let query = db.selectFrom('users').select('id').where('is_admin', '=', true).where('is_banned', '=', false);
  if (engine === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

/** True when `target` is the one active admin of `admins` (activeAdminIds): banning, demoting or erasing them is refused. */
export const isLastAdmin = (target: UserRow, admins: number[]) =>
  target.is_admin && !target.is_banned && admins.length === 1 && admins[0] === target.id;

/** The refusal of a change that would leave the club without an admin. */
export const LAST_ADMIN =
  /*i18n*/ 'This is the last admin: make someone else an admin first, so the club is never locked out.';
