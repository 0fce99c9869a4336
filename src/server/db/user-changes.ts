import type pg from 'pg';

/**
 * What a memo of users and their sessions must hear (decisions 0103, 0104): it may serve what it
 * keeps only while `trusted()` says so, and forgets what it is told has changed.
 */
export type UserChanges = {
  /** A users row, or a session of that user, was updated or deleted. */
  userChanged(userId: number): void;
  /** Anything may have changed, or nobody was listening: forget everything. */
  allChanged(): void;
};

export type UserChangeWatch = {
  /** Whether what the memo keeps may be served now (every change made so far has been told). */
  trusted(): boolean;
  close(): Promise<void>;
};

export type Log = { warn(details: object, message: string): void; info(message: string): void };

/** A heartbeat query goes out this often on the listening connection... */
export const HEARTBEAT_MS = 40;
/** ...or this often while requests come (one at a time, never two in flight)... */
const BUSY_HEARTBEAT_MS = 20;
/** ...and the memo serves only while one sent within this long has been answered. */
export const TRUST_MS = 100;
/** A heartbeat unanswered for this long: the connection is given up and made anew. */
const HEARTBEAT_TIMEOUT_MS = 5_000;
const RETRY_MIN_MS = 250;
const RETRY_MAX_MS = 5_000;

/**
 * SQLite: a change stamp (database.ts) that moves on any write of this connection and any commit
 * of another. When it has moved, everything may have changed.
 */
export function watchChangeStamp(changeStamp: () => string, changes: UserChanges): UserChangeWatch {
  let seen = changeStamp();
  return {
    trusted() {
      const stamp = changeStamp();
      if (stamp !== seen) {
        seen = stamp;
        changes.allChanged();
      }
      return true;
    },
    close: async () => {},
  };
}

/**
 * PostgreSQL: one connection of its own (not from the pool) LISTENs to the notifications that
 * the triggers of migration 0008 send on every commit that updates or deletes a user or a
 * session. A notification cannot say that none was lost, so the connection proves it is alive:
 * a `select 1` every HEARTBEAT_MS (BUSY_HEARTBEAT_MS under load), and the memo is trusted only
 * while one sent less than TRUST_MS ago has been answered. PostgreSQL sends a listener the
 * notifications committed before a query came in ahead of that query's answer, on the same
 * connection: so an answer to a heartbeat sent at time t means every change committed before t
 * has been heard.
 *
 * This process's own writes (`ownWriteAt`: when the last one was done) count at once: nothing is
 * trusted until a heartbeat sent after it is answered, and one goes out right away.
 *
 * When the connection fails, everything is forgotten, the memo is not trusted (every request asks
 * the database) and the connection is made again, with backoff; once listening again, everything
 * is forgotten once more (what changed while nobody listened). Its socket and timers never keep
 * the process alive, and its errors are logged, never thrown.
 */
export function listenForUserChanges(
  newClient: () => pg.Client,
  { changes, log, ownWriteAt }: { changes: UserChanges; log: Log; ownWriteAt: () => number },
): UserChangeWatch {
  let client: pg.Client | undefined;
  let listening = false;
  let closed = false;
  /** When the last answered heartbeat was sent; -Infinity while not listening. */
  let answeredSentAt = -Infinity;
  /** When the heartbeat awaiting its answer was sent, if one is. */
  let pendingSentAt: number | undefined;
  let retryMs = RETRY_MIN_MS;
  let retry: NodeJS.Timeout | undefined;
  let down = false;

  const heard = (payload: string | undefined) => {
    const userId = Number(payload);
    if (payload && Number.isSafeInteger(userId)) changes.userChanged(userId);
    else changes.allChanged();
  };

  const lost = (lostClient: pg.Client, error: unknown) => {
    // A connection already given up still reports its end.
    if (client !== lostClient) return;
    client = undefined;
    listening = false;
    answeredSentAt = -Infinity;
    pendingSentAt = undefined;
    changes.allChanged();
    // Ends it for good, even with a heartbeat stuck in flight (pg then destroys the socket).
    lostClient.end().catch(() => {});
    if (closed) return;
    if (!down) {
      log.warn({ err: error }, 'PostgreSQL change notifications lost: sessions are read from the database until back');
    }
    down = true;
    retry = setTimeout(start, retryMs);
    retry.unref();
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  };

  const beat = () => {
    const beating = client;
    if (!beating || !listening) return;
    const now = performance.now();
    if (pendingSentAt !== undefined) {
      if (now - pendingSentAt > HEARTBEAT_TIMEOUT_MS) lost(beating, new Error('heartbeat unanswered'));
      return;
    }
    pendingSentAt = now;
    beating.query('select 1').then(
      () => {
        if (client !== beating) return;
        answeredSentAt = now;
        pendingSentAt = undefined;
      },
      (error: unknown) => lost(beating, error),
    );
  };

  // Only a client that cannot even be made fails here (and the sessions are then always read).
  const start = () => {
    connect().catch((error: unknown) => log.warn({ err: error }, 'PostgreSQL change notifications cannot start'));
  };

  async function connect(): Promise<void> {
    const connecting = newClient();
    client = connecting;
    connecting.on('error', (error) => lost(connecting, error));
    connecting.on('end', () => lost(connecting, new Error('connection ended')));
    connecting.on('notification', (message) => {
      if (client === connecting) heard(message.payload);
    });
    // pg's Client.unref (its pool's allowExitOnIdle uses it) is not in @types/pg.
    (connecting as unknown as { unref(): void }).unref();
    try {
      await connecting.connect();
      const { rows } = await connecting.query<{ channel: string | null }>(
        'select user_change_channel(current_schema()) as channel',
      );
      const channel = rows[0]?.channel;
      if (!channel) throw new Error('no schema to listen to');
      await connecting.query(`listen ${connecting.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(connecting, error);
      return;
    }
    if (client !== connecting) return;
    // What changed while nobody listened.
    changes.allChanged();
    listening = true;
    retryMs = RETRY_MIN_MS;
    if (down) log.info('PostgreSQL change notifications are back: sessions are memoized again');
    down = false;
    beat();
  }

  const heartbeat = setInterval(beat, HEARTBEAT_MS);
  heartbeat.unref();
  start();

  return {
    trusted() {
      if (answeredSentAt <= ownWriteAt()) {
        // Not before this process's own last write has been heard: a heartbeat at once says so.
        beat();
        return false;
      }
      const age = performance.now() - answeredSentAt;
      // While requests come, a heartbeat every BUSY_HEARTBEAT_MS: a slow answer (a loaded
      // machine) then seldom outlives the trust, while an idle process beats 25 times a second.
      if (age >= BUSY_HEARTBEAT_MS) beat();
      return age < TRUST_MS;
    },
    async close() {
      closed = true;
      clearInterval(heartbeat);
      clearTimeout(retry);
      const open = client;
      client = undefined;
      listening = false;
      answeredSentAt = -Infinity;
      await open?.end().catch(() => {});
    },
  };
}
