import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { authCallbackQuerySchema } from '../../../contract/auth';
import { BANNED_MESSAGE } from '../../../contract/errors';
import type { Locale } from '../../../contract/locales';
import type { UserRow, SignInFailure } from '../../db/schema';
import type { Deps } from '../../deps';
import { isUniqueViolation } from '../../db/constraint-errors';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { recordAudit } from '../audit';
import { findUserById, upsertUserFromProfile } from '../users';
import { CredentialsRefused, ProviderError, type IntraClient } from './intra-client';
import type { IntraPacer } from './intra-pacer';
import type { IntraStatus } from './intra-status';
import { profileToUserFields } from './intra-profile';
import { deleteSession, insertSession } from './sessions.repository';
import { createSignInGuard } from './sign-in-guard';
import {
  claimSignIn,
  consumeSignIn,
  findSignIn,
  insertOauthState,
  recordSignInFailure,
  recordSignInOutcome,
  releaseSignIn,
  setSignInSlot,
  startExchange,
  type Caller,
  type SignInRow,
} from './sign-in-states.repository';
import { hashToken, newToken, OAUTH_STATE_TTL_MS, SESSION_TTL_MS } from './session-token';

type CallbackQuery = z.output<typeof authCallbackQuerySchema>;

/** How long a callback request waits for its sign-in before answering 202 (docs/product/opening-day.md#opening-day: within 2 s). */
const ANSWER_WITHIN_MS = 1500;
/** How long a process holds a sign-in past its last slot before another may take it over. */
const LEASE_MS = 30_000;
/** Bounds of the wait the browser is told before it asks again. */
const MIN_RETRY_MS = 500;
const MAX_RETRY_MS = 10_000;

const INVALID_STATE = /*i18n*/ 'The sign-in link is invalid or has expired. Please sign in again.';
const INTRA_CREDENTIALS = /*i18n*/ "Sign-in with 42 is unavailable: the club must renew its 42 application's secret.";
const LOGIN_TAKEN = /*i18n*/ 'This 42 login belongs to another account here. Please contact the board.';

export type SignInOutcome =
  | { status: 'done'; user: UserRow; token: string; expiresAt: Date }
  | { status: 'waiting'; retryAfterMs: number; position: number; stateExpiresAt: Date };

class SignInRefused extends Error {
  constructor(readonly failure: SignInFailure) {
    super(failure);
  }
}

function failureError(failure: SignInFailure): AppError {
  if (failure === 'BANNED') return forbidden(BANNED_MESSAGE, 'BANNED');
  if (failure === 'LOGIN_TAKEN') return conflict(LOGIN_TAKEN);
  if (failure === 'CREDENTIALS') return new AppError(502, 'INTRA_CREDENTIALS', INTRA_CREDENTIALS);
  return new AppError(502, 'BAD_GATEWAY', /*i18n*/ 'Authentication failed');
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Sign-in with the 42 intra, at the pace the intra allows (decision 0107). The first callback
 * request claims the sign-in and starts it in this process: the two calls to the intra wait for
 * their slots, then the user is written and the state row records the outcome. Any process
 * answering a later call with the same code and state reads that outcome, creates the session
 * and uses the state up; until then it answers "waiting" with the place in line.
 */
export function createAuthService(deps: Deps, intra: IntraClient, pacer: IntraPacer, intraStatus: IntraStatus) {
  const { db, clock } = deps;
  // Slots, leases and waits are on the intra's pace clock; the state's expiry on the app's clock.
  const { nowMs, sleep } = deps.paceClock;
  const guard = createSignInGuard(db, deps.config.intraRateLimit, deps.paceClock);
  /** The sign-ins this process is carrying out, by state hash. */
  const running = new Map<string, Promise<void>>();

  /** `signInLocale`: what the browser's Accept-Language asked for (their emails' language until they choose one). */
  async function carryOut(
    stateHash: string,
    code: string,
    signInLocale: Locale | undefined,
    caller: Caller,
  ): Promise<void> {
    try {
      const slots = await pacer.reserve(2);
      const waitMs = slots[0]! - nowMs();
      // Only a sign-in that waits in line has a place to tell: one that goes at once (the intra
      // idle, or unpaced) spares the write, within the lease its claim took.
      if (waitMs > ANSWER_WITHIN_MS / 2) {
        await setSignInSlot(db, stateHash, {
          slotAt: iso(slots[0]!),
          claimedUntil: iso(slots[1]! + LEASE_MS),
          // Waiting in line must not outlive the state: it lasts its ten minutes past the slot.
          expiresAt: iso(clock.now().getTime() + waitMs + OAUTH_STATE_TTL_MS),
        });
      }
      if (waitMs > 0) await sleep(slots[0]! - nowMs());
      // At its slot the code goes to the intra only within its caller's allowance, counting the
      // codes refused meanwhile and those still being exchanged (decisions 0183, 0184): else the
      // claim is released, and the callback page, asking again, meets the guard.
      const exchange = { stateHash, exchangeAt: iso(nowMs()) };
      await startExchange(db, stateHash, exchange.exchangeAt);
      if (!(await guard.mayExchange(caller, exchange, clock.now()))) {
        await releaseSignIn(db, stateHash);
        return;
      }
      const { profile, secretValidUntil } = await intra.fetchProfile(code, slots);
      await intraStatus.credentialsAccepted(secretValidUntil);
      const fields = { ...profileToUserFields(profile), sign_in_locale: signInLocale };
      const grantAdmin = deps.config.adminLogins.includes(fields.intra_login);
      await db.transaction().execute(async (trx) => {
        const user = await upsertUserFromProfile(trx, fields, grantAdmin, clock.now()).catch((error: unknown) => {
          // The intra gave this login to another account: never merge two people.
          throw isUniqueViolation(error) ? new SignInRefused('LOGIN_TAKEN') : error;
        });
        // Thrown inside the transaction: a refused sign-in changes nothing.
        if (user.is_banned) throw new SignInRefused('BANNED');
        await recordSignInOutcome(trx, stateHash, { userId: user.id });
      });
    } catch (error) {
      let failure: SignInFailure = 'PROVIDER';
      if (error instanceof SignInRefused) failure = error.failure;
      else if (error instanceof CredentialsRefused) {
        failure = 'CREDENTIALS';
        // Logged there, once a minute at most: every sign-in meets it until the secret is replaced.
        await intraStatus.credentialsRefused().catch((cause: unknown) => deps.log.warn({ err: cause }));
      } else if (error instanceof ProviderError && error.oauthError === 'invalid_grant') {
        // A code the intra refused: counted against whoever sent it (sign-in-guard.ts).
        await recordSignInFailure(db, caller, clock.now().toISOString()).catch((cause: unknown) =>
          deps.log.warn({ err: cause }),
        );
      } else deps.log.warn({ err: error }, 'sign-in with the intra failed');
      await recordSignInOutcome(db, stateHash, { failure }).catch((cause: unknown) =>
        deps.log.warn({ err: cause }, 'the outcome of a failed sign-in could not be recorded'),
      );
    }
  }

  /** The sign-in's row once it has an outcome, or as it stands after waiting at most `withinMs`. */
  async function awaitOutcome(stateHash: string, withinMs: number): Promise<SignInRow | undefined> {
    const deadline = nowMs() + withinMs;
    const local = running.get(stateHash);
    if (local) await Promise.race([local, sleep(withinMs)]);
    for (;;) {
      const row = await findSignIn(db, stateHash, clock.now().toISOString());
      if (!row || row.user_id !== null || row.failure !== null || nowMs() >= deadline) return row;
      // Carried out by another process: look again shortly.
      await sleep(Math.min(100, deadline - nowMs()));
    }
  }

  /** Uses the state up and, when the intra said yes, opens the session. */
  async function finish(stateHash: string): Promise<SignInOutcome> {
    const token = newToken();
    const now = clock.now();
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
    const outcome = await db.transaction().execute(async (trx) => {
      const consumed = await consumeSignIn(trx, stateHash);
      if (!consumed) return { error: badRequest(INVALID_STATE, 'INVALID_STATE') };
      if (consumed.failure) return { error: failureError(consumed.failure) };
      const user = await findUserById(trx, consumed.user_id!);
      if (!user) return { error: badRequest(INVALID_STATE, 'INVALID_STATE') };
      if (user.is_banned) return { error: forbidden(BANNED_MESSAGE, 'BANNED') };
      await insertSession(trx, {
        user_id: user.id,
        token_hash: hashToken(token),
        expires_at: expiresAt.toISOString(),
        created_at: now.toISOString(),
      });
      await recordAudit(trx, { action: 'auth.sign_in', entity_type: 'user', entity_id: user.id, actor: user, at: now });
      return { user };
    });
    // Thrown after the commit: the state is used up, whatever the outcome.
    if ('error' in outcome) throw outcome.error;
    return { status: 'done', user: outcome.user, token, expiresAt };
  }

  /** A sign-in held back without calling the intra (sign-in-guard.ts): asked again once the wait is over. */
  function held(row: SignInRow, waitMs: number): SignInOutcome {
    const retryAfterMs = Math.round(Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, waitMs)));
    return { status: 'waiting', retryAfterMs, position: 1, stateExpiresAt: new Date(row.expires_at) };
  }

  function waiting(row: SignInRow): SignInOutcome {
    const untilSlot = row.slot_at ? Date.parse(row.slot_at) - nowMs() : 0;
    // Two calls a sign-in: each place ahead in line is two steps of the pace.
    const perSignIn = Math.max(1, 2 * pacer.stepMs);
    const position = Math.max(1, Math.floor(untilSlot / perSignIn) + 1);
    const retryAfterMs = Math.round(
      Math.min(MAX_RETRY_MS, Math.max(MIN_RETRY_MS, untilSlot + perSignIn - ANSWER_WITHIN_MS)),
    );
    return { status: 'waiting', retryAfterMs, position, stateExpiresAt: new Date(row.expires_at) };
  }

  return {
    /** A new single-use state, remembered for 10 minutes; the caller binds it to the browser. */
    async startSignIn(caller: Caller): Promise<{ state: string; url: URL }> {
      const now = clock.now();
      await guard.admitStart(caller, now);
      const state = newToken();
      await insertOauthState(db, {
        stateHash: hashToken(state),
        createdAt: now.toISOString(),
        expiresAt: iso(now.getTime() + OAUTH_STATE_TTL_MS),
        caller,
      });
      return { state, url: intra.authorizationUrl(state) };
    },

    async completeSignIn(
      input: CallbackQuery & { cookieState?: string; locale?: Locale; caller: Caller },
    ): Promise<SignInOutcome> {
      const { code, state, cookieState, locale, caller } = input;
      if (!code || !state) throw badRequest(/*i18n*/ 'Missing OAuth parameters', 'MISSING_OAUTH_PARAMETERS');
      if (!cookieState || !sameText(state, cookieState)) throw badRequest(INVALID_STATE, 'INVALID_STATE');
      const stateHash = hashToken(state);
      const codeHash = hashToken(code);

      let row = await findSignIn(db, stateHash, clock.now().toISOString());
      // Another code for a state already claimed is not the browser that started it.
      if (!row || (row.code_hash !== null && row.code_hash !== codeHash))
        throw badRequest(INVALID_STATE, 'INVALID_STATE');
      if (row.user_id === null && row.failure === null) {
        // Not yet claimed: its caller may have sent too many refused codes this minute.
        if (row.code_hash === null && !running.has(stateHash)) {
          const waitMs = await guard.exchangeWaitMs(caller, clock.now());
          if (waitMs > 0) return held(row, waitMs);
        }
        const now = nowMs();
        if (
          !running.has(stateHash) &&
          (await claimSignIn(db, { stateHash, codeHash, now: iso(now), until: iso(now + LEASE_MS) }))
        ) {
          const job = carryOut(stateHash, code, locale, caller).finally(() => running.delete(stateHash));
          running.set(stateHash, job);
        }
        row = await awaitOutcome(stateHash, ANSWER_WITHIN_MS);
        if (!row) throw badRequest(INVALID_STATE, 'INVALID_STATE');
      }
      return row.user_id !== null || row.failure !== null ? finish(stateHash) : waiting(row);
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

    /** Lets the sign-ins under way write their outcome before the database closes (bounded). */
    async drain(withinMs: number): Promise<void> {
      await Promise.race([Promise.allSettled(running.values()), sleep(withinMs)]);
    },
  };
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
