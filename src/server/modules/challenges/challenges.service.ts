import { isForeignKeyViolation } from '../../db/constraint-errors';
import {
  CHALLENGE_RULES,
  EXERCISE_NUMBERS,
  type AdminUserChallenge,
  type Challenge,
  type ChallengeForm,
  type ChallengeRules,
  type ChallengeUpdate,
  type ExerciseNumber,
  type MyChallenges,
  type UserChallenge,
  type UserChallengeStatus,
} from '../../../contract/challenges';
import type { List } from '../../../contract/common';
import type { ChallengeRow, UserChallengeRow, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.repository';
import { challengeDeclinedMail, challengeValidatedMail } from '../mail/mail-templates';
import { readSetting } from '../settings/settings.repository';
import {
  addExperiencePoints,
  countHolders,
  deleteChallenge,
  findApprovedApplication,
  findChallenge,
  findChallenges,
  findUserChallenge,
  findUsers,
  insertChallenge,
  listChallenges,
  listUserChallenges,
  listUserChallengesOf,
  recordExerciseLink,
  transitionUserChallenge,
  updateChallenge as updateChallengeRow,
  type UserRef,
} from './challenges.repository';

const DAY_MS = 24 * 60 * 60 * 1000;

const NOT_FOUND = 'This challenge does not exist.';
const NOT_APPROVED = 'Your application must be approved before you can take the challenges.';
const DEADLINE_PASSED = 'The deadline for the challenges has passed.';

export function toChallenge(row: ChallengeRow): Challenge {
  return {
    ...row,
    difficulty: row.difficulty_level,
    exercise_count: EXERCISE_NUMBERS.filter((n) => Boolean(row[`exercise_${n}_title`])).length,
  };
}

export function toUserChallenge(row: UserChallengeRow, challengeRow: ChallengeRow, user: UserRef): AdminUserChallenge {
  const challenge = toChallenge(challengeRow);
  return {
    ...row,
    user,
    challenge,
    title: challenge.title,
    description: challenge.description,
    difficulty_level: challenge.difficulty_level,
    grade: challenge.grade,
    xp_reward: challenge.xp_reward,
    subject_pdf_url: challenge.subject_pdf_url,
    tinkercad_class_code: challenge.tinkercad_class_code,
    validation_threshold: challenge.validation_threshold,
    exercise_count: challenge.exercise_count,
    completed_exercises_count: EXERCISE_NUMBERS.filter((n) => row[`exercise_${n}_completed`]).length,
    exercise_1_title: challenge.exercise_1_title,
    exercise_1_description: challenge.exercise_1_description,
    exercise_2_title: challenge.exercise_2_title,
    exercise_2_description: challenge.exercise_2_description,
    exercise_3_title: challenge.exercise_3_title,
    exercise_3_description: challenge.exercise_3_description,
    exercise_4_title: challenge.exercise_4_title,
    exercise_4_description: challenge.exercise_4_description,
  };
}

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

export function createChallengesService(deps: Deps) {
  const { db, clock, mail } = deps;

  async function withRefs(rows: UserChallengeRow[]): Promise<AdminUserChallenge[]> {
    const [challenges, users] = await Promise.all([
      findChallenges(db, [...new Set(rows.map((row) => row.challenge_id))]),
      findUsers(db, [...new Set(rows.map((row) => row.user_id))]),
    ]);
    return rows.map((row) => toUserChallenge(row, challenges.get(row.challenge_id)!, users.get(row.user_id)!));
  }

  async function view(row: UserChallengeRow): Promise<AdminUserChallenge> {
    return (await withRefs([row]))[0]!;
  }

  /** The candidate's deadline: the application's review date + the challenge_deadline_days setting. */
  async function deadlineOf(reviewedAt: string | null, now: Date) {
    if (!reviewedAt) return { deadline_at: null, deadline_passed: false, days_remaining: 0 };
    const days = await readSetting(db, 'challenge_deadline_days');
    const deadline = Date.parse(reviewedAt) + days * DAY_MS;
    const passed = now.getTime() > deadline;
    return {
      deadline_at: new Date(deadline).toISOString(),
      deadline_passed: passed,
      days_remaining: passed ? 0 : Math.ceil((deadline - now.getTime()) / DAY_MS),
    };
  }

  /**
   * The candidate's own user challenge, for a change: 404 when it is not theirs, 403 when their
   * application is not approved or the deadline has passed.
   */
  async function ownChallengeForChange(user: UserRow, id: number, now: Date) {
    const row = await findUserChallenge(db, id);
    if (!row || row.user_id !== user.id) throw notFound(NOT_FOUND);
    const application = await findApprovedApplication(db, user.id);
    if (!application) throw forbidden(NOT_APPROVED);
    const deadline = await deadlineOf(application.reviewed_at, now);
    if (deadline.deadline_passed) throw forbidden(DEADLINE_PASSED, 'DEADLINE_PASSED');
    return row;
  }

  return {
    // -------------------------------------------------------------------------------------------
    // Catalog

    async listCatalog(options: { activeOnly: boolean; limit: number; offset: number }): Promise<List<Challenge>> {
      const { rows, total } = await listChallenges(db, options);
      return { data: rows.map(toChallenge), total };
    },

    async createChallenge(actor: UserRow, form: ChallengeForm): Promise<Challenge> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const row = await insertChallenge(trx, {
          ...form,
          created_at: now.toISOString(),
          updated_at: now.toISOString(),
        });
        await recordAudit(trx, {
          action: 'challenge.created',
          entity_type: 'challenge',
          entity_id: row.id,
          actor,
          details: { after: row },
          at: now,
        });
        return toChallenge(row);
      });
    },

    async updateChallenge(actor: UserRow, id: number, changes: ChallengeUpdate): Promise<Challenge> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await findChallenge(trx, id);
        if (!before) throw notFound(NOT_FOUND);
        const after = await updateChallengeRow(trx, id, {
          ...changes,
          updated_at: now.toISOString(),
        });
        if (!after) throw notFound(NOT_FOUND);
        await recordAudit(trx, {
          action: 'challenge.updated',
          entity_type: 'challenge',
          entity_id: id,
          actor,
          details: { before, after },
          at: now,
        });
        return toChallenge(after);
      });
    },

    async deleteChallenge(actor: UserRow, id: number): Promise<void> {
      const now = clock.now();
      const heldMessage = (holders: number) =>
        `This challenge cannot be deleted: ${holders === 1 ? 'a candidate holds' : `${holders} candidates hold`} it ` +
        'and their work would be lost. Deactivate it instead.';
      try {
        await db.transaction().execute(async (trx) => {
          const before = await findChallenge(trx, id);
          if (!before) throw notFound(NOT_FOUND);
          const holders = await countHolders(trx, id);
          if (holders > 0) throw conflict(heldMessage(holders));
          if ((await deleteChallenge(trx, id)) !== 1) throw notFound(NOT_FOUND);
          await recordAudit(trx, {
            action: 'challenge.deleted',
            entity_type: 'challenge',
            entity_id: id,
            actor,
            details: { before },
            at: now,
          });
        });
      } catch (error) {
        // A candidate was assigned it between the count and the delete: the foreign key refused.
        if (isForeignKeyViolation(error)) throw conflict(heldMessage(await countHolders(db, id)));
        throw error;
      }
    },

    // -------------------------------------------------------------------------------------------
    // Candidates

    async myChallenges(user: UserRow): Promise<MyChallenges> {
      const application = await findApprovedApplication(db, user.id);
      if (!application) throw forbidden(NOT_APPROVED);
      const now = clock.now();
      const data: UserChallenge[] = await withRefs(await listUserChallengesOf(db, user.id));
      return {
        data,
        total: data.length,
        completed_count: data.filter((item) => item.status === 'validated').length,
        ...(await deadlineOf(application.reviewed_at, now)),
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
      return view(after);
    },

    async submitExercise(user: UserRow, id: number, n: number, link: string): Promise<UserChallenge> {
      const now = clock.now();
      const before = await ownChallengeForChange(user, id, now);
      const challenge = await findChallenge(db, before.challenge_id);
      if (!isExercise(n) || !challenge?.[`exercise_${n}_title`]) {
        throw notFound(`This challenge has no exercise ${n}.`);
      }
      const after = await db.transaction().execute(async (trx) => {
        const after = await recordExerciseLink(trx, { id, userId: user.id }, n, link, now.toISOString());
        if (!after) {
          throw conflict('Exercises can only be submitted while the challenge is in progress. Start it first.');
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
      return view(after);
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
              ? 'Complete at least one exercise before submitting the challenge for review.'
              : 'Only a challenge in progress can be submitted for review.',
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
        return after;
      });
      return view(after);
    },

    // -------------------------------------------------------------------------------------------
    // Review queue

    async listForReview(options: {
      status?: UserChallengeStatus;
      limit: number;
      offset: number;
    }): Promise<List<AdminUserChallenge>> {
      const { rows, total } = await listUserChallenges(db, options);
      return { data: await withRefs(rows), total };
    },

    async review(
      actor: UserRow,
      id: number,
      decision: {
        status: 'validated' | 'declined';
        feedback?: string | null;
        validation_notes?: string | null;
        awarded_xp?: number | null;
      },
    ): Promise<AdminUserChallenge> {
      const now = clock.now();
      const before = await findUserChallenge(db, id);
      if (!before) throw notFound(NOT_FOUND);
      if (decision.status === 'declined' && !decision.feedback) {
        throw badRequest('Feedback is required to decline a submission.', 'VALIDATION_FAILED', [
          { path: 'feedback', message: 'Feedback is required to decline a submission.' },
        ]);
      }
      if (before.status !== 'pending_validation') throw conflict(notPendingReview(before.status));

      let awardedXp: number | null = null;
      if (decision.status === 'validated') {
        const challenge = (await findChallenge(db, before.challenge_id))!;
        awardedXp = decision.awarded_xp ?? before.total_xp_earned;
        if (awardedXp < challenge.validation_threshold) {
          throw badRequest(
            `The awarded XP (${awardedXp}) is below this challenge's validation threshold ` +
              `(${challenge.validation_threshold}): award at least ${challenge.validation_threshold} or decline it.`,
            'VALIDATION_FAILED',
            [{ path: 'awarded_xp', message: `At least ${challenge.validation_threshold} to validate.` }],
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
        if (!after) throw conflict('This submission has already been reviewed.');
        if (validated && awardedXp) await addExperiencePoints(trx, after.user_id, awardedXp);
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
      return view(after);
    },
  };
}

function isExercise(n: number): n is ExerciseNumber {
  return (EXERCISE_NUMBERS as readonly number[]).includes(n);
}

function cannotStart(status: UserChallengeStatus): string {
  switch (status) {
    case 'in_progress':
      return 'This challenge is already in progress.';
    case 'pending_validation':
      return 'This challenge is waiting for review and cannot be started again.';
    case 'validated':
      return 'This challenge is already completed.';
    default:
      return 'This challenge cannot be started now.';
  }
}

function notPendingReview(status: UserChallengeStatus): string {
  switch (status) {
    case 'validated':
    case 'declined':
      return 'This submission has already been reviewed.';
    default:
      return 'Only a challenge submitted for review can be validated or declined.';
  }
}
