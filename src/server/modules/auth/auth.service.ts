import { timingSafeEqual } from 'node:crypto';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/constraint-errors';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { BANNED_MESSAGE } from '../../plugins/session';
import { recordAudit } from '../audit/audit.repository';
import { upsertUserFromProfile } from '../users/users.repository';
import type { IntraClient } from './intra-client';
import { profileToUserFields } from './intra-profile';
import { consumeOauthState, deleteSession, insertOauthState, insertSession } from './sessions.repository';
import { hashToken, newToken, OAUTH_STATE_TTL_MS, SESSION_TTL_MS } from './session-token';

export function createAuthService(deps: Deps, intra: IntraClient) {
  const { db, clock } = deps;

  return {
    /** A new single-use state, remembered for 10 minutes; the caller binds it to the browser. */
    async startSignIn(): Promise<{ state: string; url: URL }> {
      const state = newToken();
      const now = clock.now();
      await insertOauthState(
        db,
        hashToken(state),
        now.toISOString(),
        new Date(now.getTime() + OAUTH_STATE_TTL_MS).toISOString(),
      );
      return { state, url: intra.authorizationUrl(state) };
    },

    async completeSignIn(input: {
      code?: string;
      state?: string;
      cookieState?: string;
    }): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
      const { code, state, cookieState } = input;
      if (!code || !state) throw badRequest('Missing OAuth parameters', 'MISSING_OAUTH_PARAMETERS');
      if (!cookieState || !sameText(state, cookieState)) {
        throw badRequest('The sign-in link is invalid or has expired. Please sign in again.', 'INVALID_STATE');
      }
      if (!(await consumeOauthState(db, hashToken(state), clock.now().toISOString()))) {
        throw badRequest('The sign-in link is invalid or has expired. Please sign in again.', 'INVALID_STATE');
      }

      let profile;
      try {
        profile = await intra.fetchProfile(code);
      } catch (error) {
        deps.log.warn({ err: error }, 'sign-in with the intra failed');
        throw new AppError(502, 'BAD_GATEWAY', 'Authentication failed');
      }

      const fields = profileToUserFields(profile);
      const grantAdmin = deps.config.adminLogins.includes(fields.intra_login);
      const token = newToken();
      const now = clock.now();
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);

      const user = await db.transaction().execute(async (trx) => {
        const user = await upsertUserFromProfile(trx, fields, grantAdmin, now).catch((error: unknown) => {
          // The intra gave this login to another account: never merge two people.
          if (isUniqueViolation(error))
            throw conflict('This 42 login belongs to another account here. Please contact the board.');
          throw error;
        });
        // Thrown inside the transaction: a refused sign-in changes nothing.
        if (user.is_banned) throw forbidden(BANNED_MESSAGE, 'BANNED');
        await insertSession(trx, {
          user_id: user.id,
          token_hash: hashToken(token),
          expires_at: expiresAt.toISOString(),
          created_at: now.toISOString(),
        });
        await recordAudit(trx, {
          action: 'auth.sign_in',
          entity_type: 'user',
          entity_id: user.id,
          actor: user,
          at: now,
        });
        return user;
      });
      return { user, token, expiresAt };
    },

    async signOut(user: UserRow, sessionId: number): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await deleteSession(trx, sessionId);
        await recordAudit(trx, {
          action: 'auth.sign_out',
          entity_type: 'user',
          entity_id: user.id,
          actor: user,
          at: clock.now(),
        });
      });
    },
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
