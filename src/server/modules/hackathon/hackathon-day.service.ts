import { JUDGE_ROLE_MESSAGE, type CheckIn } from '../../../contract/hackathon';
import type { SignedInUser, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, forbidden, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { requireEvent } from './hackathon-events.service';
import {
  clearCheckIn,
  findCheckIn,
  judgeCandidates,
  judgesEvent,
  listJudgingEvents,
  listJudges,
  markCheckedIn,
  replaceJudges,
} from './hackathon.repository';

/** Who may be named a judge (spec §14): an admin, or a club member or board member. */
const JUDGE_ROLES: readonly string[] = ['member', 'board'];

/** The hackathon day (spec §14, decision 0163): the judges of each event, and the check-in at the door. */
export function createHackathonDayService(deps: Deps) {
  const { db, clock, engine } = deps;

  /** An admin, or a judge of this event; anyone else 403 (the route's guard has let in judges of any event). */
  async function requireJudgeOf(eventId: number, user: SignedInUser) {
    await requireEvent(db, eventId);
    if (user.is_admin) return;
    if (!(await judgesEvent(db, eventId, user.id))) {
      throw forbidden(/*i18n*/ 'You are not a judge of this hackathon event.');
    }
  }

  return {
    /** The events on the caller's /judge page: all of them for an admin, else the ones they judge. */
    async judgingEvents(user: SignedInUser) {
      const data = await listJudgingEvents(db, user.is_admin ? null : user.id);
      return { data, total: data.length };
    },

    async judges(eventId: number) {
      await requireEvent(db, eventId);
      const data = await listJudges(db, eventId);
      return { data, total: data.length };
    },

    /** Replaces the event's judges with `userIds`, in one transaction, audited with the lists before and after. */
    async setJudges(eventId: number, userIds: number[], admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await requireEvent(trx, eventId, engine);
        const found = await judgeCandidates(trx, userIds);
        const refused = userIds.flatMap((id) => {
          const user = found.find((row) => row.id === id);
          if (!user) return [`#${id}`];
          return user.is_admin || JUDGE_ROLES.includes(user.role) ? [] : [user.intra_login];
        });
        if (refused.length > 0) {
          throw badRequest({ sentence: JUDGE_ROLE_MESSAGE, values: { logins: refused.join(', ') } });
        }
        const before = (await listJudges(trx, eventId)).map((judge) => judge.id);
        await replaceJudges(trx, eventId, userIds, now.toISOString());
        await recordAudit(trx, {
          action: 'hackathon.judges_set',
          entity_type: 'hackathon_event',
          entity_id: eventId,
          actor: admin,
          details: { before: { judges: before }, after: { judges: userIds } },
          at: now,
        });
        const data = await listJudges(trx, eventId);
        return { data, total: data.length };
      });
    },

    /**
     * Checks in the registrant whose code this is, once: the same code again answers the same
     * moment and writes nothing. A code of another event, or of none, is 404.
     */
    async checkIn(eventId: number, code: string, user: SignedInUser): Promise<CheckIn> {
      await requireJudgeOf(eventId, user);
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const found = await findCheckIn(trx, eventId, { code });
        if (!found) throw notFound(/*i18n*/ 'No registration of this event has this check-in code.');
        if (await markCheckedIn(trx, found.registration_id, now.toISOString(), user.id)) {
          await recordAudit(trx, {
            action: 'hackathon.checked_in',
            entity_type: 'hackathon_registration',
            entity_id: found.registration_id,
            actor: user,
            details: { after: { event_id: eventId, user_id: found.registrant.id } },
            at: now,
          });
        }
        const after = (await findCheckIn(trx, eventId, { registrationId: found.registration_id }))!;
        return { ...after, checked_in_at: after.checked_in_at! };
      });
    },

    /** Undoes a check-in of the event (nothing to undo is no error); 404 for a registration of another event. */
    async undoCheckIn(eventId: number, registrationId: number, user: SignedInUser) {
      await requireJudgeOf(eventId, user);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const found = await findCheckIn(trx, eventId, { registrationId });
        if (!found) throw notFound(/*i18n*/ 'There is no such registration for this hackathon event.');
        if (await clearCheckIn(trx, registrationId)) {
          await recordAudit(trx, {
            action: 'hackathon.check_in_undone',
            entity_type: 'hackathon_registration',
            entity_id: registrationId,
            actor: user,
            details: {
              before: { event_id: eventId, user_id: found.registrant.id, checked_in_at: found.checked_in_at },
            },
            at: now,
          });
        }
      });
    },
  };
}
