import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type {
  applicationFormSchema,
  applicationUpdateSchema,
  ApplicationStatus,
  BulkReviewResult,
  reviewSchema,
} from '../../../contract/applications';
import { CHALLENGES_PER_CANDIDATE, UNDO_WINDOW_MS } from '../../../contract/constants';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { DB, UserRow } from '../../db/schema';
import type { Deps, Notification } from '../../deps';
import { holdFor } from '../../undo-hold';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { changeDetails, recordAudit } from '../audit';
import { assignActiveChallenges, withdrawAssignedChallenges } from '../challenges';
import { createEligibilityService } from '../eligibility';
import { journeyStep } from '../../read-model/journey';
import { applicationApprovedMail, applicationDeclinedMail, applicationReceivedMail, finalDeclinedMail } from '../mail';
import { findOpenRound } from '../rounds';
import { readSetting } from '../../read-model/settings';
import { candidatesHiddenFrom } from '../../read-model/blind-review';
import {
  findApplication,
  findApplicationOfUser,
  findReviewUndo,
  forgetReviewUndo,
  insertApplication,
  keepReviewUndo,
  restoreReview,
  transitionApplication,
  updatePendingApplication,
  withdrawPendingApplication,
  type ApplicationView,
  type ReviewState,
} from './applications.repository';

type Form = z.output<typeof applicationFormSchema>;
type Update = z.output<typeof applicationUpdateSchema>;
type ReviewInput = z.output<typeof reviewSchema>;

const ALREADY_APPLIED = /*i18n*/ 'You have already applied. You can edit your application while it is pending.';
const CLOSED = /*i18n*/ 'Applications are closed for now. Please come back when the club opens them again.';
const NO_ROUND = /*i18n*/ 'No recruitment round is open right now. Please come back when the club opens the next one.';
const IN_PROGRESS =
  /*i18n*/ 'Your application from an earlier round is still in progress: you can apply again only once it has been declined or withdrawn.';
/** A declined or withdrawn application is over: its user may apply in a later round (decisions 0121, 0145). */
const ENDED: readonly ApplicationStatus[] = ['declined', 'withdrawn'];
const NO_SUCH_APPLICATION = /*i18n*/ 'There is no such application.';
const APPLIED_AGAIN = /*i18n*/ 'The candidate has applied again since this decision: it stays.';
const DAY_MS = 24 * 60 * 60 * 1000;
/** A decision's mail and webhooks wait out its undo window (decision 0119). */
const decisionHold = (applicationId: number, at: Date) => holdFor(`application-decision:${applicationId}`, at);

export function createApplicationsService(deps: Deps) {
  const { db, clock, mail, webhooks } = deps;
  const eligibility = createEligibilityService(deps);

  /** The candidate's mail about a review: the approval, the first decline, or the board's final "no". */
  async function decisionMail(
    trx: Transaction<DB>,
    input: ReviewInput,
    from: ApplicationStatus,
    challenges: number,
    now: Date,
  ): Promise<Notification> {
    if (input.status === 'declined') {
      return from === 'approved'
        ? finalDeclinedMail({ notes: input.review_notes })
        : applicationDeclinedMail({ notes: input.review_notes });
    }
    const days = await readSetting(trx, 'challenge_deadline_days');
    return applicationApprovedMail({
      challenges,
      deadlineAt: new Date(now.getTime() + days * DAY_MS).toISOString(),
      notes: input.review_notes,
    });
  }

  /** The candidate's login as the board's chat may read it: none under blind review (decision 0136). */
  async function chatLogin(trx: Transaction<DB>, application: { id: number; user: { intra_login: string } }) {
    const hidden = await candidatesHiddenFrom(trx, 'everyone', [application.id]);
    return hidden.has(application.id) ? null : application.user.intra_login;
  }

  /**
   * The rule of docs/product/applications.md#application-review: pending → approved/declined; approved →
   * declined only at step 3.
   */
  async function review(id: number, input: ReviewInput, admin: UserRow): Promise<ApplicationView> {
    const reviewed = await db.transaction().execute((trx) => decide(trx, id, input, admin, clock.now()));
    mail.kick();
    webhooks.kick();
    return reviewed;
  }

  /**
   * One review inside the caller's transaction. Every refusal (an AppError) comes before its
   * first write, so a refused review leaves the transaction as it found it.
   */
  async function decide(
    trx: Transaction<DB>,
    id: number,
    input: ReviewInput,
    admin: UserRow,
    now: Date,
  ): Promise<ApplicationView> {
    const application = await findApplication(trx, id);
    if (!application) throw notFound(/*i18n*/ 'There is no such application.');
    let from: ApplicationStatus;
    if (application.status === 'pending') {
      from = 'pending';
    } else if (application.status === 'approved' && input.status === 'declined') {
      const step = await journeyStep(trx, application.user_id, now);
      if (step !== 3)
        throw conflict(/*i18n*/ 'An approved application can only be declined at the board approval step.');
      from = 'approved';
    } else {
      throw conflict({
        sentence:
          /*i18n*/ 'This application is already {status, select, approved {approved} declined {declined} withdrawn {withdrawn} other {pending}}.',
        values: { status: application.status },
      });
    }
    const decided = {
      status: input.status,
      review_notes: input.review_notes,
      reviewed_at: now.toISOString(),
      reviewed_by: admin.id,
    };
    const moved = await transitionApplication(trx, id, from, decided);
    if (!moved) throw conflict(/*i18n*/ 'This application was reviewed by someone else just now.');
    const assigned =
      input.status === 'approved'
        ? await assignActiveChallenges(trx, application.user_id, CHALLENGES_PER_CANDIDATE, now.toISOString())
        : 0;
    // The review state before, kept for an undo to put back (decision 0119), and in the audit for people to read.
    await keepReviewUndo(trx, id, {
      decided_by: admin.id,
      decided_at: decided.reviewed_at,
      before: {
        status: application.status,
        review_notes: application.review_notes,
        reviewed_at: application.reviewed_at,
        reviewed_by: application.reviewed_by,
      },
    });
    await recordAudit(trx, {
      action: input.status === 'approved' ? 'application.approved' : 'application.declined',
      entity_type: 'application',
      entity_id: id,
      actor: admin,
      details: {
        ...changeDetails<ReviewState>(application, decided),
        ...(input.status === 'approved' ? { challenges_assigned: assigned } : {}),
      },
      at: now,
    });
    const hold = decisionHold(id, now);
    const decisionMessage = await decisionMail(trx, input, from, assigned, now);
    await mail.enqueue(trx, [application.user_id], decisionMessage, now, hold);
    await webhooks.enqueue(
      trx,
      'application.decided',
      { application_id: id, login: await chatLogin(trx, application), status: input.status },
      now,
      hold,
    );
    return (await findApplication(trx, id))!;
  }

  /**
   * Takes back this admin's decision on an application within UNDO_WINDOW_MS of it (decision
   * 0119): the review state before it, the challenges an approval assigned, and its mail and
   * webhooks, which are still held.
   */
  async function undoReview(id: number, admin: UserRow): Promise<ApplicationView> {
    const now = clock.now();
    return db.transaction().execute(async (trx) => {
      const application = await findApplication(trx, id);
      if (!application) throw notFound(/*i18n*/ 'There is no such application.');
      const decision = await findReviewUndo(trx, id);
      const current =
        decision &&
        application.reviewed_at !== null &&
        Date.parse(decision.decided_at) === Date.parse(application.reviewed_at) &&
        decision.decided_by === admin.id;
      if (!current) throw conflict(/*i18n*/ 'There is no decision of yours on this application to undo.');
      if (now.getTime() - Date.parse(decision.decided_at) > UNDO_WINDOW_MS) {
        throw conflict(/*i18n*/ 'The time to undo this decision has passed.');
      }
      const { before } = decision;
      const decided = { status: application.status, reviewed_at: application.reviewed_at! };
      if (before.status === 'pending' && decided.status === 'approved') {
        const withdrawn = await withdrawAssignedChallenges(trx, application.user_id, decided.reviewed_at);
        if (!withdrawn) throw conflict(/*i18n*/ 'The candidate has already begun a challenge: this approval stays.');
      }
      let restored: boolean;
      try {
        restored = await restoreReview(trx, id, decided, before, now.toISOString());
      } catch (error) {
        // A declined candidate who applied in a later round has an application in progress already.
        if (isUniqueViolation(error)) throw conflict(APPLIED_AGAIN);
        throw error;
      }
      if (!restored) throw conflict(/*i18n*/ 'This application was changed by someone else just now.');
      await forgetReviewUndo(trx, id);
      const hold = decisionHold(id, now);
      await mail.withdraw(trx, hold.key, now);
      await webhooks.withdraw(trx, hold.key, now);
      await recordAudit(trx, {
        action: 'application.decision_undone',
        entity_type: 'application',
        entity_id: id,
        actor: admin,
        details: changeDetails<ReviewState>(application, before),
        at: now,
      });
      return (await findApplication(trx, id))!;
    });
  }

  /** The user's latest application, where they stand, and whether a later round would take a new one. */
  async function mine(user: UserRow) {
    const application = await findApplicationOfUser(db, user.id);
    if (!application) throw notFound(/*i18n*/ 'You have not applied yet.');
    const now = clock.now();
    const step = await journeyStep(db, user.id, now);
    const round = ENDED.includes(application.status) ? await findOpenRound(db, now.toISOString()) : undefined;
    const mayApplyAgain =
      round !== undefined && round.id !== application.round_id && (await readSetting(db, 'applications_open'));
    return { ...application, step: step ?? 0, may_apply_again: mayApplyAgain };
  }

  return {
    undoReview,

    /**
     * Takes the application into the round open now (decision 0121): one per user per round, and
     * a new one only once the user's latest was declined or withdrawn.
     */
    async submit(user: UserRow, form: Form): Promise<ApplicationView> {
      // Before "closed": that one passes, this one does not.
      await eligibility.assertMayApply(user);
      if (!(await readSetting(db, 'applications_open'))) throw forbidden(CLOSED);
      const now = clock.now();
      const round = await findOpenRound(db, now.toISOString());
      if (!round) throw forbidden(NO_ROUND);
      try {
        const application = await db.transaction().execute(async (trx) => {
          const latest = await findApplicationOfUser(trx, user.id);
          if (latest?.round_id === round.id) throw conflict(ALREADY_APPLIED);
          if (latest && !ENDED.includes(latest.status)) throw conflict(IN_PROGRESS);
          const id = await insertApplication(trx, {
            user_id: user.id,
            round_id: round.id,
            motivation: form.motivation,
            experience_level: form.experience_level,
            github_profile: form.github_profile,
            portfolio_url: form.portfolio_url,
            selected_project_id: null,
            review_notes: null,
            reviewed_at: null,
            reviewed_by: null,
            privacy_accepted_at: form.privacy_accepted ? now.toISOString() : null,
            created_at: now.toISOString(),
            updated_at: now.toISOString(),
          });
          await recordAudit(trx, {
            action: 'application.submitted',
            entity_type: 'application',
            entity_id: id,
            actor: user,
            details: { after: { status: 'pending', experience_level: form.experience_level, round_id: round.id } },
            at: now,
          });
          await mail.enqueue(trx, [user.id], applicationReceivedMail(), now);
          await webhooks.enqueue(
            trx,
            'application.created',
            { application_id: id, login: await chatLogin(trx, { id, user }) },
            now,
          );
          return (await findApplication(trx, id))!;
        });
        mail.kick();
        webhooks.kick();
        return application;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(ALREADY_APPLIED);
        throw error;
      }
    },

    async update(user: UserRow, id: number, changes: Update): Promise<ApplicationView> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await findApplication(trx, id);
        if (!before || before.user_id !== user.id) throw notFound(NO_SUCH_APPLICATION);
        const { selected_project_id: _ignored, ...fields } = changes;
        const updated = await updatePendingApplication(trx, id, user.id, { ...fields, updated_at: now.toISOString() });
        if (!updated) throw conflict(/*i18n*/ 'Only a pending application can be edited.');
        await recordAudit(trx, {
          action: 'application.updated',
          entity_type: 'application',
          entity_id: id,
          actor: user,
          details: changeDetails(before, fields),
          at: now,
        });
        return (await findApplication(trx, id))!;
      });
    },

    mine,

    /**
     * The candidate takes back their pending application (decision 0145): it becomes `withdrawn`,
     * audited, and they may apply again in a later round. 409 once it is not pending.
     */
    async withdraw(user: UserRow, id: number) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await findApplication(trx, id);
        if (!before || before.user_id !== user.id) throw notFound(NO_SUCH_APPLICATION);
        if (!(await withdrawPendingApplication(trx, id, user.id, now.toISOString()))) {
          throw conflict(/*i18n*/ 'Only a pending application can be withdrawn: the board has already decided on it.');
        }
        await recordAudit(trx, {
          action: 'application.withdrawn',
          entity_type: 'application',
          entity_id: id,
          actor: user,
          details: { before: { status: 'pending' }, after: { status: 'withdrawn' } },
          at: now,
        });
      });
      return mine(user);
    },

    review,

    /**
     * Reviews several applications in one transaction, all or nothing: those the rules refuse (not
     * pending, gone) are skipped and reported, and any other failure takes back every review.
     */
    async bulkReview(ids: number[], input: ReviewInput, admin: UserRow): Promise<BulkReviewResult> {
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const outcome: BulkReviewResult = { reviewed: [], skipped: [] };
        for (const id of [...new Set(ids)]) {
          try {
            await decide(trx, id, input, admin, now);
            outcome.reviewed.push(id);
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            outcome.skipped.push({ id, reason: error.message });
          }
        }
        return outcome;
      });
      mail.kick();
      webhooks.kick();
      return result;
    },
  };
}
