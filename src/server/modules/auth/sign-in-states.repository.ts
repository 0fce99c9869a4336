import type { Executor } from '../../db/database';
import type { SignInFailure } from '../../db/schema';

export type Caller = { address: string; visitor: string | null };

export async function insertOauthState(
  db: Executor,
  state: { stateHash: string; createdAt: string; expiresAt: string; caller: Caller },
) {
  await db
    .insertInto('oauth_states')
    .values({
      state_hash: state.stateHash,
      created_at: state.createdAt,
      expires_at: state.expiresAt,
      address: state.caller.address,
      visitor: state.caller.visitor,
    })
    .execute();
}

/** Sign-ins this address, or this visitor, started since then (their states not yet used up). */
export async function countSignInStarts(db: Executor, by: { address: string } | { visitor: string }, since: string) {
  const row = await db
    .selectFrom('oauth_states')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('address' in by ? 'address' : 'visitor', '=', 'address' in by ? by.address : by.visitor)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function recordSignInFailure(db: Executor, caller: Caller, at: string): Promise<void> {
  await db
    .insertInto('sign_in_failures')
    .values({ address: caller.address, visitor: caller.visitor, failed_at: at })
    .execute();
}

/** Codes the intra refused from this address, or this visitor, since then: how many, and the first. */
export async function recentSignInFailures(db: Executor, by: { address: string } | { visitor: string }, since: string) {
  const row = await db
    .selectFrom('sign_in_failures')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('failed_at').as('first')])
    .where('address' in by ? 'address' : 'visitor', '=', 'address' in by ? by.address : by.visitor)
    .where('failed_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), first: row.first as string | null };
}

export async function deleteSignInFailuresBefore(db: Executor, before: string): Promise<number> {
  const result = await db.deleteFrom('sign_in_failures').where('failed_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The sign-in of this state, while the state has not expired. */
export async function findSignIn(db: Executor, stateHash: string, now: string) {
  return db
    .selectFrom('oauth_states')
    .select(['code_hash', 'claimed_until', 'slot_at', 'user_id', 'failure', 'expires_at'])
    .where('state_hash', '=', stateHash)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

export type SignInRow = NonNullable<Awaited<ReturnType<typeof findSignIn>>>;

/**
 * Takes the sign-in for this process: only one that no process holds (or whose holder's lease
 * ran out), that has no outcome yet, and with the code that first claimed it.
 */
export async function claimSignIn(
  db: Executor,
  claim: { stateHash: string; codeHash: string; now: string; until: string },
): Promise<boolean> {
  const result = await db
    .updateTable('oauth_states')
    .set({ code_hash: claim.codeHash, claimed_until: claim.until })
    .where('state_hash', '=', claim.stateHash)
    .where((eb) => eb.or([eb('code_hash', 'is', null), eb('code_hash', '=', claim.codeHash)]))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', claim.now)]))
    .where('user_id', 'is', null)
    .where('failure', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Lets a claimed sign-in go without an outcome, as if its callback had not come yet: the next
 * callback meets the guard again (auth.service.ts, a code held at its slot).
 */
export async function releaseSignIn(db: Executor, stateHash: string): Promise<void> {
  await db
    .updateTable('oauth_states')
    .set({ code_hash: null, claimed_until: null, slot_at: null, exchange_at: null })
    .where('state_hash', '=', stateHash)
    .where('user_id', 'is', null)
    .where('failure', 'is', null)
    .execute();
}

/** The sign-in's code goes to the intra now: its exchange is under way until its outcome. */
export async function startExchange(db: Executor, stateHash: string, at: string): Promise<void> {
  await db.updateTable('oauth_states').set({ exchange_at: at }).where('state_hash', '=', stateHash).execute();
}

/**
 * The exchanges of this address, or this visitor, under way (no outcome yet, the lease of the
 * process carrying it out not run out at `now`), those that began by `before` (an exchange_at
 * and a state hash) only: an exchange's place among them, the first 1.
 */
export async function countExchangesUnderWay(
  db: Executor,
  by: { address: string } | { visitor: string },
  now: string,
  before?: { exchangeAt: string; stateHash: string },
): Promise<number> {
  const row = await db
    .selectFrom('oauth_states')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('address' in by ? 'address' : 'visitor', '=', 'address' in by ? by.address : by.visitor)
    .where('exchange_at', 'is not', null)
    .where('user_id', 'is', null)
    .where('failure', 'is', null)
    .where('claimed_until', '>', now)
    .$if(before !== undefined, (qb) =>
      qb.where((eb) =>
        eb.or([
          eb('exchange_at', '<', before!.exchangeAt),
          eb.and([eb('exchange_at', '=', before!.exchangeAt), eb('state_hash', '<=', before!.stateHash)]),
        ]),
      ),
    )
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The slot the sign-in waits for; the lease and the state's life last past it. */
export async function setSignInSlot(
  db: Executor,
  stateHash: string,
  slot: { slotAt: string; claimedUntil: string; expiresAt: string },
): Promise<void> {
  await db
    .updateTable('oauth_states')
    .set({ slot_at: slot.slotAt, claimed_until: slot.claimedUntil })
    .set((eb) => ({
      expires_at: eb
        .case()
        .when('expires_at', '<', slot.expiresAt)
        .then(slot.expiresAt)
        .else(eb.ref('expires_at'))
        .end(),
    }))
    .where('state_hash', '=', stateHash)
    .execute();
}

export async function recordSignInOutcome(
  db: Executor,
  stateHash: string,
  outcome: { userId: number } | { failure: SignInFailure },
): Promise<void> {
  await db
    .updateTable('oauth_states')
    .set('userId' in outcome ? { user_id: outcome.userId } : { failure: outcome.failure })
    .where('state_hash', '=', stateHash)
    .execute();
}

/** Uses a finished sign-in's state up: its outcome once, to whoever asks first. */
export async function consumeSignIn(db: Executor, stateHash: string) {
  return db
    .deleteFrom('oauth_states')
    .where('state_hash', '=', stateHash)
    .where((eb) => eb.or([eb('user_id', 'is not', null), eb('failure', 'is not', null)]))
    .returning(['user_id', 'failure'])
    .executeTakeFirst();
}

export async function deleteExpiredOauthStates(db: Executor, now: string): Promise<number> {
  const result = await db.deleteFrom('oauth_states').where('expires_at', '<=', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}
