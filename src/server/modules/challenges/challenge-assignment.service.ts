import type { AssignedChallenges } from '../../../contract/challenges';
import { CHALLENGES_PER_CANDIDATE } from '../../../contract/constants';
import type { Engine, Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { journeyStep } from '../../read-model/journey';
import { findUserById } from '../users';
import {
  assignChallenges,
  candidatesShortOfChallenges,
  lockApplications,
  missingChallenges,
} from './challenges.repository';

/** Why challenges were assigned after the approval: a challenge was activated, or the board asked. */
export type AssignmentCause = { by: 'activation'; challenge_id: number } | { by: 'board' };

/**
 * Gives every approved candidate at step 1 (or those of `userIds`) who holds fewer challenges than
 * the process requires the challenge just activated, or, when the board asks, every active one they
 * lack in catalog order up to that number; one audit entry each (`challenge.assigned`), inside the
 * caller's transaction; their deadline stays as it was (decision 0145). Answers who got which.
 */
export async function assignMissingChallenges(
  trx: Executor,
  context: { engine: Engine; now: Date; actor: UserRow; cause: AssignmentCause; userIds?: number[] },
): Promise<{ user_id: number; challenge_ids: number[] }[]> {
  const { engine, now, actor, cause, userIds } = context;
  const candidates = await candidatesShortOfChallenges(trx, now, CHALLENGES_PER_CANDIDATE, userIds);
  // Two activations at once take turns on each candidate, the second counting what the first gave.
  await lockApplications(
    trx,
    candidates.map((candidate) => candidate.application_id),
    engine,
  );
  const assigned: { user_id: number; challenge_ids: number[] }[] = [];
  for (const { user_id } of candidates) {
    const only = cause.by === 'activation' ? cause.challenge_id : undefined;
    const challengeIds = await missingChallenges(trx, user_id, CHALLENGES_PER_CANDIDATE, only);
    if (challengeIds.length === 0) continue;
    await assignChallenges(trx, user_id, challengeIds, now.toISOString());
    await recordAudit(trx, {
      action: 'challenge.assigned',
      entity_type: 'user',
      entity_id: user_id,
      actor,
      details: { challenge_ids: challengeIds, by: cause.by },
      at: now,
    });
    assigned.push({ user_id, challenge_ids: challengeIds });
  }
  return assigned;
}

/** The board's Assign challenges on a member's detail, for a candidate the activation did not reach. */
export function createChallengeAssignmentService({ db, clock, engine }: Deps) {
  return {
    async assignTo(userId: number, admin: UserRow): Promise<AssignedChallenges> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        if (!(await findUserById(trx, userId))) throw notFound(/*i18n*/ 'There is no such user.');
        const [assigned] = await assignMissingChallenges(trx, {
          engine,
          now,
          actor: admin,
          cause: { by: 'board' },
          userIds: [userId],
        });
        if (assigned) return { assigned: assigned.challenge_ids.length };
        if ((await journeyStep(trx, userId, now)) !== 1) {
          throw conflict(
            /*i18n*/ 'Challenges are assigned to approved candidates working on their challenges, and this user is not at that step.',
          );
        }
        throw conflict({
          sentence:
            /*i18n*/ 'There is nothing to assign: this candidate holds the {required} challenges the process requires, or every active challenge already.',
          values: { required: CHALLENGES_PER_CANDIDATE },
        });
      });
    },
  };
}
