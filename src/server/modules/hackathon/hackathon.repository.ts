import type { Insertable, Updateable } from 'kysely';
import type { Engine, Executor } from '../../db/database';
import type { HackathonEventsTable, TeamsTable } from '../../db/schema';
import { newCheckInCode } from './check-in-code';

const eventWithCounts = (db: Executor) =>
  db
    .selectFrom('hackathon_events')
    .selectAll('hackathon_events')
    .select((eb) => [
      eb
        .selectFrom('hackathon_registrations')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('hackathon_registrations.event_id', '=', 'hackathon_events.id')
        .as('registrations_count'),
      eb
        .selectFrom('teams')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('teams.event_id', '=', 'hackathon_events.id')
        .as('teams_count'),
      // Who auto-assign would seat: the pending registrants in no team of the event (as unseatedPending).
      eb
        .selectFrom('hackathon_registrations as r')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('r.event_id', '=', 'hackathon_events.id')
        .where('r.status', '=', 'pending')
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('team_members as tm')
                .select('tm.user_id')
                .whereRef('tm.user_id', '=', 'r.user_id')
                .whereRef('tm.event_id', '=', 'hackathon_events.id'),
            ),
          ),
        )
        .as('waiting_count'),
    ]);

const withCounts = <T extends { registrations_count: unknown; teams_count: unknown; waiting_count: unknown }>(
  row: T,
) => ({
  ...row,
  registrations_count: Number(row.registrations_count ?? 0),
  teams_count: Number(row.teams_count ?? 0),
  waiting_count: Number(row.waiting_count ?? 0),
});

export async function listEvents(db: Executor, filter: { endingAfter?: string } = {}) {
  let query = eventWithCounts(db).orderBy('start_at').orderBy('id');
  if (filter.endingAfter) query = query.where('end_at', '>', filter.endingAfter);
  return (await query.execute()).map(withCounts);
}

export async function findEvent(db: Executor, id: number, engine?: Engine) {
  if (engine === 'postgres') {
    // Locks the event: auto-assigns and team changes of one event queue behind each other.
    await db.selectFrom('hackathon_events').select('id').where('id', '=', id).forUpdate().execute();
  }
  const row = await eventWithCounts(db).where('id', '=', id).executeTakeFirst();
  return row && withCounts(row);
}

export async function insertEvent(db: Executor, values: Insertable<HackathonEventsTable>): Promise<number> {
  const row = await db.insertInto('hackathon_events').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvent(db: Executor, id: number, values: Updateable<HackathonEventsTable>): Promise<void> {
  await db.updateTable('hackathon_events').set(values).where('id', '=', id).execute();
}

/** Removes the event; its registrations and teams go with it by cascade. */
export async function deleteEvent(db: Executor, id: number): Promise<void> {
  // Seats reference registrations without ON DELETE: remove them first so the cascades from
  // the event (registrations, teams, seats) never trip over each other.
  await db.deleteFrom('team_members').where('event_id', '=', id).execute();
  await db.deleteFrom('hackathon_events').where('id', '=', id).execute();
}

export type TeamView = {
  id: number;
  name: string;
  event_id: number;
  hackathon_xp: number | null;
  members: { user_id: number; intra_login: string; image_url: string | null }[];
};

/** Teams with their members, by event or by id, in two queries whatever the count. */
export async function listTeams(db: Executor, filter: { eventId?: number; teamIds?: number[] }): Promise<TeamView[]> {
  let query = db.selectFrom('teams').select(['id', 'name', 'event_id', 'hackathon_xp']).orderBy('id');
  if (filter.eventId) query = query.where('event_id', '=', filter.eventId);
  if (filter.teamIds) {
    if (filter.teamIds.length === 0) return [];
    query = query.where('id', 'in', filter.teamIds);
  }
  const teams = await query.execute();
  if (teams.length === 0) return [];
  const members = await db
    .selectFrom('team_members')
    .innerJoin('users', 'users.id', 'team_members.user_id')
    .select(['team_members.team_id', 'team_members.user_id', 'users.intra_login', 'users.image_url'])
    .where(
      'team_members.team_id',
      'in',
      teams.map((team) => team.id),
    )
    .orderBy('users.intra_login')
    .execute();
  return teams.map((team) => ({
    ...team,
    members: members
      .filter((member) => member.team_id === team.id)
      .map(({ user_id, intra_login, image_url }) => ({ user_id, intra_login, image_url })),
  }));
}

export async function listRegistrations(
  db: Executor,
  filter: { userId?: number; eventId?: number; status?: 'pending' | 'assigned'; limit: number; offset: number },
) {
  let query = db
    .selectFrom('hackathon_registrations as r')
    .innerJoin('users', 'users.id', 'r.user_id')
    .innerJoin('hackathon_events as e', 'e.id', 'r.event_id')
    .leftJoin('team_members as tm', (join) =>
      join.onRef('tm.user_id', '=', 'r.user_id').onRef('tm.event_id', '=', 'r.event_id'),
    )
    .leftJoin('teams', 'teams.id', 'tm.team_id');
  if (filter.userId) query = query.where('r.user_id', '=', filter.userId);
  if (filter.eventId) query = query.where('r.event_id', '=', filter.eventId);
  if (filter.status) query = query.where('r.status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .select([
        'r.id',
        'r.user_id',
        'r.event_id',
        'r.status',
        'r.created_at',
        'r.check_in_code',
        'r.checked_in_at',
        'users.intra_login',
        'users.image_url',
        'e.name as event_name',
        'e.start_at as event_start_at',
        'e.end_at as event_end_at',
        'teams.id as team_id',
        'teams.name as team_name',
      ])
      .orderBy('r.id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  const teams = await listTeams(db, {
    teamIds: [...new Set(rows.flatMap((row) => (row.team_id ? [row.team_id] : [])))],
  });
  return {
    total: Number(count.total),
    data: rows.map((row) => ({
      id: row.id,
      user_id: row.user_id,
      event_id: row.event_id,
      status: row.status,
      created_at: row.created_at,
      check_in_code: row.check_in_code,
      checked_in_at: row.checked_in_at,
      user: { id: row.user_id, intra_login: row.intra_login, image_url: row.image_url },
      event: { id: row.event_id, name: row.event_name, start_at: row.event_start_at, end_at: row.event_end_at },
      team_id: row.team_id,
      team: row.team_id ? { id: row.team_id, name: row.team_name! } : null,
      team_members: teams.find((team) => team.id === row.team_id)?.members ?? [],
    })),
  };
}

export async function setRegistrationStatus(
  db: Executor,
  eventId: number,
  userIds: number[],
  status: 'pending' | 'assigned',
): Promise<void> {
  for (let i = 0; i < userIds.length; i += 500) {
    await db
      .updateTable('hackathon_registrations')
      .set({ status })
      .where('event_id', '=', eventId)
      .where('user_id', 'in', userIds.slice(i, i + 500))
      .execute();
  }
}

/** Seats people in teams: one row per seat, in batches. The unique (event, user) keeps one seat each. */
export async function seat(db: Executor, seats: { team_id: number; event_id: number; user_id: number }[], at: string) {
  for (let i = 0; i < seats.length; i += 500) {
    await db
      .insertInto('team_members')
      .values(seats.slice(i, i + 500).map((s) => ({ ...s, created_at: at })))
      .execute();
  }
}

/** The ids of the events the user is registered for. */
export async function registeredEventIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('hackathon_registrations')
    .select('event_id')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((row) => row.event_id);
}

/**
 * Registers the user (status pending) with a new check-in code; the unique (user, event) refuses
 * a second registration.
 */
export async function insertRegistration(db: Executor, userId: number, eventId: number, at: string): Promise<number> {
  const row = await db
    .insertInto('hackathon_registrations')
    .values({ user_id: userId, event_id: eventId, status: 'pending', created_at: at, check_in_code: newCheckInCode() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function findRegistrationId(db: Executor, userId: number, eventId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('hackathon_registrations')
    .select('id')
    .where('user_id', '=', userId)
    .where('event_id', '=', eventId)
    .executeTakeFirst();
  return row?.id;
}

export async function deleteRegistration(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('hackathon_registrations').where('id', '=', id).execute();
}

/** Those of `userIds` who are registered for the event. */
export async function registeredAmong(db: Executor, eventId: number, userIds: number[]): Promise<number[]> {
  const rows = await db
    .selectFrom('hackathon_registrations')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', 'in', userIds)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Those of `userIds` who sit in a team of the event (other than `exceptTeam`, when given). */
export async function seatedAmong(
  db: Executor,
  eventId: number,
  userIds: number[],
  exceptTeam?: number,
): Promise<number[]> {
  let query = db
    .selectFrom('team_members')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', 'in', userIds);
  if (exceptTeam) query = query.where('team_id', '<>', exceptTeam);
  return (await query.execute()).map((row) => row.user_id);
}

/**
 * The event's pending registrants who sit in no team of it, in registration order; with
 * `checkedInOnly`, those of them checked in at the door.
 */
export async function unseatedPending(
  db: Executor,
  eventId: number,
  { checkedInOnly = false }: { checkedInOnly?: boolean } = {},
): Promise<number[]> {
  let query = db
    .selectFrom('hackathon_registrations as r')
    .select('r.user_id')
    .where('r.event_id', '=', eventId)
    .where('r.status', '=', 'pending');
  if (checkedInOnly) query = query.where('r.checked_in_at', 'is not', null);
  const rows = await query
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
    .execute();
  return rows.map((row) => row.user_id);
}

/** Creates the teams in one statement; answers their ids in ascending order. */
export async function insertTeams(db: Executor, values: Insertable<TeamsTable>[]): Promise<number[]> {
  const rows = await db.insertInto('teams').values(values).returning('id').execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

export async function updateTeam(db: Executor, id: number, values: Updateable<TeamsTable>): Promise<void> {
  await db.updateTable('teams').set(values).where('id', '=', id).execute();
}

export async function deleteTeam(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('teams').where('id', '=', id).execute();
}

/** The team of the event the user sits in, if any. */
export function seatOf(db: Executor, eventId: number, userId: number) {
  return db
    .selectFrom('team_members')
    .select('team_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

/** Takes the users out of the team (their registrations stay). */
export async function unseat(db: Executor, teamId: number, userIds: number[]): Promise<void> {
  await db.deleteFrom('team_members').where('team_id', '=', teamId).where('user_id', 'in', userIds).execute();
}

/**
 * Takes the user out of every team. Seats reference registrations without ON DELETE: a user's
 * seats go before the user, so the cascades from users (registrations, seats) never trip over each other.
 */
export async function unseatEverywhere(db: Executor, userId: number): Promise<void> {
  await db.deleteFrom('team_members').where('user_id', '=', userId).execute();
}

/** An event's judges, by login. */
export async function listJudges(db: Executor, eventId: number) {
  return db
    .selectFrom('hackathon_judges as j')
    .innerJoin('users', 'users.id', 'j.user_id')
    .select(['users.id', 'users.intra_login', 'users.image_url'])
    .where('j.event_id', '=', eventId)
    .orderBy('users.intra_login')
    .execute();
}

/** The event's judges become exactly `userIds` (in the caller's transaction). */
export async function replaceJudges(db: Executor, eventId: number, userIds: number[], at: string): Promise<void> {
  await db.deleteFrom('hackathon_judges').where('event_id', '=', eventId).execute();
  if (userIds.length === 0) return;
  await db
    .insertInto('hackathon_judges')
    .values(userIds.map((user_id) => ({ event_id: eventId, user_id, created_at: at })))
    .execute();
}

/** Whether the user is one of the event's judges. */
export async function judgesEvent(db: Executor, eventId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('hackathon_judges')
    .select('user_id')
    .where('event_id', '=', eventId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Who may be named a judge among `userIds`: their role and admin flag (unknown ids are left out). */
export async function judgeCandidates(db: Executor, userIds: number[]) {
  if (userIds.length === 0) return [];
  return db.selectFrom('users').select(['id', 'intra_login', 'role', 'is_admin']).where('id', 'in', userIds).execute();
}

export type CheckInView = {
  registration_id: number;
  registrant: {
    id: number;
    intra_login: string;
    first_name: string | null;
    last_name: string | null;
    image_url: string | null;
  };
  checked_in_at: string | null;
  checked_in_by: { id: number; intra_login: string } | null;
};

/** A registration of the event with its registrant and check-in, by its code or by its id. */
export async function findCheckIn(
  db: Executor,
  eventId: number,
  by: { code: string } | { registrationId: number },
): Promise<CheckInView | undefined> {
  let query = db
    .selectFrom('hackathon_registrations as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .leftJoin('users as by', 'by.id', 'r.checked_in_by')
    .select([
      'r.id',
      'r.checked_in_at',
      'u.id as user_id',
      'u.intra_login',
      'u.first_name',
      'u.last_name',
      'u.image_url',
      'by.id as by_id',
      'by.intra_login as by_login',
    ])
    .where('r.event_id', '=', eventId);
  query = 'code' in by ? query.where('r.check_in_code', '=', by.code) : query.where('r.id', '=', by.registrationId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return {
    registration_id: row.id,
    registrant: {
      id: row.user_id,
      intra_login: row.intra_login,
      first_name: row.first_name,
      last_name: row.last_name,
      image_url: row.image_url,
    },
    checked_in_at: row.checked_in_at,
    checked_in_by: row.by_id !== null && row.by_login !== null ? { id: row.by_id, intra_login: row.by_login } : null,
  };
}

/** Checks the registration in unless it already is: answers whether this call did it. */
export async function markCheckedIn(db: Executor, registrationId: number, at: string, by: number): Promise<boolean> {
  const result = await db
    .updateTable('hackathon_registrations')
    .set({ checked_in_at: at, checked_in_by: by })
    .where('id', '=', registrationId)
    .where('checked_in_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Undoes a check-in: answers whether there was one. */
export async function clearCheckIn(db: Executor, registrationId: number): Promise<boolean> {
  const result = await db
    .updateTable('hackathon_registrations')
    .set({ checked_in_at: null, checked_in_by: null })
    .where('id', '=', registrationId)
    .where('checked_in_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The events a judge sees on /judge (spec §14): every event for an admin (`judgeId` null), else
 * the events this user judges; each with its registrations and how many of them are checked in.
 */
export async function listJudgingEvents(db: Executor, judgeId: number | null) {
  let query = db
    .selectFrom('hackathon_events as e')
    .select(['e.id', 'e.name', 'e.location', 'e.start_at', 'e.end_at'])
    .select((eb) => [
      eb
        .selectFrom('hackathon_registrations as r')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('r.event_id', '=', 'e.id')
        .as('registrations_count'),
      eb
        .selectFrom('hackathon_registrations as r')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('r.event_id', '=', 'e.id')
        .where('r.checked_in_at', 'is not', null)
        .as('checked_in_count'),
    ])
    .orderBy('e.start_at', 'desc')
    .orderBy('e.id', 'desc');
  if (judgeId !== null) {
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('hackathon_judges as j')
          .select('j.user_id')
          .whereRef('j.event_id', '=', 'e.id')
          .where('j.user_id', '=', judgeId),
      ),
    );
  }
  return (await query.execute()).map((row) => ({
    ...row,
    registrations_count: Number(row.registrations_count ?? 0),
    checked_in_count: Number(row.checked_in_count ?? 0),
  }));
}
