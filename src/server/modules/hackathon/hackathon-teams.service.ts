import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import { HACKATHON_TEAM_SIZE } from '../../../contract/constants';
import {
  numberedTeamName,
  XP_REASON_MESSAGE,
  type AssignPreview,
  type TeamSeat,
  type teamBodySchema,
  type teamUpdateSchema,
} from '../../../contract/hackathon';
import type { Executor } from '../../db/database';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { recordAudit } from '../audit';
import { addExperience } from '../users';
import { teamAssignedMail } from '../mail';
import { requireEvent, requireTeam } from './hackathon-events.service';
import {
  deleteTeam,
  insertTeams,
  listTeams,
  registeredAmong,
  seat,
  seatedAmong,
  seatOf,
  setRegistrationStatus,
  unseat,
  unseatedPending,
  updateTeam,
  type TeamView,
} from './hackathon.repository';

/** Team sizes for n people in k teams: as even as possible (they differ by at most one). */
export function balancedSizes(people: number, teams: number): number[] {
  return Array.from({ length: teams }, (_, i) => Math.floor(people / teams) + (i < people % teams ? 1 : 0));
}

/** Fisher-Yates with a cryptographic RNG: nobody can predict or steer who sits with whom. */
export function shuffle<T>(items: T[]): T[] {
  const result = [...items];
  for (let i = result.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [result[i], result[j]] = [result[j]!, result[i]!];
  }
  return result;
}

/**
 * What auto-assign does with `waiting` people of an event: ceil(waiting/4) teams, never over
 * `max_teams` in all, the people that fit seated, the rest left pending. The preview the board
 * reads before saying yes is this same plan (decision 0145).
 */
export function assignmentPlan(waiting: number, event: { max_teams: number; teams_count: number }): AssignPreview {
  const wanted = Math.ceil(waiting / HACKATHON_TEAM_SIZE);
  const room = event.max_teams > 0 ? Math.max(0, event.max_teams - event.teams_count) : wanted;
  const teams = Math.min(wanted, room);
  const seated = Math.min(waiting, teams * HACKATHON_TEAM_SIZE);
  return { waiting, teams, seated, left_pending: waiting - seated, team_sizes: balancedSizes(seated, teams) };
}

/** Checks that each user is registered for the event and seated in no other of its teams. */
async function checkMembers(db: Executor, eventId: number, userIds: number[], exceptTeam?: number) {
  if ((await registeredAmong(db, eventId, userIds)).length !== userIds.length) {
    throw conflict(/*i18n*/ 'Every member must be registered for this event.');
  }
  if ((await seatedAmong(db, eventId, userIds, exceptTeam)).length > 0) {
    throw conflict(/*i18n*/ 'A member already sits in another team of this event.');
  }
}

const seatingConflict = (error: unknown) => {
  if (isUniqueViolation(error)) return conflict(/*i18n*/ 'A member already sits in another team of this event.');
  if (isForeignKeyViolation(error)) return conflict(/*i18n*/ 'Every member must be registered for this event.');
  return error;
};

/** The teams of the hackathon events: made by hand or by auto-assign, reseated, scored, removed. */
export function createHackathonTeamsService(deps: Deps) {
  const { db, clock, engine, mail } = deps;

  /** Writes the "you are in a team" mail to the newly seated members of the given teams. */
  async function mailSeated(
    trx: Executor,
    event: { name: string; start_at: string; location: string | null },
    teams: TeamView[],
    seated: number[],
    at: Date,
  ) {
    const teamOf = new Map(teams.flatMap((team) => team.members.map((m) => [m.user_id, team] as const)));
    const notification = teamAssignedMail((userId) => {
      const team = teamOf.get(userId)!;
      return { team: team.name, event, members: team.members };
    });
    await mail.enqueue(trx, seated, notification, at);
  }

  /**
   * Renames, reseats or scores a team, inside the caller's transaction: the one path that sets a
   * team's XP, for §6's PUT and for publishing the results (spec §14). The team's XP is counted in
   * each member's experience points exactly once: members who leave give it back, members who join
   * get it, and a new score moves everyone by the difference. Once the event's results are
   * published, a change of XP takes a reason, kept in the audit entry.
   */
  async function changeTeam(
    trx: Executor,
    id: number,
    changes: z.output<typeof teamUpdateSchema>,
    admin: UserRow,
    now: Date,
  ): Promise<TeamView> {
    const current = await requireTeam(trx, id);
    const event = await requireEvent(trx, current.event_id, engine);
    const team = await requireTeam(trx, id);
    const oldXp = team.hackathon_xp ?? 0;
    const before = team.members.map((m) => m.user_id);
    const { reason, ...fields } = changes;
    let members = before;
    let added: number[] = [];
    if (fields.member_user_ids) {
      members = fields.member_user_ids;
      const removed = before.filter((userId) => !members.includes(userId));
      added = members.filter((userId) => !before.includes(userId));
      if (removed.length) {
        await unseat(trx, id, removed);
        await setRegistrationStatus(trx, team.event_id, removed, 'pending');
        await addExperience(trx, removed, -oldXp);
      }
      if (added.length) {
        await checkMembers(trx, team.event_id, added, id);
        await seat(
          trx,
          added.map((user_id) => ({ team_id: id, event_id: team.event_id, user_id })),
          now.toISOString(),
        );
        await setRegistrationStatus(trx, team.event_id, added, 'assigned');
        await addExperience(trx, added, oldXp);
      }
    }
    if (fields.hackathon_xp !== undefined) {
      if (event.end_at > now.toISOString()) throw conflict(/*i18n*/ 'Team XP can be set once the event is over.');
      if (event.results_published_at !== null && !reason) throw badRequest(XP_REASON_MESSAGE);
      await addExperience(trx, members, (fields.hackathon_xp ?? 0) - oldXp);
    }
    await updateTeam(trx, id, {
      ...(fields.name ? { name: fields.name } : {}),
      ...(fields.hackathon_xp !== undefined ? { hackathon_xp: fields.hackathon_xp } : {}),
      updated_at: now.toISOString(),
    });
    await recordAudit(trx, {
      action: fields.hackathon_xp !== undefined ? 'team.xp_awarded' : 'team.updated',
      entity_type: 'team',
      entity_id: id,
      actor: admin,
      details: {
        before: { name: team.name, members: before, hackathon_xp: team.hackathon_xp },
        after: fields,
        ...(reason ? { reason } : {}),
      },
      at: now,
    });
    const after = await requireTeam(trx, id);
    await mailSeated(trx, event, [after], added, now);
    return after;
  }

  return {
    list: (eventId?: number) => listTeams(db, { eventId }),

    async createTeam(body: z.output<typeof teamBodySchema>, admin: UserRow) {
      const now = clock.now();
      try {
        const created = await db.transaction().execute(async (trx) => {
          const event = await requireEvent(trx, body.event_id, engine);
          if (event.max_teams > 0 && event.teams_count >= event.max_teams) {
            throw conflict({
              sentence: /*i18n*/ 'This event already has its {max} teams.',
              values: { max: event.max_teams },
            });
          }
          await checkMembers(trx, body.event_id, body.member_user_ids);
          const id = (
            await insertTeams(trx, [
              {
                event_id: body.event_id,
                name: body.name ?? numberedTeamName(event.teams_count + 1),
                hackathon_xp: null,
                created_at: now.toISOString(),
                updated_at: now.toISOString(),
              },
            ])
          )[0]!;
          await seat(
            trx,
            body.member_user_ids.map((user_id) => ({ team_id: id, event_id: body.event_id, user_id })),
            now.toISOString(),
          );
          await setRegistrationStatus(trx, body.event_id, body.member_user_ids, 'assigned');
          await recordAudit(trx, {
            action: 'team.created',
            entity_type: 'team',
            entity_id: id,
            actor: admin,
            details: { after: { members: body.member_user_ids } },
            at: now,
          });
          const team = await requireTeam(trx, id);
          await mailSeated(trx, event, [team], body.member_user_ids, now);
          return team;
        });
        mail.kick();
        return created;
      } catch (error) {
        throw seatingConflict(error);
      }
    },

    /**
     * Renames, reseats or scores a team (§6's PUT, spec §14): `changeTeam` in a transaction of its own.
     */
    async updateTeam(id: number, changes: z.output<typeof teamUpdateSchema>, admin: UserRow) {
      const now = clock.now();
      try {
        const updated = await db.transaction().execute((trx) => changeTeam(trx, id, changes, admin, now));
        mail.kick();
        return updated;
      } catch (error) {
        throw seatingConflict(error);
      }
    },

    changeTeam,

    /**
     * Seats a registrant of the team's event in the team by hand (issue 32), out of the other team
     * of the event they sat in, if any: one transaction under the event's lock, so two moves into
     * one team never make it five. The team's XP follows the person, as in `updateTeam`.
     */
    async seatMember(teamId: number, userId: number, admin: UserRow): Promise<TeamSeat> {
      const now = clock.now();
      try {
        const seated = await db.transaction().execute(async (trx) => {
          const event = await requireEvent(trx, (await requireTeam(trx, teamId)).event_id, engine);
          const team = await requireTeam(trx, teamId);
          if (team.members.some((member) => member.user_id === userId)) return { team, from_team: null };
          if (team.members.length >= HACKATHON_TEAM_SIZE) {
            throw conflict({
              sentence: /*i18n*/ 'A team has at most {max} members',
              values: { max: HACKATHON_TEAM_SIZE },
            });
          }
          if ((await registeredAmong(trx, event.id, [userId])).length === 0) {
            throw conflict(/*i18n*/ 'Every member must be registered for this event.');
          }
          const fromId = (await seatOf(trx, event.id, userId))?.team_id ?? null;
          const from = fromId === null ? null : await requireTeam(trx, fromId);
          if (from) {
            await unseat(trx, from.id, [userId]);
            await addExperience(trx, [userId], -(from.hackathon_xp ?? 0));
          }
          await seat(trx, [{ team_id: teamId, event_id: event.id, user_id: userId }], now.toISOString());
          await setRegistrationStatus(trx, event.id, [userId], 'assigned');
          await addExperience(trx, [userId], team.hackathon_xp ?? 0);
          await recordAudit(trx, {
            action: 'team.member_seated',
            entity_type: 'team',
            entity_id: teamId,
            actor: admin,
            details: { before: { team_id: from?.id ?? null }, after: { team_id: teamId, user_id: userId } },
            at: now,
          });
          const after = await requireTeam(trx, teamId);
          await mailSeated(trx, event, [after], [userId], now);
          return { team: after, from_team: from ? await requireTeam(trx, from.id) : null };
        });
        mail.kick();
        return seated;
      } catch (error) {
        throw seatingConflict(error);
      }
    },

    /** Takes a member out of a team (issue 32): their registration waits again, the team's XP leaves with them. */
    async unseatMember(teamId: number, userId: number, admin: UserRow): Promise<TeamView> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const event = await requireEvent(trx, (await requireTeam(trx, teamId)).event_id, engine);
        const team = await requireTeam(trx, teamId);
        if (!team.members.some((member) => member.user_id === userId)) {
          throw notFound(/*i18n*/ 'This person is not in this team.');
        }
        await unseat(trx, teamId, [userId]);
        await setRegistrationStatus(trx, event.id, [userId], 'pending');
        await addExperience(trx, [userId], -(team.hackathon_xp ?? 0));
        await recordAudit(trx, {
          action: 'team.member_unseated',
          entity_type: 'team',
          entity_id: teamId,
          actor: admin,
          details: { before: { team_id: teamId, user_id: userId }, after: { team_id: null } },
          at: now,
        });
        return requireTeam(trx, teamId);
      });
    },

    async deleteTeam(id: number, admin: UserRow) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const current = await requireTeam(trx, id);
        await requireEvent(trx, current.event_id, engine);
        const team = await requireTeam(trx, id);
        const members = team.members.map((m) => m.user_id);
        await addExperience(trx, members, -(team.hackathon_xp ?? 0));
        await deleteTeam(trx, id);
        await setRegistrationStatus(trx, team.event_id, members, 'pending');
        await recordAudit(trx, {
          action: 'team.deleted',
          entity_type: 'team',
          entity_id: id,
          actor: admin,
          details: { before: { name: team.name, members, hackathon_xp: team.hackathon_xp } },
          at: now,
        });
      });
    },

    /**
     * Auto-assign (docs/product/hackathon.md#hackathon): the event's pending registrants, shuffled, in
     * ceil(n/4) teams whose sizes differ by at most one, never over max_teams in all. One
     * transaction with the event row locked, so two admins pressing at once cannot seat anyone
     * twice or exceed max_teams.
     */
    /** What auto-assign would do now, by the same plan, for the board's confirmation. */
    async assignPreview(eventId: number, { checkedInOnly = false } = {}): Promise<AssignPreview> {
      const event = await requireEvent(db, eventId);
      const waiting = checkedInOnly
        ? (await unseatedPending(db, eventId, { checkedInOnly })).length
        : event.waiting_count;
      return assignmentPlan(waiting, event);
    },

    /** With `checkedInOnly`, of the pending registrants checked in at the door only (spec §14). */
    async autoAssign(eventId: number, admin: UserRow, { checkedInOnly = false }: { checkedInOnly?: boolean } = {}) {
      const now = clock.now();
      try {
        const assigned = await db.transaction().execute(async (trx) => {
          const event = await requireEvent(trx, eventId, engine);
          const pending = await unseatedPending(trx, eventId, { checkedInOnly });
          const plan = assignmentPlan(pending.length, event);
          const teamCount = plan.teams;
          if (teamCount === 0) return { teams: [], left_pending: pending.length };

          const people = shuffle(pending).slice(0, plan.seated);
          const sizes = balancedSizes(people.length, teamCount);
          const at = now.toISOString();
          const ids = await insertTeams(
            trx,
            sizes.map((_, i) => ({
              event_id: eventId,
              name: numberedTeamName(event.teams_count + i + 1),
              hackathon_xp: null,
              created_at: at,
              updated_at: at,
            })),
          );
          let next = 0;
          const seats = sizes.flatMap((size, i) =>
            people.slice(next, (next += size)).map((user_id) => ({ team_id: ids[i]!, event_id: eventId, user_id })),
          );
          await seat(trx, seats, at);
          await setRegistrationStatus(trx, eventId, people, 'assigned');
          await recordAudit(trx, {
            action: 'team.auto_assigned',
            entity_type: 'hackathon_event',
            entity_id: eventId,
            actor: admin,
            details: {
              after: {
                teams: ids.length,
                seated: people.length,
                left_pending: pending.length - people.length,
                ...(checkedInOnly ? { checked_in_only: true } : {}),
              },
            },
            at: now,
          });
          const teams = await listTeams(trx, { teamIds: ids });
          await mailSeated(trx, event, teams, people, now);
          return { teams, left_pending: pending.length - people.length };
        });
        mail.kick();
        return assigned;
      } catch (error) {
        throw seatingConflict(error);
      }
    },
  };
}
