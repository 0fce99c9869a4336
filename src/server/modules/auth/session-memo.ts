import type { UserChanges, UserChangeWatch } from '../../db/user-changes';
import type { SessionUser } from './sessions.repository';

/** Enough for every session signed in at once on a club's server; past it the oldest is dropped. */
const MEMO_SIZE = 10_000;

export type SessionLoader = (tokenHash: string) => Promise<SessionUser | undefined>;

export type SessionMemo = {
  /** The memoized session of a token hash, when there is one and the memo may serve it now. */
  known(tokenHash: string): SessionUser | undefined;
  /** Asks the database, and keeps the answer when nothing may have changed meanwhile. */
  load(tokenHash: string): Promise<SessionUser | undefined>;
  close(): Promise<void>;
};

/**
 * Looks sessions up for every signed-in request, keeping what it loads, with its user, for as
 * long as the database's watch (`watch`, given what to forget) trusts it: on SQLite, until the
 * change stamp moves; on PostgreSQL, until a notification says the user or one of their sessions
 * changed, and only while the notifications provably arrive (decisions 0103, 0104). A request
 * then costs a map lookup instead of a join. Unknown tokens are never kept (a stream of made-up
 * ones would push the real sessions out), and neither is a load that any change raced with.
 */
export function memoizeSessions(load: SessionLoader, watch: (changes: UserChanges) => UserChangeWatch): SessionMemo {
  const memo = new Map<string, SessionUser>();
  /** The token hashes kept of each user, to forget them all when the user changes. */
  const byUser = new Map<number, Set<string>>();
  /** Moves on everything forgotten: a load that saw it move may hold what was forgotten. */
  let generation = 0;

  const forget = (tokenHash: string, userId: number) => {
    memo.delete(tokenHash);
    const hashes = byUser.get(userId);
    hashes?.delete(tokenHash);
    if (hashes?.size === 0) byUser.delete(userId);
  };
  const keep = (tokenHash: string, found: SessionUser) => {
    if (memo.has(tokenHash)) return;
    if (memo.size >= MEMO_SIZE) {
      const [oldest, session] = memo.entries().next().value!;
      forget(oldest, session.user.id);
    }
    memo.set(tokenHash, found);
    const hashes = byUser.get(found.user.id);
    if (hashes) hashes.add(tokenHash);
    else byUser.set(found.user.id, new Set([tokenHash]));
  };

  const changes: UserChanges = {
    userChanged(userId) {
      generation++;
      for (const tokenHash of byUser.get(userId) ?? []) memo.delete(tokenHash);
      byUser.delete(userId);
    },
    allChanged() {
      generation++;
      memo.clear();
      byUser.clear();
    },
  };
  const watcher = watch(changes);

  return {
    known: (tokenHash) => (watcher.trusted() ? memo.get(tokenHash) : undefined),
    async load(tokenHash) {
      // Read before loading: a change told while the load waits moves the generation on, and
      // the answer may predate that change. Untrusted, changes may go untold: nothing is kept.
      const trusted = watcher.trusted();
      const before = generation;
      const found = await load(tokenHash);
      if (found && trusted && generation === before) keep(tokenHash, found);
      return found;
    },
    close: () => watcher.close(),
  };
}
