import type { z } from 'zod';
import type { eventBodySchema, eventUpdateSchema, registrationListQuerySchema } from '../../../contract/hackathon';
import { EVENT_ORDER_MESSAGE } from '../../../contract/hackathon';
import type { Engine, Executor } from '../../db/database';
import { isUniqueViolation } from '../../db/constraint-errors';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, notFound } from '../../errors';
import { changeDetails, recordAudit } from '../audit';
import { lastValidatedAt } from '../challenges';
import { journeyStep } from '../../read-model/journey';
import { readSetting } from '../../read-model/settings';
import { formatMoment } from '../mail';
import { addExperience } from '../users';
import { projectWindow, teamProject } from './hackathon-judging.service';
import { myTeamResults } from './hackathon-results.service';
import {
  deleteEvent,
  deleteRegistration,
  findEvent,
  findRegistrationId,
  insertEvent,
  insertRegistration,
  listEvents,
  listRegistrations,
  listTeams,
  registeredEventIds,
  seatedAmong,
  updateEvent,
  type TeamView,
} from './hackathon.repository';

const DAY_MS = 24 * 3600 * 1000;

/** The event, locked on PostgreSQL when `engine` is given (see findEvent); 404 when there is none. */
export async function requireEvent(db: Executor, id: number, engine?: Engine) {
  const event = await findEvent(db, id, engine);
  if (!event) throw notFound(/*i18n*/ 'There is no such hackathon event.');
  return event;
}

export async function requireTeam(db: Executor, id: number): Promise<TeamView> {
  const [team] = await listTeams(db, { teamIds: [id] });
  if (!team) throw notFound(/*i18n*/ 'There is no such team.');
  return team;
}

/** The hackathon events, and the candidates' registrations for them. */
export function createHackathonEventsService(deps: Deps) {
  const { db, clock, engine, webhooks, config } = deps;

  /**
   * When `user` may register: `hackathon_registration_delay_days` after their last validated
   * challenge, once they are at step 2 (null before, when it is not known yet).
   */
  async function registrationOpening(user: UserRow, now: Date) {
    const delayDays = await readSetting(db, 'hackathon_registration_delay_days');
    if ((await journeyStep(db, user.id, now)) !== 2) return { delayDays, opensAt: null };
    const last = await lastValidatedAt(db, user.id);
    return { delayDays, opensAt: last ? new Date(Date.parse(last) + delayDays * DAY_MS) : now };
  }

  return {
    listEvents: () => listEvents(db),

    async publicEvents(user: UserRow) {
      const now = clock.now().toISOString();
      const [events, mine] = await Promise.all([listEvents(db, { endingAfter: now }), registeredEventIds(db, user.id)]);
      const registered = new Set(mine);
      return events.map((event) => ({
        ...event,
        registered: registered.has(event.id),
        registration_open: event.start_at > now,
      }));
    },

    async createEvent(body: z.output<typeof eventBodySchema>, admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const id = await insertEvent(trx, { ...body, created_at: now.toISOString(), updated_at: now.toISOString() });
        await recordAudit(trx, {
          action: 'hackathon.event_created',
          entity_type: 'hackathon_event',
          entity_id: id,
          actor: admin,
          details: { after: body },
          at: now,
        });
        return (await findEvent(trx, id))!;
      });
    },

    async updateEvent(id: number, changes: z.output<typeof eventUpdateSchema>, admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const before = await requireEvent(trx, id, engine);
        const start = changes.start_at ?? before.start_at;
        const end = changes.end_at ?? before.end_at;
        if (end <= start) throw badRequest(EVENT_ORDER_MESSAGE);
        await updateEvent(trx, id, { ...changes, updated_at: now.toISOString() });
        await recordAudit(trx, {
          action: 'hackathon.event_updated',
          entity_type: 'hackathon_event',
          entity_id: id,
          actor: admin,
          details: changeDetails(before, changes),
          at: now,
        });
        return (await findEvent(trx, id))!;
      });
    },

    /** Removes the event with its registrations and teams, and takes back any team XP it gave. */
    async deleteEvent(id: number, admin: UserRow) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const event = await requireEvent(trx, id, engine);
        for (const team of await listTeams(trx, { eventId: id })) {
          await addExperience(
            trx,
            team.members.map((m) => m.user_id),
            -(team.hackathon_xp ?? 0),
          );
        }
        await deleteEvent(trx, id);
        await recordAudit(trx, {
          action: 'hackathon.event_deleted',
          entity_type: 'hackathon_event',
          entity_id: id,
          actor: admin,
          details: {
            before: { name: event.name, registrations: event.registrations_count, teams: event.teams_count },
          },
          at: now,
        });
      });
    },

    async register(user: UserRow, eventId: number) {
      const now = clock.now();
      const { delayDays, opensAt } = await registrationOpening(user, now);
      if (!opensAt) {
        throw forbidden(/*i18n*/ 'Hackathon registration opens once all your challenges are validated.');
      }
      const event = await requireEvent(db, eventId);
      if (event.start_at <= now.toISOString()) throw conflict(/*i18n*/ 'This hackathon has already started.');
      if (opensAt > now) {
        const when = opensAt.toISOString();
        const timeZone = await readSetting(db, 'time_zone');
        throw forbidden({
          sentence:
            /*i18n*/ 'Hackathon registration opens {delayDays, plural, one {# day} other {# days}} after your last validated challenge: on {date}.',
          // The moment in the reader's language, told when the answer is written.
          values: { delayDays, date: () => formatMoment(when, timeZone) },
        });
      }
      try {
        const registration = await db.transaction().execute(async (trx) => {
          const id = await insertRegistration(trx, user.id, eventId, now.toISOString());
          await recordAudit(trx, {
            action: 'hackathon.registered',
            entity_type: 'hackathon_registration',
            entity_id: id,
            actor: user,
            details: { after: { event_id: eventId } },
            at: now,
          });
          await webhooks.enqueue(
            trx,
            'hackathon.registered',
            { event_id: eventId, event_name: event.name, login: user.intra_login },
            now,
          );
          return (await listRegistrations(trx, { userId: user.id, eventId, limit: 1, offset: 0 })).data[0]!;
        });
        webhooks.kick();
        return registration;
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(/*i18n*/ 'You are already registered for this event.');
        throw error;
      }
    },

    async unregister(user: UserRow, eventId: number) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const registrationId = await findRegistrationId(trx, user.id, eventId);
        if (!registrationId) throw notFound(/*i18n*/ 'You are not registered for this event.');
        if ((await seatedAmong(trx, eventId, [user.id])).length > 0) {
          throw conflict(/*i18n*/ 'You are already in a team: ask the board to take you out first.');
        }
        await deleteRegistration(trx, registrationId);
        await recordAudit(trx, {
          action: 'hackathon.unregistered',
          entity_type: 'hackathon_registration',
          entity_id: registrationId,
          actor: user,
          details: { before: { event_id: eventId } },
          at: now,
        });
      });
    },

    async mine(user: UserRow) {
      const teamWithResults = async (teamId: number, eventId: number) => {
        const [team, event] = await Promise.all([requireTeam(db, teamId), requireEvent(db, eventId)]);
        return { ...team, results: await myTeamResults(db, team, event.results_published_at) };
      };
      const { data } = await listRegistrations(db, { userId: user.id, limit: 100, offset: 0 });
      const seatedIn = [...data]
        .filter((r) => r.team_id)
        .sort((a, b) => (a.event.start_at < b.event.start_at ? 1 : -1))[0];
      const { delayDays, opensAt } = await registrationOpening(user, clock.now());
      return {
        registrations: data,
        team: seatedIn ? await teamWithResults(seatedIn.team_id!, seatedIn.event.id) : null,
        project: seatedIn ? await teamProject(db, seatedIn.team_id!, config.publicUrl) : null,
        project_window: seatedIn ? await projectWindow(db, seatedIn.event) : null,
        registration_delay_days: delayDays,
        registration_opens_at: opensAt?.toISOString() ?? null,
      };
    },

    registrations: (filter: z.output<typeof registrationListQuerySchema>) =>
      listRegistrations(db, {
        status: filter.status,
        eventId: filter.event_id,
        limit: filter.limit,
        offset: filter.offset,
      }),
  };
}
