import { CompiledQuery } from 'kysely';
import type { Executor } from '../../db/database';
import type { SignedInUser, UserRow } from '../../db/schema';

export async function insertSession(
  db: Executor,
  session: { user_id: number; token_hash: string; expires_at: string; created_at: string },
): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

const sessionUserQuery = (db: Executor, tokenHash: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.id as session_id', 'sessions.expires_at as session_expires_at'])
    // Whether the user judges a hackathon event (decision 0163): kept with the session, so the judge
    // guard and GET /api/users/me ask the database nothing more.
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('hackathon_judges')
            .select('hackathon_judges.user_id')
            .whereRef('hackathon_judges.user_id', '=', 'users.id'),
        )
        .as('is_judge'),
    )
    .where('sessions.token_hash', '=', tokenHash);

type SessionUserRow = UserRow & { session_id: number; session_expires_at: string; is_judge: boolean | number };
/** `expires_at_ms`: the expiry as a number, read on every signed-in request (no date parsing there). */
export type SessionUser = { session_id: number; expires_at_ms: number; user: SignedInUser };
const compiledSql = new WeakMap<object, string>();

/** The session's user, in one indexed lookup; the query is compiled once per database. */
export async function findSessionUser(db: Executor, tokenHash: string): Promise<SessionUser | undefined> {
  let text = compiledSql.get(db);
  if (!text) {
    text = sessionUserQuery(db, '').compile().sql;
    compiledSql.set(db, text);
  }
  const { rows } = await db.executeQuery<SessionUserRow>(CompiledQuery.raw(text, [tokenHash]));
  const row = rows[0];
  if (!row) return undefined;
  const { session_id, session_expires_at, is_judge, ...user } = row;
  return Object.freeze({
    session_id,
    expires_at_ms: Date.parse(session_expires_at),
    // SQLite answers 0 or 1.
    user: Object.freeze({ ...user, is_judge: Boolean(is_judge) }),
  });
}

export async function extendSession(db: Executor, sessionId: number, expiresAt: string): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Executor, sessionId: number): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

export async function deleteUserSessions(db: Executor, userId: number): Promise<number> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredSessions(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
