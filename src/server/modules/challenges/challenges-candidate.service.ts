import {
  CHALLENGE_RULES,
  EXERCISE_NUMBERS,
  type ChallengeRules,
  type ExerciseNumber,
  type MyChallenges,
  type UserChallenge,
  type UserChallengeStatus,
} from '../../../contract/challenges';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { readSetting } from '../../read-model/settings';
import { CHALLENGE_NOT_FOUND as NOT_FOUND, userChallengeView, userChallengeViews } from './challenge-views';
import {
  findApprovedApplication,
  findChallenge,
  findUserChallenge,
  listUserChallengesOf,
  recordExerciseLink,
  transitionUserChallenge,
  type DeadlineFields,
} from './challenges.repository';
import { deadlineOf } from './challenge-deadline';

const NOT_APPROVED = /*i18n*/ 'Your application must be approved before you can take the challenges.';
const DEADLINE_PASSED = /*i18n*/ 'The deadline for the challenges has passed.';

/** The candidate's own challenges: their deadline, starting one, submitting exercises and the whole for review. */
export function createChallengesCandidateService(deps: Deps) {
  const { db, clock, webhooks } = deps;

  const deadlineNow = async (application: DeadlineFields, now: Date) =>
    deadlineOf(application, await readSetting(db, 'challenge_deadline_days'), now);

  /**
   * The candidate's own user challenge, for a change: 404 when it is not theirs, 403 when their
   * application is not approved or the deadline has passed.
   */
  async function ownChallengeForChange(user: UserRow, id: number, now: Date) {
    const row = await findUserChallenge(db, id);
    if (!row || row.user_id !== user.id) throw notFound(NOT_FOUND);
    const application = await findApprovedApplication(db, user.id);
    if (!application) throw forbidden(NOT_APPROVED);
    const deadline = await deadlineNow(application, now);
    if (deadline.deadline_passed) throw forbidden(DEADLINE_PASSED, 'DEADLINE_PASSED');
    return row;
  }

  return {
    async myChallenges(user: UserRow): Promise<MyChallenges> {
      const application = await findApprovedApplication(db, user.id);
      if (!application) throw forbidden(NOT_APPROVED);
      const now = clock.now();
      const data: UserChallenge[] = await userChallengeViews(db, await listUserChallengesOf(db, user.id));
      return {
        data,
        total: data.length,
        completed_count: data.filter((item) => item.status === 'validated').length,
        ...(await deadlineNow(application, now)),
      };
    },

    async rules(): Promise<ChallengeRules> {
      return { ...CHALLENGE_RULES, deadline_days: await readSetting(db, 'challenge_deadline_days') };
    },

    async start(user: UserRow, id: number): Promise<UserChallenge> {
      const now = clock.now();
      const before = await ownChallengeForChange(user, id, now);
      const after = await db.transaction().execute(async (trx) => {
        const after = await transitionUserChallenge(
          trx,
          { id, userId: user.id, from: ['pending', 'declined'] },
          { status: 'in_progress', started_at: now.toISOString(), updated_at: now.toISOString() },
        );
        if (!after) throw conflict(cannotStart(before.status));
        await recordAudit(trx, {
          action: 'challenge.started',
          entity_type: 'user_challenge',
          entity_id: id,
          actor: user,
          details: { before: { status: before.status }, after: { status: after.status } },
          at: now,
        });
        return after;
      });
      return userChallengeView(db, after);
    },

    async submitExercise(user: UserRow, id: number, n: number, link: string): Promise<UserChallenge> {
      const now = clock.now();
      const before = await ownChallengeForChange(user, id, now);
      const challenge = await findChallenge(db, before.challenge_id);
      if (!isExercise(n) || !challenge?.[`exercise_${n}_title`]) {
        throw notFound({ sentence: /*i18n*/ 'This challenge has no exercise {n}.', values: { n } });
      }
      const after = await db.transaction().execute(async (trx) => {
        const after = await recordExerciseLink(trx, { id, userId: user.id }, n, link, now.toISOString());
        if (!after) {
          throw conflict(
            /*i18n*/ 'Exercises can only be submitted while the challenge is in progress. Start it first.',
          );
        }
        await recordAudit(trx, {
          action: 'challenge.exercise_submitted',
          entity_type: 'user_challenge',
          entity_id: id,
          actor: user,
          details: {
            exercise: n,
            before: {
              tinkercad_link: before[`exercise_${n}_tinkercad_link`],
              completed: before[`exercise_${n}_completed`],
              total_xp_earned: before.total_xp_earned,
            },
            after: {
              tinkercad_link: after[`exercise_${n}_tinkercad_link`],
              completed: after[`exercise_${n}_completed`],
              total_xp_earned: after.total_xp_earned,
            },
          },
          at: now,
        });
        return after;
      });
      return userChallengeView(db, after);
    },

    async submitForReview(user: UserRow, id: number): Promise<UserChallenge> {
      const now = clock.now();
      const before = await ownChallengeForChange(user, id, now);
      const after = await db.transaction().execute(async (trx) => {
        const after = await transitionUserChallenge(
          trx,
          { id, userId: user.id, from: ['in_progress'], needsCompletedExercise: true },
          { status: 'pending_validation', submitted_at: now.toISOString(), updated_at: now.toISOString() },
        );
        if (!after) {
          throw conflict(
            before.status === 'in_progress'
              ? /*i18n*/ 'Complete at least one exercise before submitting the challenge for review.'
              : /*i18n*/ 'Only a challenge in progress can be submitted for review.',
          );
        }
        await recordAudit(trx, {
          action: 'challenge.submitted',
          entity_type: 'user_challenge',
          entity_id: id,
          actor: user,
          details: {
            before: { status: before.status, submitted_at: before.submitted_at },
            after: { status: after.status, submitted_at: after.submitted_at, total_xp_earned: after.total_xp_earned },
          },
          at: now,
        });
        const challenge = await findChallenge(trx, after.challenge_id);
        await webhooks.enqueue(
          trx,
          'challenge.submitted',
          {
            user_challenge_id: id,
            challenge_id: after.challenge_id,
            challenge_title: challenge?.title ?? '',
            login: user.intra_login,
          },
          now,
        );
        return after;
      });
      webhooks.kick();
      return userChallengeView(db, after);
    },
  };
}

function isExercise(n: number): n is ExerciseNumber {
  return (EXERCISE_NUMBERS as readonly number[]).includes(n);
}

function cannotStart(status: UserChallengeStatus): string {
  switch (status) {
    case 'in_progress':
      return /*i18n*/ 'This challenge is already in progress.';
    case 'pending_validation':
      return /*i18n*/ 'This challenge is waiting for review and cannot be started again.';
    case 'validated':
      return /*i18n*/ 'This challenge is already completed.';
    default:
      return /*i18n*/ 'This challenge cannot be started now.';
  }
}
