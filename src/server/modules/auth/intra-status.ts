import type { Deps } from '../../deps';
import { readIntraStatus, writeIntraStatus } from './intra-status.repository';

/** An error about the club's credentials goes to the log once a minute at most (decisions §13). */
const LOG_EVERY_MS = 60_000;

export type IntraHealth = {
  credentialsRefused: boolean;
  /** The end of the secret's validity as the intra last announced it, when it did. */
  secretExpiresAt: string | null;
};

/**
 * What the intra says of the club's own 42 application, kept in the database so that every
 * process tells the same: refused credentials (a secret expired or mistyped) until a sign-in
 * succeeds again, and the secret's end date from the token answers. Written only when it
 * changes: a sign-in reads one row, and writes only on the first success after a refusal or
 * when the announced date moves.
 */
export function createIntraStatus(deps: Pick<Deps, 'db' | 'clock' | 'log'>) {
  const { db, clock, log } = deps;
  let loggedAt = -Infinity;

  return {
    async read(): Promise<IntraHealth> {
      const row = await readIntraStatus(db);
      return { credentialsRefused: row.credentials_refused_at !== null, secretExpiresAt: row.secret_valid_until };
    },

    /** The intra answered `invalid_client` to the club's credentials. */
    async credentialsRefused(): Promise<void> {
      const now = clock.now();
      if (now.getTime() - loggedAt >= LOG_EVERY_MS) {
        loggedAt = now.getTime();
        log.error(
          'the 42 intra refuses FT_CLIENT_ID/FT_CLIENT_SECRET (invalid_client): nobody can sign in until the ' +
            "club replaces its 42 application's secret (README: Replacing the 42 secret)",
        );
      }
      const row = await readIntraStatus(db);
      if (row.credentials_refused_at === null)
        await writeIntraStatus(db, { credentials_refused_at: now.toISOString() });
    },

    /** The intra accepted the credentials; `secretValidUntil` in seconds since 1970 when it said. */
    async credentialsAccepted(secretValidUntil: number | undefined): Promise<void> {
      const row = await readIntraStatus(db);
      const changes: Parameters<typeof writeIntraStatus>[1] = {};
      if (row.credentials_refused_at !== null) changes.credentials_refused_at = null;
      if (secretValidUntil !== undefined) {
        const validUntil = new Date(secretValidUntil * 1000).toISOString();
        if (validUntil !== row.secret_valid_until) changes.secret_valid_until = validUntil;
      }
      if (Object.keys(changes).length > 0) await writeIntraStatus(db, changes);
    },
  };
}

export type IntraStatus = ReturnType<typeof createIntraStatus>;
