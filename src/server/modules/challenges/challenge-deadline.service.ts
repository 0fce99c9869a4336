import type { ChallengeDeadline } from '../../../contract/challenges';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { deadlineChangedMail } from '../mail';
import { readSetting } from '../../read-model/settings';
import { findUserById } from '../users';
import { deadlineOf } from './challenge-deadline';
import { findApprovedApplication, recordDeadlineRequest, setChallengeDeadline } from './challenges.repository';

const NOT_APPROVED = /*i18n*/ 'Your application must be approved before you can take the challenges.';

/**
 * A candidate's challenge deadline (docs/product/communication.md#deadline-extensions): the board moves it for
 * one person, and a candidate past it asks the board for more time, once.
 */
export function createChallengeDeadlineService({ db, clock, mail }: Deps) {
  return {
    /** Sets the deadline of `userId`'s challenges (null: the default rule); audited, and the candidate is emailed. */
    async setDeadline(userId: number, deadlineAt: string | null, admin: UserRow): Promise<ChallengeDeadline> {
      const now = clock.now();
      if (deadlineAt !== null && Date.parse(deadlineAt) <= now.getTime()) {
        throw badRequest(/*i18n*/ 'The new deadline must be in the future.', 'VALIDATION_FAILED', [
          { path: 'deadline_at', message: /*i18n*/ 'Choose a date and time in the future.' },
        ]);
      }
      const at = deadlineAt === null ? null : new Date(deadlineAt).toISOString();
      const deadline = await db.transaction().execute(async (trx) => {
        if (!(await findUserById(trx, userId))) throw notFound(/*i18n*/ 'There is no such user.');
        const before = await findApprovedApplication(trx, userId);
        if (!before) throw conflict(/*i18n*/ 'This user has no approved application, so no challenge deadline.');
        await setChallengeDeadline(trx, before.id, at, now.toISOString());
        const after = (await findApprovedApplication(trx, userId))!;
        const deadline = deadlineOf(after, await readSetting(trx, 'challenge_deadline_days'), now);
        await recordAudit(trx, {
          action: 'application.deadline_changed',
          entity_type: 'application',
          entity_id: before.id,
          actor: admin,
          details: {
            before: { challenge_deadline_at: before.challenge_deadline_at },
            after: { challenge_deadline_at: at },
            deadline_at: deadline.deadline_at,
          },
          at: now,
        });
        if (deadline.deadline_at) {
          await mail.enqueue(trx, [userId], deadlineChangedMail({ deadlineAt: deadline.deadline_at }), now);
        }
        return deadline;
      });
      mail.kick();
      return deadline;
    },

    /** The candidate's one request for more time, once the deadline has passed. */
    async requestMoreTime(user: UserRow, reason: string): Promise<ChallengeDeadline> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const application = await findApprovedApplication(trx, user.id);
        if (!application) throw forbidden(NOT_APPROVED);
        const days = await readSetting(trx, 'challenge_deadline_days');
        if (!deadlineOf(application, days, now).deadline_passed) {
          throw conflict(/*i18n*/ 'Your deadline has not passed: there is still time to finish your challenges.');
        }
        if (!(await recordDeadlineRequest(trx, application.id, reason, now.toISOString()))) {
          throw conflict(/*i18n*/ 'You have already asked the board for more time.');
        }
        await recordAudit(trx, {
          action: 'application.deadline_requested',
          entity_type: 'application',
          entity_id: application.id,
          actor: user,
          details: { reason },
          at: now,
        });
        return deadlineOf((await findApprovedApplication(trx, user.id))!, days, now);
      });
    },
  };
}
