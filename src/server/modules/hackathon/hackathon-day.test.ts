import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../../contract/errors';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { stepTwoCandidate } from '#test/server/journey.fixtures';
import type { Role } from '../../db/schema';

const DAY = 24 * 3600 * 1000;

/** The hackathon day (spec §14, decision 0163): judges, check-in at the door, checked-in-only teams. */
describe('the hackathon day', () => {
  let t: TestApp;
  let admin: { cookie: string; user: { id: number } };
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = await signIn(t.app, 'admin');
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const future = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
  const createEvent = async (name = 'Build Night') =>
    (
      await call('POST', '/api/hackathon/events', admin.cookie, {
        name,
        start_at: future(10),
        end_at: future(11),
      })
    ).json() as { id: number };
  /** A signed-in user of the given role. */
  const userOf = async (login: string, role: Role) => {
    const signedIn = await signIn(t.app, login);
    await t.database.db.updateTable('users').set({ role }).where('id', '=', signedIn.user.id).execute();
    return signedIn;
  };
  const setJudges = (eventId: number, userIds: number[], cookie = admin.cookie) =>
    call('PUT', `/api/hackathon/events/${eventId}/judges`, cookie, { user_ids: userIds });
  /** A step-2 candidate registered for the event through the API: their cookie, id and check-in code. */
  const registrant = async (eventId: number, login: string) => {
    const candidate = await stepTwoCandidate(t, clock.now(), login);
    expect((await call('POST', '/api/hackathon/register', candidate.cookie, { event_id: eventId })).statusCode).toBe(
      201,
    );
    const me = (await call('GET', '/api/hackathon/me', candidate.cookie)).json();
    const registration = me.registrations.find((r: { event_id: number }) => r.event_id === eventId);
    return { ...candidate, registrationId: registration.id as number, code: registration.check_in_code as string };
  };
  const checkIn = (eventId: number, code: string, cookie: string) =>
    call('POST', `/api/hackathon/events/${eventId}/check-in`, cookie, { code });
  const auditCount = async (action: string) =>
    (await t.database.db.selectFrom('audit_logs').select('id').where('action', '=', action).execute()).length;

  it('lets an admin name judges among admins, members and board members, list them, and replace the list', async () => {
    const event = await createEvent();
    const member = await userOf('mia', 'member');
    const board = await userOf('bob', 'board');
    const named = await setJudges(event.id, [member.user.id, board.user.id, admin.user.id]);
    expect(named.statusCode).toBe(200);
    const listed = (await call('GET', `/api/hackathon/events/${event.id}/judges`, admin.cookie)).json();
    expect(listed.total).toBe(3);
    expect(listed.data.map((judge: { intra_login: string }) => judge.intra_login)).toEqual(['admin', 'bob', 'mia']);
    expect(Object.keys(listed.data[0]).sort()).toEqual(['id', 'image_url', 'intra_login']);

    expect((await setJudges(event.id, [board.user.id])).json().data).toMatchObject([{ id: board.user.id }]);
    expect((await call('GET', `/api/hackathon/events/${event.id}/judges`, admin.cookie)).json().total).toBe(1);
    expect(await auditCount('hackathon.judges_set')).toBe(2);
  });

  it('refuses a student as a judge (400, the list unchanged), an unknown event (404), and non-admins (403)', async () => {
    const event = await createEvent();
    const member = await userOf('mia', 'member');
    const student = await signIn(t.app, 'sam');
    await setJudges(event.id, [member.user.id]);

    const refused = await setJudges(event.id, [member.user.id, student.user.id]);
    expect(refused.statusCode).toBe(400);
    expect(errorBodySchema.safeParse(refused.json()).success).toBe(true);
    expect(refused.json().error).toContain('sam');
    expect((await setJudges(event.id, [999_999])).statusCode).toBe(400);
    const listed = (await call('GET', `/api/hackathon/events/${event.id}/judges`, admin.cookie)).json();
    expect(listed.data).toMatchObject([{ id: member.user.id }]);

    expect((await setJudges(999_999, [member.user.id])).statusCode).toBe(404);
    expect((await call('GET', '/api/hackathon/events/999999/judges', admin.cookie)).statusCode).toBe(404);

    // A judge is still no admin: naming judges and reading the list are the board's.
    expect((await setJudges(event.id, [member.user.id], member.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/hackathon/events/${event.id}/judges`, member.cookie)).statusCode).toBe(403);
    expect((await call('GET', `/api/hackathon/events/${event.id}/judges`, student.cookie)).statusCode).toBe(403);
  });

  it('tells the signed-in user whether they judge an event, on /api/users/me', async () => {
    const event = await createEvent();
    const member = await userOf('mia', 'member');
    const isJudge = async (cookie: string) => (await call('GET', '/api/users/me', cookie)).json().is_judge;
    expect(await isJudge(member.cookie)).toBe(false);
    await setJudges(event.id, [member.user.id]);
    await expect.poll(() => isJudge(member.cookie)).toBe(true);
    await setJudges(event.id, []);
    await expect.poll(() => isJudge(member.cookie)).toBe(false);
    // An event deleted takes its judges with it (a cascade, which the session memo hears of too).
    await setJudges(event.id, [member.user.id]);
    await expect.poll(() => isJudge(member.cookie)).toBe(true);
    expect((await call('DELETE', `/api/hackathon/events/${event.id}`, admin.cookie)).statusCode).toBe(204);
    await expect.poll(() => isJudge(member.cookie)).toBe(false);
  });

  it('carries each registrant their own check-in code on /api/hackathon/me, unguessable and unique', async () => {
    const event = await createEvent();
    const other = await createEvent('Other night');
    const a = await registrant(event.id, 'ann');
    const b = await registrant(event.id, 'ben');
    expect(a.code).toMatch(/^[A-Za-z0-9_-]{20}$/);
    expect(b.code).not.toBe(a.code);
    // Nobody else's code shows anywhere the candidate reads.
    const me = (await call('GET', '/api/hackathon/me', a.cookie)).json();
    expect(JSON.stringify(me)).not.toContain(b.code);
    // Admins' lists carry the check-in, not the code.
    const listed = (await call('GET', `/api/hackathon/registrations?event_id=${event.id}`, admin.cookie)).json();
    expect(listed.data[0]).toMatchObject({ checked_in_at: null });
    expect(listed.data[0]).not.toHaveProperty('check_in_code');

    const db = t.database.db;
    const codes = (await db.selectFrom('hackathon_registrations').select('check_in_code').execute()).map(
      (row) => row.check_in_code,
    );
    expect(new Set(codes).size).toBe(codes.length);
    // The database refuses a second registration with a code already given.
    await expect(
      db
        .insertInto('hackathon_registrations')
        .values({
          user_id: b.userId,
          event_id: other.id,
          status: 'pending',
          created_at: future(0),
          check_in_code: a.code,
        })
        .execute(),
    ).rejects.toThrow();
  });

  it('checks a registrant in by their code: 200 with who and when, the same time again, one audit entry', async () => {
    const event = await createEvent();
    const judge = await userOf('jude', 'board');
    await setJudges(event.id, [judge.user.id]);
    const person = await registrant(event.id, 'ann');
    await t.database.db
      .updateTable('users')
      .set({ first_name: 'Ann', last_name: 'Lee' })
      .where('id', '=', person.userId)
      .execute();

    const first = await checkIn(event.id, person.code, judge.cookie);
    expect(first.statusCode).toBe(200);
    const checkedInAt = clock.now().toISOString();
    expect(first.json()).toEqual({
      registrant: {
        id: person.userId,
        intra_login: 'ann',
        first_name: 'Ann',
        last_name: 'Lee',
        image_url: expect.anything(),
      },
      registration_id: person.registrationId,
      checked_in_at: checkedInAt,
      checked_in_by: { id: judge.user.id, intra_login: 'jude' },
    });

    clock.advance(60_000);
    const again = await checkIn(event.id, person.code, admin.cookie);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ checked_in_at: checkedInAt, checked_in_by: { id: judge.user.id } });
    expect(await auditCount('hackathon.checked_in')).toBe(1);

    const listed = (await call('GET', `/api/hackathon/registrations?event_id=${event.id}`, admin.cookie)).json();
    expect(listed.data[0]).toMatchObject({ id: person.registrationId, checked_in_at: checkedInAt });
  });

  it('answers 404 for a code of another event or of none, and 403 to a judge of another event or a non-judge', async () => {
    const event = await createEvent();
    const other = await createEvent('Other night');
    const judge = await userOf('jude', 'member');
    const otherJudge = await userOf('otto', 'member');
    const member = await userOf('mia', 'member');
    await setJudges(event.id, [judge.user.id]);
    await setJudges(other.id, [otherJudge.user.id]);
    const person = await registrant(event.id, 'ann');

    expect((await checkIn(other.id, person.code, admin.cookie)).statusCode).toBe(404);
    expect((await checkIn(event.id, 'AAAAAAAAAAAAAAAAAAAA', judge.cookie)).statusCode).toBe(404);
    expect((await checkIn(999_999, person.code, admin.cookie)).statusCode).toBe(404);
    const refused = await checkIn(event.id, person.code, otherJudge.cookie);
    expect(refused.statusCode).toBe(403);
    expect(errorBodySchema.safeParse(refused.json()).success).toBe(true);
    expect((await checkIn(event.id, person.code, member.cookie)).statusCode).toBe(403);
    expect((await checkIn(event.id, person.code, person.cookie)).statusCode).toBe(403);
    expect(
      (await call('DELETE', `/api/hackathon/events/${event.id}/check-in/${person.registrationId}`, otherJudge.cookie))
        .statusCode,
    ).toBe(403);
    const row = await t.database.db
      .selectFrom('hackathon_registrations')
      .select('checked_in_at')
      .where('id', '=', person.registrationId)
      .executeTakeFirstOrThrow();
    expect(row.checked_in_at).toBeNull();
  });

  it('undoes a check-in (audited), after which the code checks in again at the new time', async () => {
    const event = await createEvent();
    const other = await createEvent('Other night');
    const judge = await userOf('jude', 'member');
    await setJudges(event.id, [judge.user.id]);
    const person = await registrant(event.id, 'ann');
    await checkIn(event.id, person.code, judge.cookie);

    const undoUrl = `/api/hackathon/events/${event.id}/check-in/${person.registrationId}`;
    expect(
      (await call('DELETE', `/api/hackathon/events/${other.id}/check-in/${person.registrationId}`, admin.cookie))
        .statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/hackathon/events/${event.id}/check-in/999999`, admin.cookie)).statusCode).toBe(
      404,
    );
    expect((await call('DELETE', undoUrl, judge.cookie)).statusCode).toBe(204);
    expect(await auditCount('hackathon.check_in_undone')).toBe(1);
    const listed = (await call('GET', `/api/hackathon/registrations?event_id=${event.id}`, admin.cookie)).json();
    expect(listed.data[0].checked_in_at).toBeNull();

    clock.advance(5 * 60_000);
    const again = await checkIn(event.id, person.code, judge.cookie);
    expect(again.json().checked_in_at).toBe(clock.now().toISOString());
    expect(await auditCount('hackathon.checked_in')).toBe(2);
  });

  it('forms teams of the checked-in registrants only when asked, of everyone pending otherwise', async () => {
    const event = await createEvent();
    const people = [];
    for (const login of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6']) people.push(await registrant(event.id, login));
    const present = people.slice(0, 3);
    for (const person of present) await checkIn(event.id, person.code, admin.cookie);
    const preview = async (query = '') =>
      (await call('GET', `/api/hackathon/events/${event.id}/assign-preview${query}`, admin.cookie)).json();
    expect(await preview('?checked_in_only=true')).toEqual({
      waiting: 3,
      teams: 1,
      seated: 3,
      left_pending: 0,
      team_sizes: [3],
    });
    expect(await preview()).toMatchObject({ waiting: 6, teams: 2 });

    const assigned = await call('POST', '/api/hackathon/assign', admin.cookie, {
      event_id: event.id,
      checked_in_only: true,
    });
    expect(assigned.statusCode).toBe(200);
    const seated = assigned
      .json()
      .teams.flatMap((team: { members: { user_id: number }[] }) => team.members.map((m) => m.user_id))
      .sort();
    expect(seated).toEqual(present.map((p) => p.userId).sort());

    // Without the flag (its default), the others still waiting are seated too.
    const rest = (await call('POST', '/api/hackathon/assign', admin.cookie, { event_id: event.id })).json();
    expect(rest.teams.flatMap((team: { members: unknown[] }) => team.members)).toHaveLength(3);
  });

  it('lists on /judge the events a judge judges with their check-in counts, every event to an admin', async () => {
    const spring = await createEvent('Spring');
    const autumn = await createEvent('Autumn');
    const judge = await userOf('jay', 'member');
    await setJudges(spring.id, [judge.user.id]);
    const people = [await registrant(spring.id, 'p1'), await registrant(spring.id, 'p2')];
    await checkIn(spring.id, people[0]!.code, judge.cookie);

    const mine = await call('GET', '/api/hackathon/judging/events', judge.cookie);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual({
      data: [expect.objectContaining({ id: spring.id, name: 'Spring', registrations_count: 2, checked_in_count: 1 })],
      total: 1,
    });
    const all = (await call('GET', '/api/hackathon/judging/events', admin.cookie)).json();
    expect(all.data.map((event: { id: number }) => event.id).sort()).toEqual([spring.id, autumn.id].sort());
    const member = await userOf('mo', 'member');
    expect((await call('GET', '/api/hackathon/judging/events', member.cookie)).statusCode).toBe(403);
  });
});
