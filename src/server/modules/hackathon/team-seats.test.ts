import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { stepTwoCandidate } from '#test/server/journey.fixtures';

const DAY = 24 * 3600 * 1000;

/**
 * The board moves people between teams by hand (issue 32): a registrant seated in a team, out of
 * their other team of the event; a member taken out, waiting again. Spec §6's rules hold: at most
 * 4 in a team, only registrants of the team's event, one team each per event.
 */
describe('seating people in hackathon teams by hand', () => {
  let t: TestApp;
  let admin: { cookie: string; user: { id: number } };
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = await signIn(t.app, 'admin');
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin.cookie }, payload });
  const future = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
  const createEvent = async (name: string) =>
    (await call('POST', '/api/hackathon/events', { name, start_at: future(10), end_at: future(11) })).json() as {
      id: number;
    };
  const registrant = async (eventId: number, login: string) => {
    const candidate = await stepTwoCandidate(t, clock.now(), login);
    const registered = await t.app.inject({
      method: 'POST',
      url: '/api/hackathon/register',
      headers: { cookie: candidate.cookie },
      payload: { event_id: eventId },
    });
    expect(registered.statusCode).toBe(201);
    return candidate.userId;
  };
  const team = async (eventId: number, member_user_ids: number[]) =>
    (await call('POST', '/api/hackathon/teams', { event_id: eventId, member_user_ids })).json() as { id: number };
  const seat = (teamId: number, userId: number) => call('PUT', `/api/hackathon/teams/${teamId}/members/${userId}`);
  const unseat = (teamId: number, userId: number) => call('DELETE', `/api/hackathon/teams/${teamId}/members/${userId}`);
  const membersOf = async (teamId: number) =>
    (await t.database.db.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute())
      .map((row) => row.user_id)
      .sort((a, b) => a - b);
  const statusOf = async (eventId: number, userId: number) =>
    (
      await t.database.db
        .selectFrom('hackathon_registrations')
        .select('status')
        .where('event_id', '=', eventId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).status;
  const audits = async (action: string) =>
    t.database.db
      .selectFrom('audit_logs')
      .select(['entity_id', 'details'])
      .where('action', '=', action)
      .orderBy('id')
      .execute();

  it('moves a member from one team to another in one step, and back (the Undo), audited', async () => {
    const event = await createEvent('Build Night');
    const [a, b, c] = [
      await registrant(event.id, 'ana'),
      await registrant(event.id, 'ben'),
      await registrant(event.id, 'cyd'),
    ];
    const first = await team(event.id, [a, b]);
    const second = await team(event.id, [c]);

    const moved = await seat(second.id, b);
    expect(moved.statusCode).toBe(200);
    expect(
      moved
        .json()
        .team.members.map((m: { user_id: number }) => m.user_id)
        .sort(),
    ).toEqual([b, c].sort());
    expect(moved.json().from_team).toMatchObject({ id: first.id, members: [{ user_id: a }] });
    expect(await membersOf(first.id)).toEqual([a]);
    expect(await membersOf(second.id)).toEqual([b, c].sort((x, y) => x - y));
    expect(await statusOf(event.id, b)).toBe('assigned');

    const back = await seat(first.id, b);
    expect(back.json().from_team.id).toBe(second.id);
    expect(await membersOf(first.id)).toEqual([a, b].sort((x, y) => x - y));
    expect(await membersOf(second.id)).toEqual([c]);
    const entries = await audits('team.member_seated');
    expect(entries).toHaveLength(2);
    expect(JSON.parse(entries[0]!.details!)).toEqual({
      before: { team_id: first.id },
      after: { team_id: second.id, user_id: b },
    });

    // Seating someone where they sit already changes nothing.
    expect((await seat(first.id, b)).json().from_team).toBeNull();
    expect(await audits('team.member_seated')).toHaveLength(2);
  });

  it('seats a waiting registrant, takes a member out (waiting again), and the team XP follows the person', async () => {
    const event = await createEvent('Build Night');
    const [a, b] = [await registrant(event.id, 'ana'), await registrant(event.id, 'ben')];
    const first = await team(event.id, [a]);
    clock.advance(12 * DAY);
    expect((await call('PUT', `/api/hackathon/teams/${first.id}`, { hackathon_xp: 120 })).statusCode).toBe(200);
    const xpOf = async (userId: number) =>
      (
        await t.database.db
          .selectFrom('users')
          .select('experience_points')
          .where('id', '=', userId)
          .executeTakeFirstOrThrow()
      ).experience_points;
    const before = await xpOf(b);

    const seated = await seat(first.id, b);
    expect(seated.json().from_team).toBeNull();
    expect(await statusOf(event.id, b)).toBe('assigned');
    expect(await xpOf(b)).toBe(before + 120);

    const out = await unseat(first.id, b);
    expect(out.statusCode).toBe(200);
    expect(out.json().members.map((m: { user_id: number }) => m.user_id)).toEqual([a]);
    expect(await statusOf(event.id, b)).toBe('pending');
    expect(await xpOf(b)).toBe(before);
    expect(await audits('team.member_unseated')).toHaveLength(1);

    const again = await unseat(first.id, b);
    expect(again.statusCode).toBe(404);
    expect(errorBodySchema.safeParse(again.json()).success).toBe(true);
  });

  it('refuses a fifth member (409) and a registrant of another event (409), changing nothing', async () => {
    const event = await createEvent('Build Night');
    const other = await createEvent('Other Night');
    const four = [
      await registrant(event.id, 'ana'),
      await registrant(event.id, 'ben'),
      await registrant(event.id, 'cyd'),
      await registrant(event.id, 'dan'),
    ];
    const fifth = await registrant(event.id, 'eve');
    const stranger = await registrant(other.id, 'fay');
    const full = await team(event.id, four);
    const small = await team(event.id, [fifth]);

    const refused = await seat(full.id, fifth);
    expect(refused.statusCode).toBe(409);
    expect(errorBodySchema.parse(refused.json()).error).toBe('A team has at most 4 members');
    expect(await membersOf(small.id)).toEqual([fifth]);
    expect(await membersOf(full.id)).toEqual([...four].sort((x, y) => x - y));

    const elsewhere = await seat(small.id, stranger);
    expect(elsewhere.statusCode).toBe(409);
    expect(errorBodySchema.parse(elsewhere.json()).error).toBe('Every member must be registered for this event.');
    expect(await membersOf(small.id)).toEqual([fifth]);
    expect(await statusOf(other.id, stranger)).toBe('pending');

    expect((await seat(999_999, fifth)).statusCode).toBe(404);
    expect(await audits('team.member_seated')).toHaveLength(0);
  });

  it('previews the size of each team auto-assign would make', async () => {
    const event = await createEvent('Build Night');
    for (const login of ['a1', 'a2', 'a3', 'a4', 'a5', 'a6', 'a7']) await registrant(event.id, login);
    const preview = (await call('GET', `/api/hackathon/events/${event.id}/assign-preview`)).json();
    expect(preview).toEqual({ waiting: 7, teams: 2, seated: 7, left_pending: 0, team_sizes: [4, 3] });
  });
});
