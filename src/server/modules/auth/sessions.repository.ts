import { CompiledQuery, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { DB, UserRow } from '../../db/schema';

type Executor = Db | Transaction<DB>;

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
    .where('sessions.token_hash', '=', tokenHash);

type SessionUserRow = UserRow & { session_id: number; session_expires_at: string };
export type SessionUser = { session_id: number; expires_at: string; user: UserRow };
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
  const { session_id, session_expires_at, ...user } = row;
  return Object.freeze({ session_id, expires_at: session_expires_at, user: Object.freeze(user) });
}

/** Enough for every session signed in at once on a club's server; past it the oldest is dropped. */
const MEMO_SIZE = 10_000;

type SessionLoader = (tokenHash: string) => Promise<SessionUser | undefined>;

/**
 * Looks sessions up for every signed-in request. With a change stamp (SQLite), the answers are
 * memoized until the stamp moves: any write of this process, or commit of another, empties the
 * memo, so a ban or a sign-out counts from the next request, and a request costs a counter
 * check instead of a join (decision 0103). Without one (PostgreSQL), every call loads.
 */
export function memoizeSessions(load: SessionLoader, changeStamp?: () => string): SessionLoader {
  if (!changeStamp) return load;
  const memo = new Map<string, SessionUser>();
  let memoStamp = '';
  return async (tokenHash) => {
    // Read before loading: a write landing while the load waits moves the stamp past this one.
    const stamp = changeStamp();
    if (stamp !== memoStamp) {
      memo.clear();
      memoStamp = stamp;
    } else {
      const known = memo.get(tokenHash);
      if (known) return known;
    }
    const found = await load(tokenHash);
    // Unknown tokens are not kept: a stream of made-up ones would push the real sessions out.
    if (found && memoStamp === stamp) {
      if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value!);
      memo.set(tokenHash, found);
    }
    return found;
  };
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
