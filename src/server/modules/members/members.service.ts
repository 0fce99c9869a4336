import { CHALLENGES_PER_CANDIDATE } from '../../../contract/constants';
import type { MemberListFilter } from '../../../contract/members';
import type { Role } from '../../../contract/users';
import type { Transaction } from 'kysely';
import type { DB, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { holdFor } from '../../undo-hold';
import { recordAudit } from '../audit';
import { deleteUserSessions } from '../auth';
import { deadlineOf } from '../challenges';
import { findApprovedApplication, missingChallenges } from '../challenges';
import { journeyStep, journeyStepsOf, journeySummary } from '../../read-model/journey';
import { readSetting } from '../../read-model/settings';
import { welcomeMail } from '../mail';
import { createPrivacyService } from '../privacy';
import { activeAdminIds, changeRole, findUserById, isLastAdmin, LAST_ADMIN, updateUser } from '../users';
import { blindReviewOn, candidatesHiddenFrom } from '../../read-model/blind-review';
import { applicationsOfUser, listCampuses, listMembers, recentActivity } from './members.repository';

export function createMembersService(deps: Deps) {
  const { db, clock, engine, mail } = deps;
  const privacy = createPrivacyService(deps);

  /** Loads the target inside the transaction, with the admins locked, for one guarded change. */
  async function change<T>(
    id: number,
    work: (trx: Transaction<DB>, target: UserRow, admins: number[], now: Date) => Promise<T>,
  ): Promise<T> {
    return db.transaction().execute(async (trx) => {
      const admins = await activeAdminIds(trx, engine);
      const target = await findUserById(trx, id);
      if (!target) throw notFound(/*i18n*/ 'There is no such user.');
      return work(trx, target, admins, clock.now());
    });
  }

  return {
    async list(filter: MemberListFilter) {
      const now = clock.now();
      const { data, total } = await listMembers(db, filter, engine, now);
      // The step of the page's users only: a few index lookups each (decision 0154).
      const steps = await journeyStepsOf(
        db,
        data.map((user) => user.id),
        now,
      );
      return { data: data.map((user) => ({ ...user, step: steps.get(user.id)?.step ?? null })), total };
    },

    campuses: async () => ({ data: await listCampuses(db) }),

    /**
     * The user, what they did and what was done to them, their applications and journey, as the
     * admin may see them: under blind review an application the admin has not voted on is left
     * out, with the entries about it, and only counted (decision 0136).
     */
    async detail(id: number, admin: UserRow) {
      const now = clock.now();
      // Everything at once: what belongs to no user is empty, and the answer is then a 404.
      const [user, activity, applications, journey, approved, deadlineDays, blindReview] = await Promise.all([
        findUserById(db, id),
        recentActivity(db, id),
        applicationsOfUser(db, id),
        journeySummary(db, id, now),
        findApprovedApplication(db, id),
        readSetting(db, 'challenge_deadline_days'),
        blindReviewOn(db),
      ]);
      if (!user || !journey) throw notFound(/*i18n*/ 'There is no such user.');
      const [assignable, hidden] = await Promise.all([
        journey.step === 1 ? missingChallenges(db, id, CHALLENGES_PER_CANDIDATE) : [],
        candidatesHiddenFrom(
          db,
          admin,
          applications.map((application) => application.id),
          blindReview,
        ),
      ]);
      const aboutHidden = (entry: { entity_type: string; entity_id: number | null }) =>
        entry.entity_type === 'application' && hidden.has(entry.entity_id!);
      return {
        user,
        recent_activity: activity.filter((entry) => !aboutHidden(entry)),
        applications: applications.filter((application) => !hidden.has(application.id)),
        hidden_applications: hidden.size,
        journey,
        challenge_deadline: approved ? deadlineOf(approved, deadlineDays, now) : null,
        assignable_challenges: assignable.length,
      };
    },

    async setRole(id: number, role: Role, actor: UserRow) {
      const user = await change(id, async (trx, target, _admins, now) => {
        if (target.role === role) return target;
        // Making a candidate at board approval a member is the board's final "yes".
        const finalApproval = role === 'member' && (await journeyStep(trx, id, now)) === 3;
        // Conditional: of two concurrent changes one moves the row, so one audit entry and one mail.
        if (await changeRole(trx, id, target.role, role, now.toISOString())) {
          await recordAudit(trx, {
            action: 'user.role_changed',
            entity_type: 'user',
            entity_id: id,
            actor,
            details: { before: { role: target.role }, after: { role } },
            at: now,
          });
          // The welcome waits out the approval's undo window; setting the role back withdraws it.
          const welcome = holdFor(`member-welcome:${id}`, now);
          if (finalApproval) await mail.enqueue(trx, [id], welcomeMail(), now, welcome);
          if (target.role === 'member') await mail.withdraw(trx, welcome.key, now);
        }
        return (await findUserById(trx, id))!;
      });
      mail.kick();
      return user;
    },

    setBanned: (id: number, banned: boolean, actor: UserRow) =>
      change(id, async (trx, target, admins, now) => {
        if (banned && id === actor.id) throw conflict(/*i18n*/ 'You cannot ban yourself.');
        if (banned && isLastAdmin(target, admins)) throw conflict(LAST_ADMIN);
        if (target.is_banned !== banned) {
          await updateUser(trx, id, { is_banned: banned, updated_at: now.toISOString() });
          const revoked = banned ? await deleteUserSessions(trx, id) : 0;
          await recordAudit(trx, {
            action: banned ? 'user.banned' : 'user.unbanned',
            entity_type: 'user',
            entity_id: id,
            actor,
            details: {
              before: { is_banned: target.is_banned },
              after: { is_banned: banned },
              ...(banned ? { sessions_revoked: revoked } : {}),
            },
            at: now,
          });
        }
        return (await findUserById(trx, id))!;
      }),

    setAdmin: (id: number, isAdmin: boolean, actor: UserRow) =>
      change(id, async (trx, target, admins, now) => {
        if (!isAdmin && isLastAdmin(target, admins)) throw conflict(LAST_ADMIN);
        if (target.is_admin !== isAdmin) {
          await updateUser(trx, id, { is_admin: isAdmin, updated_at: now.toISOString() });
          await recordAudit(trx, {
            action: isAdmin ? 'user.admin_granted' : 'user.admin_revoked',
            entity_type: 'user',
            entity_id: id,
            actor,
            details: { before: { is_admin: target.is_admin }, after: { is_admin: isAdmin } },
            at: now,
          });
        }
        return (await findUserById(trx, id))!;
      }),

    /** An admin's Delete: the erasure of decisions §15 (another's account; one's own is DELETE /api/users/me). */
    async remove(id: number, actor: UserRow) {
      if (id === actor.id) throw conflict(/*i18n*/ 'You cannot delete yourself.');
      await privacy.eraseUser(id, actor);
    },
  };
}
