import type { UserChanges, UserChangeWatch } from '../../db/user-changes';
import type { SessionUser } from './sessions.repository';

/** Enough for every session signed in at once on a club's server; past it the oldest is dropped. */
const MEMO_SIZE = 10_000;

/** Looks a session up by its token (the loader hashes it: the memo, in memory only, keys by the token itself). */
export type SessionLoader = (token: string) => Promise<SessionUser | undefined>;

export type SessionMemo = {
  /** The memoized session of a token, when there is one and the memo may serve it now. */
  known(token: string): SessionUser | undefined;
  /** Asks the database, and keeps the answer when nothing may have changed meanwhile. */
  load(token: string): Promise<SessionUser | undefined>;
  close(): Promise<void>;
};

/**
 * Looks sessions up for every signed-in request, keeping what it loads, with its user, for as
 * long as the database's watch (`watch`, given what to forget) trusts it: on SQLite, until the
 * change stamp moves; on PostgreSQL, until a notification says the user or one of their sessions
 * changed, and only while the notifications provably arrive (decisions 0103, 0104). A request
 * then costs a map lookup instead of a hash and a join. Unknown tokens are never kept (a stream of made-up
 * ones would push the real sessions out), and neither is a load that any change raced with.
 */
export function memoizeSessions(load: SessionLoader, watch: (changes: UserChanges) => UserChangeWatch): SessionMemo {
  const memo = new Map<string, SessionUser>();
  /** The tokens kept of each user, to forget them all when the user changes. */
  const byUser = new Map<number, Set<string>>();
  /** Moves on everything forgotten: a load that saw it move may hold what was forgotten. */
  let generation = 0;

  const forget = (token: string, userId: number) => {
    memo.delete(token);
    const tokens = byUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) byUser.delete(userId);
  };
  const keep = (token: string, found: SessionUser) => {
    if (memo.has(token)) return;
    if (memo.size >= MEMO_SIZE) {
      const [oldest, session] = memo.entries().next().value!;
      forget(oldest, session.user.id);
    }
    memo.set(token, found);
    const tokens = byUser.get(found.user.id);
    if (tokens) tokens.add(token);
    else byUser.set(found.user.id, new Set([token]));
  };

  const changes: UserChanges = {
    userChanged(userId) {
      generation++;
      for (const token of byUser.get(userId) ?? []) memo.delete(token);
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
    known: (token) => (watcher.trusted() ? memo.get(token) : undefined),
    async load(token) {
      // Read before loading: a change told while the load waits moves the generation on, and
      // the answer may predate that change. Untrusted, changes may go untold: nothing is kept.
      const trusted = watcher.trusted();
      const before = generation;
      const found = await load(token);
      if (found && trusted && generation === before) keep(token, found);
      return found;
    },
    close: () => watcher.close(),
  };
}
