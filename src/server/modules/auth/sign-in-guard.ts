import { RATE_LIMITED_MESSAGE } from '../../../contract/errors';
import type { PaceClock } from '../../clock';
import type { IntraLimits } from '../../config';
import type { Executor } from '../../db/database';
import { AppError } from '../../errors';
import {
  countExchangesUnderWay,
  countSignInStarts,
  recentSignInFailures,
  type Caller,
} from './sign-in-states.repository';

/**
 * What a signed-out caller may spend of the club's 42 allowance (decision 0131). A callback with
 * a made-up code costs an intra call before the intra says `invalid_grant`, and the intra allows
 * the club 1,200 calls an hour in all: so a refused code counts against the address and the
 * visitor that sent it, and past a few a minute their next sign-ins wait, without calling the
 * intra, until the minute has passed. A real sign-in's code is never refused, so a campus behind
 * one address is not held by its own students.
 */
const WINDOW_MS = 60_000;
const FAILURES_PER_ADDRESS = 4;
const FAILURES_PER_VISITOR = 2;
/** Sign-in starts write a state row each: a browser needs a few a minute, a campus many. */
const STARTS_PER_VISITOR = 10;
/** A campus at the intra's pace: twice the sign-ins it can complete in a minute, and at least 120. */
const startsPerAddress = (pace: IntraLimits | null) => (pace ? Math.max(120, pace.perSecond * 60) : null);
/** How long a sign-in waits while its caller's allowance is taken by exchanges under way: about one exchange. */
const UNDER_WAY_WAIT_MS = 1000;

/** Refused codes a minute an address, and a visitor, may send. */
const allowances = (caller: Caller) => [
  { by: { address: caller.address }, limit: FAILURES_PER_ADDRESS },
  ...(caller.visitor === null ? [] : [{ by: { visitor: caller.visitor }, limit: FAILURES_PER_VISITOR }]),
];

export function createSignInGuard(db: Executor, pace: IntraLimits | null, paceClock: PaceClock) {
  /** Claims hold their sign-in until a time of the pace clock (auth.service.ts): an exchange is under way within it. */
  const leaseNow = () => new Date(paceClock.nowMs()).toISOString();
  const perAddress = startsPerAddress(pace);
  const since = (now: Date) => new Date(now.getTime() - WINDOW_MS).toISOString();

  return {
    /** Refuses (429) a start past this visitor's or this address's starts of the last minute. */
    async admitStart(caller: Caller, now: Date): Promise<void> {
      const from = since(now);
      const overVisitor =
        caller.visitor !== null &&
        (await countSignInStarts(db, { visitor: caller.visitor }, from)) >= STARTS_PER_VISITOR;
      const overAddress =
        perAddress !== null && (await countSignInStarts(db, { address: caller.address }, from)) >= perAddress;
      if (overVisitor || overAddress) throw new AppError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
    },

    /**
     * How long this caller's next exchange must wait, in ms: 0 while its address and its visitor
     * are within their refused codes of the last minute, else until the first of them leaves it;
     * a moment while those with refused codes have as many exchanges under way as they have
     * refusals left (decision 0184).
     */
    async exchangeWaitMs(caller: Caller, now: Date): Promise<number> {
      const waits = await Promise.all(
        allowances(caller).map(async ({ by, limit }) => {
          const failures = await recentSignInFailures(db, by, since(now));
          if (failures.count >= limit && failures.first !== null) {
            return Date.parse(failures.first) + WINDOW_MS - now.getTime();
          }
          if (failures.count === 0) return 0;
          const underWay = await countExchangesUnderWay(db, by, leaseNow());
          return failures.count + underWay >= limit ? UNDER_WAY_WAIT_MS : 0;
        }),
      );
      return Math.max(0, ...waits);
    },

    /**
     * Whether this sign-in's code may go to the intra now that its exchange has started: yes
     * unless its address or visitor has refused codes this minute and, counting the exchanges
     * under way that began before it, would go past its allowance (decision 0184). Asked at the
     * slot, after the claim: codes sent at once, or while an earlier one was still being refused,
     * each spent a call before.
     */
    async mayExchange(caller: Caller, exchange: { stateHash: string; exchangeAt: string }, now: Date) {
      for (const { by, limit } of allowances(caller)) {
        const failures = await recentSignInFailures(db, by, since(now));
        if (failures.count === 0) continue;
        const place = await countExchangesUnderWay(db, by, leaseNow(), exchange);
        if (failures.count + place > limit) return false;
      }
      return true;
    },
  };
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;
