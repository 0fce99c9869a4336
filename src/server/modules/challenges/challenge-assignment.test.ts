import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvedCandidate, insertChallenge } from '#test/server/challenges.fixtures';
import { describeDifference, dumpDatabase } from '#test/server/db-snapshot';
import { stepTwoCandidate } from '#test/server/journey.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, createTestApps, testClock, type TestApp } from '#test/server/test-app';

const DAY = 24 * 3600_000;

/**
 * Challenges reach every approved candidate (decision 0145): a candidate approved before the
 * catalog had its four active challenges gets each one as the board activates it, and the board
 * can assign what an activation did not reach from the member's detail.
 */
describe('challenges for candidates approved before the catalog was ready', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const challenge = (title: string, is_active: boolean) => ({
    title,
    difficulty_level: 'beginner',
    grade: 50,
    description: `${title}, step by step.`,
    exercise_1_title: 'Wire it',
    is_active,
  });
  const heldBy = async (userId: number) =>
    (
      await t.database.db
        .selectFrom('user_challenges')
        .innerJoin('challenges', 'challenges.id', 'user_challenges.challenge_id')
        .select('challenges.title')
        .where('user_challenges.user_id', '=', userId)
        .orderBy('challenges.id')
        .execute()
    ).map((row) => row.title);
  const approve = async (login: string) => {
    const { cookie, user } = await signIn(t.app, login);
    const sent = await as(cookie, 'POST', '/api/applications', { motivation: 'I want to build robots with you.' });
    expect(
      (await as(admin, 'PUT', `/api/admin/applications/${sent.json().id}/review`, { status: 'approved' })).statusCode,
    ).toBe(200);
    return { cookie, userId: user.id, applicationId: sent.json().id as number };
  };
  const activeChallenges = async (applicationId: number) =>
    (await as(admin, 'GET', `/api/admin/applications/${applicationId}`)).json().active_challenges;

  it('gives a challenge, when it becomes active, to every approved candidate at step 1 who lacks challenges, audited, their deadline unchanged', async () => {
    // Salma is approved while the catalog is empty: no challenge, the deadline already runs.
    const salma = await approve('salma');
    const empty = (await as(salma.cookie, 'GET', '/api/challenges/me')).json();
    expect(empty).toMatchObject({ data: [], completed_count: 0 });
    const deadline = empty.deadline_at;
    expect(deadline).toBe(new Date(clock.now().getTime() + 28 * DAY).toISOString());

    // The review screen says so: no active challenge.
    expect(await activeChallenges(salma.applicationId)).toBe(0);

    // Two challenges, then Omar is approved with them; a finalist and a pending candidate stand by.
    await insertChallenge(t.database.db, clock.now(), { title: 'Blink' });
    await insertChallenge(t.database.db, clock.now(), { title: 'Fade' });
    expect(await activeChallenges(salma.applicationId)).toBe(2);
    clock.advance(DAY);
    const omar = await approve('omar');
    const finalist = await stepTwoCandidate(t, clock.now(), 'finalist');
    const { cookie: pendingCookie } = await signIn(t.app, 'waiting');
    await as(pendingCookie, 'POST', '/api/applications', { motivation: 'Waiting for the board to read me.' });
    clock.advance(DAY);

    // A new active challenge goes to both candidates at step 1, in one answer.
    const servo = await as(admin, 'POST', '/api/challenges/admin/challenges', challenge('Servo', true));
    expect(servo.statusCode).toBe(201);
    expect(servo.json()).toMatchObject({ title: 'Servo', is_active: true, assigned_to: 2 });
    expect(await heldBy(salma.userId)).toEqual(['Servo']);
    expect(await heldBy(omar.userId)).toEqual(['Blink', 'Fade', 'Servo']);

    // An inactive one goes to nobody until it is activated.
    const sonar = await as(admin, 'POST', '/api/challenges/admin/challenges', challenge('Sonar', false));
    expect(sonar.json().assigned_to).toBe(0);
    expect(await heldBy(salma.userId)).toEqual(['Servo']);
    const activated = await as(admin, 'PUT', `/api/challenges/admin/challenges/${sonar.json().id}`, {
      is_active: true,
    });
    expect(activated.json()).toMatchObject({ is_active: true, assigned_to: 2 });
    expect(await heldBy(omar.userId)).toEqual(['Blink', 'Fade', 'Servo', 'Sonar']);
    // Editing an active challenge assigns nothing more.
    const renamed = await as(admin, 'PUT', `/api/challenges/admin/challenges/${sonar.json().id}`, { title: 'Sonar!' });
    expect(renamed.json().assigned_to).toBe(0);

    // Omar holds the four the process requires: a fifth goes to Salma only, never past four.
    const motor = await as(admin, 'POST', '/api/challenges/admin/challenges', challenge('Motor', true));
    expect(motor.json().assigned_to).toBe(1);
    expect(await heldBy(salma.userId)).toEqual(['Servo', 'Sonar!', 'Motor']);
    expect(await heldBy(omar.userId)).toHaveLength(4);

    // The tracker lists them at step 1, the deadline as it was at approval.
    const tracker = (await as(salma.cookie, 'GET', '/api/challenges/me')).json();
    expect(tracker.data.map((item: { title: string; status: string }) => [item.title, item.status])).toEqual([
      ['Servo', 'pending'],
      ['Sonar!', 'pending'],
      ['Motor', 'pending'],
    ]);
    expect(tracker.deadline_at).toBe(deadline);
    expect((await as(salma.cookie, 'GET', '/api/applications/me')).json().step).toBe(1);

    // Neither the finalist (step 2) nor the pending candidate (step 0) got anything.
    expect(await heldBy(finalist.userId)).toHaveLength(1);
    const waiting = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('intra_login', '=', 'waiting')
      .executeTakeFirstOrThrow();
    expect(await heldBy(waiting.id)).toEqual([]);

    const entries = await t.database.db
      .selectFrom('audit_logs')
      .select(['entity_type', 'entity_id', 'user_name', 'details'])
      .where('action', '=', 'challenge.assigned')
      .orderBy('id')
      .execute();
    expect(entries.map((entry) => ({ ...entry, details: JSON.parse(entry.details!) }))).toEqual([
      {
        entity_type: 'user',
        entity_id: salma.userId,
        user_name: 'admin',
        details: { challenge_ids: [servo.json().id], by: 'activation' },
      },
      {
        entity_type: 'user',
        entity_id: omar.userId,
        user_name: 'admin',
        details: { challenge_ids: [servo.json().id], by: 'activation' },
      },
      {
        entity_type: 'user',
        entity_id: salma.userId,
        user_name: 'admin',
        details: { challenge_ids: [sonar.json().id], by: 'activation' },
      },
      {
        entity_type: 'user',
        entity_id: omar.userId,
        user_name: 'admin',
        details: { challenge_ids: [sonar.json().id], by: 'activation' },
      },
      {
        entity_type: 'user',
        entity_id: salma.userId,
        user_name: 'admin',
        details: { challenge_ids: [motor.json().id], by: 'activation' },
      },
    ]);
  });

  it('lets the board assign, from the member detail, the challenges an activation did not reach', async () => {
    await insertChallenge(t.database.db, clock.now(), { title: 'Blink' });
    const candidate = await approve('salma');
    // Two more challenges went active without passing through the activation (an older version, a restore).
    await insertChallenge(t.database.db, clock.now(), { title: 'Fade' });
    await insertChallenge(t.database.db, clock.now(), { title: 'Servo' });
    await insertChallenge(t.database.db, clock.now(), { title: 'Retired', is_active: false });

    const detail = async (id: number) => (await as(admin, 'GET', `/api/admin/members/${id}`)).json();
    expect(await detail(candidate.userId)).toMatchObject({
      journey: { step: 1, challenges_total: 1 },
      assignable_challenges: 2,
    });
    const assigned = await as(admin, 'POST', `/api/admin/members/${candidate.userId}/challenges`);
    expect(assigned.statusCode).toBe(201);
    expect(assigned.json()).toEqual({ assigned: 2 });
    expect(await heldBy(candidate.userId)).toEqual(['Blink', 'Fade', 'Servo']);
    expect(await detail(candidate.userId)).toMatchObject({
      journey: { step: 1, challenges_total: 3 },
      assignable_challenges: 0,
    });
    const entry = await t.database.db
      .selectFrom('audit_logs')
      .select(['entity_id', 'details'])
      .where('action', '=', 'challenge.assigned')
      .executeTakeFirstOrThrow();
    expect(entry.entity_id).toBe(candidate.userId);
    expect(JSON.parse(entry.details!)).toMatchObject({ by: 'board' });

    // Nothing left to give, a user not at step 1, nobody: refused, nothing written.
    const { user: newcomer } = await signIn(t.app, 'newcomer');
    expect((await detail(newcomer.id)).assignable_challenges).toBe(0);
    const before = await dumpDatabase(t.database);
    const again = await as(admin, 'POST', `/api/admin/members/${candidate.userId}/challenges`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(
      'There is nothing to assign: this candidate holds the 4 challenges the process requires, or every active challenge already.',
    );
    const notThere = await as(admin, 'POST', `/api/admin/members/${newcomer.id}/challenges`);
    expect(notThere.statusCode).toBe(409);
    expect(notThere.json().error).toBe(
      'Challenges are assigned to approved candidates working on their challenges, and this user is not at that step.',
    );
    expect((await as(admin, 'POST', '/api/admin/members/99999/challenges')).statusCode).toBe(404);
    expect(describeDifference(before, await dumpDatabase(t.database))).toBe('');
  });

  it('never gives a candidate more than four when two challenges are activated at once on two servers', async () => {
    const { apps, close } = await createTestApps(2, {}, { clock });
    try {
      const [one, two] = apps as [TestApp, TestApp];
      const board = (await signIn(one.app, 'admin')).cookie;
      const db = one.database.db;
      for (const title of ['A', 'B', 'C']) await insertChallenge(db, clock.now(), { title });
      const late = [
        await insertChallenge(db, clock.now(), { title: 'D', is_active: false }),
        await insertChallenge(db, clock.now(), { title: 'E', is_active: false }),
      ];
      const candidate = await approvedCandidate(one, clock, 'salma');
      expect(candidate.userChallenges).toHaveLength(3);
      const answers = await Promise.all(
        [one, two].map((server, index) =>
          server.app.inject({
            method: 'PUT',
            url: `/api/challenges/admin/challenges/${late[index]!.id}`,
            headers: { cookie: board },
            payload: { is_active: true },
          }),
        ),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(answers.map((answer) => answer.json().assigned_to).sort()).toEqual([0, 1]);
      const held = await db
        .selectFrom('user_challenges')
        .select('id')
        .where('user_id', '=', candidate.userId)
        .execute();
      expect(held).toHaveLength(4);
    } finally {
      await close();
    }
  });
});
