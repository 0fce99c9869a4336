import { randomInt } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import { HACKATHON_TEAM_SIZE } from '../../../contract/constants';
import type { eventBodySchema, eventUpdateSchema, teamBodySchema, teamUpdateSchema } from '../../../contract/hackathon';
import { EVENT_ORDER_MESSAGE } from '../../../contract/hackathon';
import { isForeignKeyViolation, isUniqueViolation } from '../../db/constraint-errors';
import type { DB, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import type { AuditEntityType } from '../../../contract/audit';
import { recordAudit } from '../audit/audit.repository';
import { journeyStep } from '../journey/journey';
import { teamAssignedMail, type Compose } from '../mail/mail-templates';
import { readSetting } from '../settings/settings.repository';
import {
  addExperience,
  findEvent,
  listEvents,
  listRegistrations,
  listTeams,
  seat,
  setRegistrationStatus,
  type TeamView,
} from './hackathon.repository';

type EventBody = z.output<typeof eventBodySchema>;
type EventUpdate = z.output<typeof eventUpdateSchema>;
type TeamBody = z.output<typeof teamBodySchema>;
type TeamUpdate = z.output<typeof teamUpdateSchema>;

const DAY_MS = 24 * 3600 * 1000;

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

export function createHackathonService(deps: Deps) {
  const { db, clock, engine, mail } = deps;

  /** Writes the "you are in a team" mail to the newly seated members of the given teams. */
  async function mailSeated(
    trx: Transaction<DB>,
    event: { name: string; start_at: string; location: string | null },
    teams: TeamView[],
    seated: number[],
    at: Date,
  ) {
    const teamOf = new Map(teams.flatMap((team) => team.members.map((m) => [m.user_id, team] as const)));
    const compose: Compose = (recipient, appUrl) => {
      const team = teamOf.get(recipient.userId)!;
      return teamAssignedMail({ team: team.name, event, members: team.members })(recipient, appUrl);
    };
    await mail.enqueue(trx, seated, compose, at);
  }

  const audit = (
    trx: Transaction<DB>,
    actor: UserRow,
    action: string,
    entity_type: AuditEntityType,
    entity_id: number | null,
    details: Record<string, unknown>,
    at: Date,
  ) => recordAudit(trx, { action, entity_type, entity_id, actor, details, at });

  async function requireEvent(trx: Transaction<DB> | typeof db, id: number, lock = false) {
    const event = await findEvent(trx, id, lock ? engine : undefined);
    if (!event) throw notFound('There is no such hackathon event.');
    return event;
  }

  /** Checks that each user is registered for the event and seated in no other of its teams. */
  async function checkMembers(trx: Transaction<DB>, eventId: number, userIds: number[], exceptTeam?: number) {
    const registered = await trx
      .selectFrom('hackathon_registrations')
      .select('user_id')
      .where('event_id', '=', eventId)
      .where('user_id', 'in', userIds)
      .execute();
    if (registered.length !== userIds.length) throw conflict('Every member must be registered for this event.');
    let seated = trx
      .selectFrom('team_members')
      .select('user_id')
      .where('event_id', '=', eventId)
      .where('user_id', 'in', userIds);
    if (exceptTeam) seated = seated.where('team_id', '<>', exceptTeam);
    if ((await seated.execute()).length > 0) throw conflict('A member already sits in another team of this event.');
  }

  async function teamById(trx: Transaction<DB> | typeof db, id: number): Promise<TeamView> {
    const [team] = await listTeams(trx, { teamIds: [id] });
    if (!team) throw notFound('There is no such team.');
    return team;
  }

  const seatingConflict = (error: unknown) => {
    if (isUniqueViolation(error)) return conflict('A member already sits in another team of this event.');
    if (isForeignKeyViolation(error)) return conflict('Every member must be registered for this event.');
    return error;
  };

  return {
    listEvents: () => listEvents(db),

    async publicEvents(user: UserRow) {
      const now = clock.now().toISOString();
      const [events, mine] = await Promise.all([
        listEvents(db, { endingAfter: now }),
        db.selectFrom('hackathon_registrations').select('event_id').where('user_id', '=', user.id).execute(),
      ]);
      const registered = new Set(mine.map((row) => row.event_id));
      return events.map((event) => ({
        ...event,
        registered: registered.has(event.id),
        registration_open: event.start_at > now,
      }));
    },

    async createEvent(body: EventBody, admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('hackathon_events')
          .values({ ...body, created_at: now.toISOString(), updated_at: now.toISOString() })
          .returning('id')
          .executeTakeFirstOrThrow();
        await audit(trx, admin, 'hackathon.event_created', 'hackathon_event', id, { after: body }, now);
        return (await findEvent(trx, id))!;
      });
    },

    async updateEvent(id: number, changes: EventUpdate, admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await requireEvent(trx, id, true);
        const start = changes.start_at ?? before.start_at;
        const end = changes.end_at ?? before.end_at;
        if (end <= start) throw badRequest(EVENT_ORDER_MESSAGE);
        await trx
          .updateTable('hackathon_events')
          .set({ ...changes, updated_at: now.toISOString() })
          .where('id', '=', id)
          .execute();
        await audit(
          trx,
          admin,
          'hackathon.event_updated',
          'hackathon_event',
          id,
          {
            before: Object.fromEntries(Object.keys(changes).map((key) => [key, before[key as keyof typeof before]])),
            after: changes,
          },
          now,
        );
        return (await findEvent(trx, id))!;
      });
    },

    /** Removes the event with its registrations and teams, and takes back any team XP it gave. */
    async deleteEvent(id: number, admin: UserRow) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const event = await requireEvent(trx, id, true);
        for (const team of await listTeams(trx, { eventId: id })) {
          await addExperience(
            trx,
            team.members.map((m) => m.user_id),
            -(team.hackathon_xp ?? 0),
          );
        }
        await trx.deleteFrom('team_members').where('event_id', '=', id).execute();
        await trx.deleteFrom('hackathon_events').where('id', '=', id).execute();
        await audit(
          trx,
          admin,
          'hackathon.event_deleted',
          'hackathon_event',
          id,
          {
            before: { name: event.name, registrations: event.registrations_count, teams: event.teams_count },
          },
          now,
        );
      });
    },

    async register(user: UserRow, eventId: number) {
      const now = clock.now();
      if ((await journeyStep(db, user.id, now)) !== 2) {
        throw forbidden('Hackathon registration opens once all your challenges are validated.');
      }
      const event = await requireEvent(db, eventId);
      if (event.start_at <= now.toISOString()) throw conflict('This hackathon has already started.');
      const delayDays = await readSetting(db, 'hackathon_registration_delay_days');
      const last = await db
        .selectFrom('user_challenges')
        .select((eb) => eb.fn.max('validated_at').as('at'))
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      const opensAt = last?.at ? new Date(Date.parse(String(last.at)) + delayDays * DAY_MS) : now;
      if (opensAt > now) {
        throw forbidden(
          `Hackathon registration opens ${delayDays} days after your last validated challenge: on ${opensAt.toISOString().slice(0, 10)}.`,
        );
      }
      try {
        return await db.transaction().execute(async (trx) => {
          const { id } = await trx
            .insertInto('hackathon_registrations')
            .values({ user_id: user.id, event_id: eventId, status: 'pending', created_at: now.toISOString() })
            .returning('id')
            .executeTakeFirstOrThrow();
          await audit(
            trx,
            user,
            'hackathon.registered',
            'hackathon_registration',
            id,
            { after: { event_id: eventId } },
            now,
          );
          return (await listRegistrations(trx, { userId: user.id, eventId, limit: 1, offset: 0 })).data[0]!;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('You are already registered for this event.');
        throw error;
      }
    },

    async unregister(user: UserRow, eventId: number) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const registration = await trx
          .selectFrom('hackathon_registrations')
          .select(['id'])
          .where('user_id', '=', user.id)
          .where('event_id', '=', eventId)
          .executeTakeFirst();
        if (!registration) throw notFound('You are not registered for this event.');
        const seated = await trx
          .selectFrom('team_members')
          .select('team_id')
          .where('user_id', '=', user.id)
          .where('event_id', '=', eventId)
          .executeTakeFirst();
        if (seated) throw conflict('You are already in a team: ask the board to take you out first.');
        await trx.deleteFrom('hackathon_registrations').where('id', '=', registration.id).execute();
        await audit(
          trx,
          user,
          'hackathon.unregistered',
          'hackathon_registration',
          registration.id,
          { before: { event_id: eventId } },
          now,
        );
      });
    },

    async mine(user: UserRow) {
      const { data } = await listRegistrations(db, { userId: user.id, limit: 100, offset: 0 });
      const seatedIn = [...data]
        .filter((r) => r.team_id)
        .sort((a, b) => (a.event.start_at < b.event.start_at ? 1 : -1))[0];
      return { registrations: data, team: seatedIn ? await teamById(db, seatedIn.team_id!) : null };
    },

    registrations: (filter: { status?: 'pending' | 'assigned'; event_id?: number; limit: number; offset: number }) =>
      listRegistrations(db, {
        status: filter.status,
        eventId: filter.event_id,
        limit: filter.limit,
        offset: filter.offset,
      }),

    teams: (eventId?: number) => listTeams(db, { eventId }),

    async createTeam(body: TeamBody, admin: UserRow) {
      const now = clock.now();
      try {
        const created = await db.transaction().execute(async (trx) => {
          const event = await requireEvent(trx, body.event_id, true);
          if (event.max_teams > 0 && event.teams_count >= event.max_teams) {
            throw conflict(`This event already has its ${event.max_teams} teams.`);
          }
          await checkMembers(trx, body.event_id, body.member_user_ids);
          const { id } = await trx
            .insertInto('teams')
            .values({
              event_id: body.event_id,
              name: body.name ?? `Team ${event.teams_count + 1}`,
              hackathon_xp: null,
              created_at: now.toISOString(),
              updated_at: now.toISOString(),
            })
            .returning('id')
            .executeTakeFirstOrThrow();
          await seat(
            trx,
            body.member_user_ids.map((user_id) => ({ team_id: id, event_id: body.event_id, user_id })),
            now.toISOString(),
          );
          await setRegistrationStatus(trx, body.event_id, body.member_user_ids, 'assigned');
          await audit(trx, admin, 'team.created', 'team', id, { after: { members: body.member_user_ids } }, now);
          const team = await teamById(trx, id);
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
     * Renames, reseats or scores a team. The team's XP is counted in each member's experience
     * points exactly once: members who leave give it back, members who join get it, and a new
     * score moves everyone by the difference.
     */
    async updateTeam(id: number, changes: TeamUpdate, admin: UserRow) {
      const now = clock.now();
      try {
        const updated = await db.transaction().execute(async (trx) => {
          const current = await teamById(trx, id);
          const event = await requireEvent(trx, current.event_id, true);
          const team = await teamById(trx, id);
          const oldXp = team.hackathon_xp ?? 0;
          const before = team.members.map((m) => m.user_id);
          let members = before;
          let added: number[] = [];
          if (changes.member_user_ids) {
            members = changes.member_user_ids;
            const removed = before.filter((userId) => !members.includes(userId));
            added = members.filter((userId) => !before.includes(userId));
            if (removed.length) {
              await trx.deleteFrom('team_members').where('team_id', '=', id).where('user_id', 'in', removed).execute();
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
          if (changes.hackathon_xp !== undefined) {
            if (event.end_at > now.toISOString()) throw conflict('Team XP can be set once the event is over.');
            await addExperience(trx, members, (changes.hackathon_xp ?? 0) - oldXp);
          }
          await trx
            .updateTable('teams')
            .set({
              ...(changes.name ? { name: changes.name } : {}),
              ...(changes.hackathon_xp !== undefined ? { hackathon_xp: changes.hackathon_xp } : {}),
              updated_at: now.toISOString(),
            })
            .where('id', '=', id)
            .execute();
          await audit(
            trx,
            admin,
            changes.hackathon_xp !== undefined ? 'team.xp_awarded' : 'team.updated',
            'team',
            id,
            {
              before: { name: team.name, members: before, hackathon_xp: team.hackathon_xp },
              after: changes,
            },
            now,
          );
          const after = await teamById(trx, id);
          await mailSeated(trx, event, [after], added, now);
          return after;
        });
        mail.kick();
        return updated;
      } catch (error) {
        throw seatingConflict(error);
      }
    },

    async deleteTeam(id: number, admin: UserRow) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const current = await teamById(trx, id);
        await requireEvent(trx, current.event_id, true);
        const team = await teamById(trx, id);
        const members = team.members.map((m) => m.user_id);
        await addExperience(trx, members, -(team.hackathon_xp ?? 0));
        await trx.deleteFrom('teams').where('id', '=', id).execute();
        await setRegistrationStatus(trx, team.event_id, members, 'pending');
        await audit(
          trx,
          admin,
          'team.deleted',
          'team',
          id,
          { before: { name: team.name, members, hackathon_xp: team.hackathon_xp } },
          now,
        );
      });
    },

    /**
     * Auto-assign (docs/product.md#hackathon): the event's pending registrants, shuffled, in
     * ceil(n/4) teams whose sizes differ by at most one, never over max_teams in all. One
     * transaction with the event row locked, so two admins pressing at once cannot seat anyone
     * twice or exceed max_teams.
     */
    async autoAssign(eventId: number, admin: UserRow) {
      const now = clock.now();
      try {
        const assigned = await db.transaction().execute(async (trx) => {
          const event = await requireEvent(trx, eventId, true);
          const pending = (
            await trx
              .selectFrom('hackathon_registrations as r')
              .select('r.user_id')
              .where('r.event_id', '=', eventId)
              .where('r.status', '=', 'pending')
              .where((eb) =>
                eb.not(
                  eb.exists(
                    eb
                      .selectFrom('team_members as tm')
                      .select('tm.user_id')
                      .whereRef('tm.user_id', '=', 'r.user_id')
                      .where('tm.event_id', '=', eventId),
                  ),
                ),
              )
              .orderBy('r.id')
              .execute()
          ).map((row) => row.user_id);
          const wanted = Math.ceil(pending.length / HACKATHON_TEAM_SIZE);
          const room = event.max_teams > 0 ? Math.max(0, event.max_teams - event.teams_count) : wanted;
          const teamCount = Math.min(wanted, room);
          if (teamCount === 0) return { teams: [], left_pending: pending.length };

          const people = shuffle(pending).slice(0, Math.min(pending.length, teamCount * HACKATHON_TEAM_SIZE));
          const sizes = balancedSizes(people.length, teamCount);
          const at = now.toISOString();
          const created = await trx
            .insertInto('teams')
            .values(
              sizes.map((_, i) => ({
                event_id: eventId,
                name: `Team ${event.teams_count + i + 1}`,
                hackathon_xp: null,
                created_at: at,
                updated_at: at,
              })),
            )
            .returning('id')
            .execute();
          const ids = created.map((row) => row.id).sort((a, b) => a - b);
          let next = 0;
          const seats = sizes.flatMap((size, i) =>
            people.slice(next, (next += size)).map((user_id) => ({ team_id: ids[i]!, event_id: eventId, user_id })),
          );
          await seat(trx, seats, at);
          await setRegistrationStatus(trx, eventId, people, 'assigned');
          await audit(
            trx,
            admin,
            'team.auto_assigned',
            'hackathon_event',
            eventId,
            {
              after: { teams: ids.length, seated: people.length, left_pending: pending.length - people.length },
            },
            now,
          );
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
