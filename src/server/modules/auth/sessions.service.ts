import type { Database } from '../../db/database';
import type { Deps } from '../../deps';
import { memoizeSessions } from './session-memo';
import { hashToken } from './session-token';
import { extendSession, findSessionUser } from './sessions.repository';

/**
 * Who holds a session token, for every signed-in request: lookups memoized while the
 * database's watch trusts them (decisions 0103, 0104), and the sliding expiry's write.
 */
export function createSessionsService(deps: Deps, database: Pick<Database, 'watchUserChanges'>) {
  const memo = memoizeSessions(
    (token) => findSessionUser(deps.db, hashToken(token)),
    (changes) => database.watchUserChanges(changes, deps.log),
  );
  return {
    known: memo.known,
    load: memo.load,
    extend: (sessionId: number, expiresAt: Date) => extendSession(deps.db, sessionId, expiresAt.toISOString()),
    close: memo.close,
  };
}
