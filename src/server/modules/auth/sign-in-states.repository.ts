import type { Executor } from '../../db/database';
import type { SignInFailure } from '../../db/schema';

export async function insertOauthState(db: Executor, stateHash: string, createdAt: string, expiresAt: string) {
  await db
    .insertInto('oauth_states')
    .values({ state_hash: stateHash, created_at: createdAt, expires_at: expiresAt })
    .execute();
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
