import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import { expectGuarded } from '#test/server/guards';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { stepTwoCandidate } from '#test/server/journey.fixtures';
import { balancedSizes } from './hackathon-teams.service';
import { newCheckInCode } from './check-in-code';

const DAY = 24 * 3600 * 1000;

/** `count` registrants of an event written straight into the tables (for the assignment sizes). */
async function registrants(db: Db, eventId: number, count: number, at: string) {
  const ids: number[] = [];
  for (let i = 0; i < count; i += 500) {
    const batch = Array.from({ length: Math.min(500, count - i) }, (_, k) => ({
      intra_id: 5_000_000 + eventId * 10_000 + i + k,
      intra_login: `r${eventId}-${i + k}`,
      email: null,
      first_name: null,
      last_name: null,
      image_url: null,
      campus: null,
      grade: null,
      level: 0,
      is_starter: false,
      created_at: at,
      updated_at: at,
    }));
    ids.push(...(await db.insertInto('users').values(batch).returning('id').execute()).map((row) => row.id));
  }
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .insertInto('hackathon_registrations')
      .values(
        ids.slice(i, i + 500).map((user_id) => ({
          check_in_code: newCheckInCode(),
          user_id,
          event_id: eventId,
          status: 'pending' as const,
          created_at: at,
        })),
      )
      .execute();
  }
  return ids;
}

describe('hackathon', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const future = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
  const createEvent = async (overrides: object = {}) =>
    (
      await call('POST', '/api/hackathon/events', admin, {
        name: 'Build Night',
        start_at: future(10),
        end_at: future(11),
        ...overrides,
      })
    ).json();
  const xpOf = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('users')
        .select('experience_points')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow()
    ).experience_points;

  it('creates events with the required fields, end after start, and normalised timestamps', async () => {
    const created = await call('POST', '/api/hackathon/events', admin, {
      name: 'Build Night',
      location: 'Lab 2',
      start_at: '2026-12-05T18:00:00+01:00',
      end_at: '2026-12-06T18:00:00+01:00',
      max_teams: 5,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      name: 'Build Night',
      start_at: '2026-12-05T17:00:00.000Z',
      max_teams: 5,
      teams_count: 0,
    });
    const missing = await call('POST', '/api/hackathon/events', admin, { name: 'No dates' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Name, Start and End are required');
    const backwards = await call('POST', '/api/hackathon/events', admin, {
      name: 'X',
      start_at: future(2),
      end_at: future(1),
    });
    expect(backwards.statusCode).toBe(400);
    const update = await call('PUT', `/api/hackathon/events/${created.json().id}`, admin, {
      end_at: '2026-12-01T00:00:00.000Z',
    });
    expect(update.statusCode).toBe(400);
    expect((await call('GET', '/api/hackathon/events', admin)).json().total).toBe(1);
  });

  it('registers a step-2 candidate once, after the delay, before the event starts; unregisters while not seated', async () => {
    const event = await createEvent();
    const { cookie } = await stepTwoCandidate(t, clock.now(), 'jdoe');
    const pub = (await call('GET', '/api/hackathon/events/public', cookie)).json();
    expect(pub.data).toMatchObject([{ id: event.id, registered: false, registration_open: true }]);
    const registered = await call('POST', '/api/hackathon/register', cookie, { event_id: event.id });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ event_id: event.id, status: 'pending', team: null });
    expect((await call('POST', '/api/hackathon/register', cookie, { event_id: event.id })).statusCode).toBe(409);
    expect((await call('GET', '/api/hackathon/events/public', cookie)).json().data[0].registered).toBe(true);
    const me = (await call('GET', '/api/hackathon/me', cookie)).json();
    expect(me.registrations).toHaveLength(1);
    expect(me.team).toBeNull();
    expect((await call('DELETE', `/api/hackathon/register?event_id=${event.id}`, cookie)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/hackathon/register?event_id=${event.id}`, cookie)).statusCode).toBe(404);
  });

  it('refuses registration before step 2 (403), before the delay (403 with the date), after the start (409)', async () => {
    const event = await createEvent();
    const student = await signIn(t.app, 'early');
    expect((await call('POST', '/api/hackathon/register', student.cookie, { event_id: event.id })).statusCode).toBe(
      403,
    );
    const recent = await stepTwoCandidate(t, clock.now(), 'recent', 2);
    const tooSoon = await call('POST', '/api/hackathon/register', recent.cookie, { event_id: event.id });
    expect(tooSoon.statusCode).toBe(403);
    // The moment it opens, in the reader's language (issue 28: it was a bare 2026-11-28).
    const opensAt = new Date(clock.now().getTime() + 5 * 24 * 3600_000).toISOString();
    expect(tooSoon.json().error).toBe(
      'Hackathon registration opens 7 days after your last validated challenge: on Saturday, 28 November 2026 at 11:00 GMT+1.',
    );
    const inFrench = await t.app.inject({
      method: 'POST',
      url: '/api/hackathon/register',
      payload: { event_id: event.id },
      headers: { cookie: recent.cookie, 'accept-language': 'fr' },
    });
    expect(inFrench.json().error).toContain('samedi 28 novembre 2026 à 11:00 UTC+1');
    const me = (await call('GET', '/api/hackathon/me', recent.cookie)).json();
    expect(me).toMatchObject({ registration_delay_days: 7, registration_opens_at: opensAt });
    expect((await call('GET', '/api/hackathon/me', student.cookie)).json()).toMatchObject({
      registration_delay_days: 7,
      registration_opens_at: null,
    });
    const started = await createEvent({ start_at: future(-1), end_at: future(1) });
    const ready = await stepTwoCandidate(t, clock.now(), 'ready');
    expect((await call('POST', '/api/hackathon/register', ready.cookie, { event_id: started.id })).statusCode).toBe(
      409,
    );
    expect((await call('POST', '/api/hackathon/register', ready.cookie, { event_id: 9999 })).statusCode).toBe(404);
    expect(await t.database.db.selectFrom('hackathon_registrations').select('id').execute()).toHaveLength(0);
  });

  it('builds teams of registrants only, 4 at most, one seat per event; seated people cannot unregister', async () => {
    const event = await createEvent();
    const people = await Promise.all(
      ['a1', 'a2', 'a3', 'a4', 'a5'].map((login) => stepTwoCandidate(t, clock.now(), login)),
    );
    for (const person of people) await call('POST', '/api/hackathon/register', person.cookie, { event_id: event.id });
    const outsider = await signIn(t.app, 'outsider');
    const ids = people.map((p) => p.userId);
    expect(
      (await call('POST', '/api/hackathon/teams', admin, { event_id: event.id, member_user_ids: ids })).statusCode,
    ).toBe(400);
    expect(
      (
        await call('POST', '/api/hackathon/teams', admin, {
          event_id: event.id,
          member_user_ids: [ids[0], outsider.user.id],
        })
      ).statusCode,
    ).toBe(409);
    const team = await call('POST', '/api/hackathon/teams', admin, {
      event_id: event.id,
      member_user_ids: ids.slice(0, 2),
    });
    expect(team.statusCode).toBe(201);
    expect(team.json()).toMatchObject({
      name: 'Team 1',
      event_id: event.id,
      members: [{ intra_login: 'a1' }, { intra_login: 'a2' }],
    });
    expect(
      (await call('POST', '/api/hackathon/teams', admin, { event_id: event.id, member_user_ids: [ids[1], ids[2]] }))
        .statusCode,
    ).toBe(409);
    expect((await call('DELETE', `/api/hackathon/register?event_id=${event.id}`, people[0]!.cookie)).statusCode).toBe(
      409,
    );
    const me = (await call('GET', '/api/hackathon/me', people[0]!.cookie)).json();
    expect(me.team).toMatchObject({ id: team.json().id, name: 'Team 1' });
    expect(me.registrations[0]).toMatchObject({ status: 'assigned', team: { name: 'Team 1' } });
    const pending = (
      await call('GET', `/api/hackathon/registrations?status=pending&event_id=${event.id}`, admin)
    ).json();
    expect(pending.total).toBe(3);
    await call('DELETE', `/api/hackathon/teams/${team.json().id}`, admin);
    expect(
      (await call('GET', `/api/hackathon/registrations?status=pending&event_id=${event.id}`, admin)).json().total,
    ).toBe(5);
  });

  it.each([0, 1, 3, 4, 5, 9, 17, 2000])(
    'auto-assigns %i registrants into balanced teams, everyone seated once',
    async (n) => {
      const event = await createEvent();
      const ids = await registrants(t.database.db, event.id, n, clock.now().toISOString());
      const answer = await call('POST', '/api/hackathon/assign', admin, { event_id: event.id });
      expect(answer.statusCode).toBe(200);
      const { teams, left_pending } = answer.json();
      expect(teams).toHaveLength(Math.ceil(n / 4));
      expect(left_pending).toBe(0);
      const sizes = teams.map((team: { members: unknown[] }) => team.members.length);
      if (n > 0) {
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
        expect(Math.max(...sizes)).toBeLessThanOrEqual(4);
      }
      const seated = teams
        .flatMap((team: { members: { user_id: number }[] }) => team.members.map((m) => m.user_id))
        .sort((a: number, b: number) => a - b);
      expect(seated).toEqual([...ids].sort((a, b) => a - b));
      const statuses = await t.database.db.selectFrom('hackathon_registrations').select('status').distinct().execute();
      expect(statuses.map((s) => s.status)).toEqual(n ? ['assigned'] : []);
    },
  );

  it('never exceeds max_teams: the rest stay pending', async () => {
    const event = await createEvent({ max_teams: 2 });
    await registrants(t.database.db, event.id, 13, clock.now().toISOString());
    const { teams, left_pending } = (await call('POST', '/api/hackathon/assign', admin, { event_id: event.id })).json();
    expect(teams).toHaveLength(2);
    expect(teams.map((team: { members: unknown[] }) => team.members.length)).toEqual([4, 4]);
    expect(left_pending).toBe(5);
    expect((await call('POST', '/api/hackathon/assign', admin, { event_id: event.id })).json().teams).toHaveLength(0);
  });

  it('seats nobody twice when two admins auto-assign at once', async () => {
    const event = await createEvent({ max_teams: 3 });
    await registrants(t.database.db, event.id, 30, clock.now().toISOString());
    const answers = await Promise.all(
      [0, 1].map(() =>
        fetch(`${t.baseUrl}/api/hackathon/assign`, {
          method: 'POST',
          headers: { cookie: admin, 'content-type': 'application/json' },
          body: JSON.stringify({ event_id: event.id }),
        }),
      ),
    );
    expect(answers.every((answer) => answer.status === 200 || answer.status === 409)).toBe(true);
    const teams = await t.database.db.selectFrom('teams').select('id').where('event_id', '=', event.id).execute();
    expect(teams).toHaveLength(3);
    const seats = await t.database.db.selectFrom('team_members').select('user_id').execute();
    expect(new Set(seats.map((s) => s.user_id)).size).toBe(seats.length);
    expect(seats).toHaveLength(12);
  });

  it('counts team XP in each member exactly once when set, changed, reseated and cleared, only after the event', async () => {
    const event = await createEvent();
    const [a, b, c] = await registrants(t.database.db, event.id, 3, clock.now().toISOString());
    const team = (
      await call('POST', '/api/hackathon/teams', admin, { event_id: event.id, member_user_ids: [a, b] })
    ).json();
    expect((await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { hackathon_xp: 150 })).statusCode).toBe(409);
    clock.advance(12 * DAY);
    await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { hackathon_xp: 150 });
    expect([await xpOf(a!), await xpOf(b!)]).toEqual([150, 150]);
    await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { hackathon_xp: 180 });
    await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { hackathon_xp: 180 });
    expect([await xpOf(a!), await xpOf(b!)]).toEqual([180, 180]);
    await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { member_user_ids: [a, c] });
    expect([await xpOf(a!), await xpOf(b!), await xpOf(c!)]).toEqual([180, 0, 180]);
    expect((await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { hackathon_xp: 201 })).statusCode).toBe(400);
    await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { hackathon_xp: null });
    expect([await xpOf(a!), await xpOf(c!)]).toEqual([0, 0]);
    await call('PUT', `/api/hackathon/teams/${team.id}`, admin, { hackathon_xp: 100 });
    await call('DELETE', `/api/hackathon/events/${event.id}`, admin);
    expect([await xpOf(a!), await xpOf(c!)]).toEqual([0, 0]);
  });

  it('deletes an event with its registrations and teams in one go', async () => {
    const event = await createEvent();
    await registrants(t.database.db, event.id, 5, clock.now().toISOString());
    await call('POST', '/api/hackathon/assign', admin, { event_id: event.id });
    expect((await call('DELETE', `/api/hackathon/events/${event.id}`, admin)).statusCode).toBe(204);
    for (const table of ['hackathon_events', 'hackathon_registrations', 'teams', 'team_members'] as const) {
      expect(await t.database.db.selectFrom(table).selectAll().execute()).toHaveLength(0);
    }
  });

  it('counts on the server who waits for a team, and previews auto-assign with the numbers it then uses', async () => {
    const spring = await createEvent({ name: 'Spring' });
    const autumn = await createEvent({ name: 'Autumn', max_teams: 5 });
    await registrants(t.database.db, spring.id, 120, clock.now().toISOString());
    await registrants(t.database.db, autumn.id, 35, clock.now().toISOString());
    // 155 wait in all: more than one page of registrations, whose total still counts them all.
    const page = (await call('GET', '/api/hackathon/registrations?status=pending&limit=100', admin)).json();
    expect(page).toMatchObject({ total: 155 });
    expect(page.data).toHaveLength(100);
    const ofSpring = (
      await call('GET', `/api/hackathon/registrations?status=pending&event_id=${spring.id}&limit=100`, admin)
    ).json();
    expect(ofSpring.total).toBe(120);
    const counts = async () =>
      Object.fromEntries(
        (await call('GET', '/api/hackathon/events', admin))
          .json()
          .data.map((event: { name: string; waiting_count: number; teams_count: number }) => [
            event.name,
            [event.waiting_count, event.teams_count],
          ]),
      );
    expect(await counts()).toEqual({ Spring: [120, 0], Autumn: [35, 0] });

    const preview = async (id: number) =>
      (await call('GET', `/api/hackathon/events/${id}/assign-preview`, admin)).json();
    expect(await preview(spring.id)).toMatchObject({ waiting: 120, teams: 30, seated: 120, left_pending: 0 });
    const springDone = (await call('POST', '/api/hackathon/assign', admin, { event_id: spring.id })).json();
    expect({ teams: springDone.teams.length, left: springDone.left_pending }).toEqual({ teams: 30, left: 0 });

    // Max 5 teams: the preview says 20 seated and 15 left, and auto-assign does exactly that.
    expect(await preview(autumn.id)).toEqual({
      waiting: 35,
      teams: 5,
      seated: 20,
      left_pending: 15,
      team_sizes: [4, 4, 4, 4, 4],
    });
    const autumnDone = (await call('POST', '/api/hackathon/assign', admin, { event_id: autumn.id })).json();
    expect({ teams: autumnDone.teams.length, left: autumnDone.left_pending }).toEqual({ teams: 5, left: 15 });
    expect(await counts()).toEqual({ Spring: [0, 30], Autumn: [15, 5] });
    expect(await preview(autumn.id)).toEqual({ waiting: 15, teams: 0, seated: 0, left_pending: 15, team_sizes: [] });
    expect((await call('GET', '/api/hackathon/events/99999/assign-preview', admin)).statusCode).toBe(404);
  });

  it('moves a seated candidate to step 3 once the event is over', async () => {
    const event = await createEvent();
    const candidate = await stepTwoCandidate(t, clock.now(), 'jdoe');
    await call('POST', '/api/hackathon/register', candidate.cookie, { event_id: event.id });
    await call('POST', '/api/hackathon/assign', admin, { event_id: event.id });
    const step = async () => (await call('GET', '/api/applications/me', candidate.cookie)).json().step;
    expect(await step()).toBe(2);
    clock.advance(12 * DAY);
    expect(await step()).toBe(3);
  });

  it('guards every route: 401 anonymous, 403 applicants on admin routes, 403 BANNED', async () => {
    const applicant = await signIn(t.app, 'jdoe');
    const banned = await signIn(t.app, 'bad');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    const adminRoutes = [
      ['GET', '/api/hackathon/events'],
      ['POST', '/api/hackathon/events'],
      ['PUT', '/api/hackathon/events/1'],
      ['DELETE', '/api/hackathon/events/1'],
      ['GET', '/api/hackathon/registrations'],
      ['GET', '/api/hackathon/teams'],
      ['POST', '/api/hackathon/teams'],
      ['PUT', '/api/hackathon/teams/1'],
      ['DELETE', '/api/hackathon/teams/1'],
      ['POST', '/api/hackathon/assign'],
    ] as const;
    await expectGuarded(t.app, adminRoutes, { applicant: applicant.cookie, banned: banned.cookie });
    await expectGuarded(
      t.app,
      [
        ['GET', '/api/hackathon/me'],
        ['GET', '/api/hackathon/events/public'],
        ['POST', '/api/hackathon/register'],
        ['DELETE', '/api/hackathon/register?event_id=1'],
      ],
      { banned: banned.cookie },
    );
  });
});

describe('balanced team sizes', () => {
  it('differ by at most one and add up', () => {
    expect(balancedSizes(9, 3)).toEqual([3, 3, 3]);
    expect(balancedSizes(5, 2)).toEqual([3, 2]);
    expect(balancedSizes(17, 5)).toEqual([4, 4, 3, 3, 3]);
  });
});
