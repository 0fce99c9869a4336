import type { z } from 'zod';
import {
  EXERCISE_NUMBERS,
  type AdminUserChallenge,
  type UserChallengeStatus,
  type userChallengeListQuerySchema,
  type validateUserChallengeSchema,
} from '../../../contract/challenges';
import type { List } from '../../../contract/common';
import type { UserChallengeRow, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { challengeDeclinedMail, challengeValidatedMail } from '../mail';
import { addExperience } from '../users';
import { CHALLENGE_NOT_FOUND as NOT_FOUND, userChallengeView, userChallengeViews } from './challenge-views';
import { findChallenge, findUserChallenge, listUserChallenges, transitionUserChallenge } from './challenges.repository';

type ReviewQueueQuery = z.output<typeof userChallengeListQuerySchema>;
type Decision = z.output<typeof validateUserChallengeSchema>;

/** What an audit entry keeps of a user challenge: its progress, not the catalog text. */
function progressOf(row: UserChallengeRow) {
  return {
    status: row.status,
    total_xp_earned: row.total_xp_earned,
    awarded_xp: row.awarded_xp,
    completed: row.completed,
    feedback: row.feedback,
    validation_notes: row.validation_notes,
    ...Object.fromEntries(
      EXERCISE_NUMBERS.flatMap((n) => [
        [`exercise_${n}_tinkercad_link`, row[`exercise_${n}_tinkercad_link`]],
        [`exercise_${n}_completed`, row[`exercise_${n}_completed`]],
      ]),
    ),
  };
}

/** The admins' review of submitted challenges: the queue, then validation (with XP) or decline (with feedback). */
export function createChallengesReviewService(deps: Deps) {
  const { db, clock, engine, mail } = deps;

  return {
    async listForReview(query: ReviewQueueQuery): Promise<List<AdminUserChallenge>> {
      const { rows, total } = await listUserChallenges(db, engine, { ...query, challengeId: query.challenge_id });
      return { data: await userChallengeViews(db, rows), total };
    },

    async decide(actor: UserRow, id: number, decision: Decision): Promise<AdminUserChallenge> {
      const now = clock.now();
      const before = await findUserChallenge(db, id);
      if (!before) throw notFound(NOT_FOUND);
      if (decision.status === 'declined' && !decision.feedback) {
        throw badRequest(/*i18n*/ 'Feedback is required to decline a submission.', 'VALIDATION_FAILED', [
          { path: 'feedback', message: /*i18n*/ 'Feedback is required to decline a submission.' },
        ]);
      }
      if (before.status !== 'pending_validation') throw conflict(notPendingReview(before.status));

      let awardedXp: number | null = null;
      if (decision.status === 'validated') {
        const challenge = (await findChallenge(db, before.challenge_id))!;
        awardedXp = decision.awarded_xp ?? before.total_xp_earned;
        if (awardedXp < challenge.validation_threshold) {
          const values = { awarded: awardedXp, threshold: challenge.validation_threshold };
          throw badRequest(
            {
              sentence:
                /*i18n*/ "The awarded XP ({awarded}) is below this challenge's validation threshold ({threshold}): award at least {threshold} or decline it.",
              values,
            },
            'VALIDATION_FAILED',
            [{ path: 'awarded_xp', message: /*i18n*/ 'At least {threshold} to validate.', values }],
          );
        }
      }

      const after = await db.transaction().execute(async (trx) => {
        const validated = decision.status === 'validated';
        const after = await transitionUserChallenge(
          trx,
          { id, from: ['pending_validation'] },
          {
            status: decision.status,
            completed: validated,
            awarded_xp: awardedXp,
            validated_at: validated ? now.toISOString() : null,
            feedback: decision.feedback ?? null,
            validation_notes: decision.validation_notes ?? null,
            updated_at: now.toISOString(),
          },
        );
        // Another admin decided first: this request changes nothing, and the XP is not added twice.
        if (!after) throw conflict(/*i18n*/ 'This submission has already been reviewed.');
        if (validated && awardedXp) await addExperience(trx, [after.user_id], awardedXp);
        await recordAudit(trx, {
          action: validated ? 'challenge.validated' : 'challenge.declined',
          entity_type: 'user_challenge',
          entity_id: id,
          actor,
          details: { user_id: after.user_id, before: progressOf(before), after: progressOf(after) },
          at: now,
        });
        const { title } = (await findChallenge(trx, after.challenge_id))!;
        await mail.enqueue(
          trx,
          [after.user_id],
          validated
            ? challengeValidatedMail({ challenge: title, awardedXp: awardedXp ?? 0, feedback: after.feedback })
            : challengeDeclinedMail({ challenge: title, feedback: after.feedback ?? '' }),
          now,
        );
        return after;
      });
      mail.kick();
      return userChallengeView(db, after);
    },
  };
}

function notPendingReview(status: UserChallengeStatus): string {
  switch (status) {
    case 'validated':
    case 'declined':
      return /*i18n*/ 'This submission has already been reviewed.';
    default:
      return /*i18n*/ 'Only a challenge submitted for review can be validated or declined.';
  }
}
