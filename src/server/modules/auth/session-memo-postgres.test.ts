import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { listenerName } from '../../db/database';
import { TRUST_MS } from '../../db/user-changes';
import { runsOnEngine } from '#test/server/required-service';
import { signIn } from '#test/server/sign-in';
import { createTestApps, type TestApp } from '#test/server/test-app';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two apps on one PostgreSQL schema, as two server processes: each memoizes sessions and forgets
 * them when the other's change is announced (decision 0104). The spec: a revoked session is
 * refused by every process within 100 ms, even when the notifications were down.
 */
describe.runIf(runsOnEngine('postgres', 'The session memo on PostgreSQL'))('the session memo on PostgreSQL', () => {
  let group: Awaited<ReturnType<typeof createTestApps>> | undefined;
  let admin: pg.Client | undefined;
  afterEach(async () => {
    await admin?.end();
    await group?.close();
    group = admin = undefined;
  });

  /** Two apps, a student signed in on the first and an admin on the second, and a connection of our own. */
  async function setUp() {
    group = await createTestApps(2, { ADMIN_LOGINS: 'boss' });
    const [first, second] = group.apps as [TestApp, TestApp];
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const student = await signIn(first.app, 'student');
    const boss = await signIn(second.app, 'boss');
    await untilServedFromMemo(first, student.cookie);
    return { first, second, student, boss, schema: first.database.schema! };
  }

  const me = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/users/me', headers: { cookie } });
  const put = (t: TestApp, cookie: string, url: string, payload: object) =>
    t.app.inject({ method: 'PUT', url, headers: { cookie }, payload });
  const ban = async (t: TestApp, adminCookie: string, userId: number) =>
    expect((await put(t, adminCookie, `/api/admin/members/${userId}/ban`, { is_banned: true })).statusCode).toBe(200);
  const signOut = async (t: TestApp, cookie: string) =>
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } })).statusCode).toBe(204);

  /**
   * Asks every 2 ms until `ask` says yes; answers, in ms, when the request that got the yes was
   * sent (how long until a request sees the change; fails past 2 s).
   */
  async function msUntil(ask: () => Promise<boolean>): Promise<number> {
    const start = performance.now();
    for (;;) {
      const askedAt = performance.now() - start;
      if (await ask()) return askedAt;
      if (askedAt > 2000) throw new Error('not within 2 s');
      await sleep(2);
    }
  }
  const msUntilRefused = (t: TestApp, cookie: string) => msUntil(async () => (await me(t, cookie)).statusCode !== 200);

  /**
   * Takes the sessions table from every other connection (a lock nothing else may share) while
   * `t` answers `cookie` three times: only a memo answers without reading the table. Answers
   * whether it did within 500 ms (and 200 to all three, once the lock is gone, either way).
   */
  async function servedWithoutTheDatabase(t: TestApp, cookie: string): Promise<boolean> {
    await admin!.query('begin');
    await admin!.query(`lock table ${t.database.schema}.sessions in access exclusive mode`);
    const answers = Promise.all([me(t, cookie), me(t, cookie), me(t, cookie)]);
    try {
      return await Promise.race([answers.then(() => true), sleep(500).then(() => false)]);
    } finally {
      await admin!.query('rollback');
      expect((await answers).map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    }
  }

  /** Waits until `t`'s memo serves `cookie` (the listener has connected and heard a heartbeat). */
  async function untilServedFromMemo(t: TestApp, cookie: string) {
    await msUntil(async () => (await me(t, cookie)).statusCode === 200 && (await servedWithoutTheDatabase(t, cookie)));
  }

  /** Ends the listening connections of the schema's apps from the server's side, as a failover would. */
  async function terminateListeners(schema: string) {
    const { rows } = await admin!.query<{ ended: boolean }>(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
      [listenerName(schema)],
    );
    expect(rows.length).toBe(2);
    expect(rows.every((row) => row.ended)).toBe(true);
  }

  it('serves a signed-in user from the memo while the notifications are live', async () => {
    const { first, student } = await setUp();
    expect(await servedWithoutTheDatabase(first, student.cookie)).toBe(true);
  });

  it('refuses a user banned through the other app within 100 ms', async () => {
    const { first, second, student, boss } = await setUp();
    await ban(second, boss.cookie, student.user.id);
    expect(await msUntilRefused(first, student.cookie)).toBeLessThan(100);
  });

  it('refuses a session signed out through the other app within 100 ms', async () => {
    const { first, second, student } = await setUp();
    await signOut(second, student.cookie);
    expect(await msUntilRefused(first, student.cookie)).toBeLessThan(100);
  });

  it('shows a role and an admin flag changed through the other app within 100 ms', async () => {
    const { first, second, student, boss } = await setUp();
    const users = `/api/admin/members/${student.user.id}`;
    expect((await put(second, boss.cookie, `${users}/role`, { role: 'member' })).statusCode).toBe(200);
    expect(await msUntil(async () => (await me(first, student.cookie)).json().role === 'member')).toBeLessThan(100);
    expect((await put(second, boss.cookie, `${users}/admin`, { is_admin: true })).statusCode).toBe(200);
    expect(await msUntil(async () => (await me(first, student.cookie)).json().is_admin === true)).toBeLessThan(100);
    const adminList = await first.app.inject({ url: '/api/admin/members', headers: { cookie: student.cookie } });
    expect(adminList.statusCode).toBe(200);
  });

  it('shows a judge named or removed through the other app within 100 ms (decision 0163)', async () => {
    const { first, second, student, boss } = await setUp();
    const users = `/api/admin/members/${student.user.id}`;
    expect((await put(second, boss.cookie, `${users}/role`, { role: 'member' })).statusCode).toBe(200);
    const event = await second.app.inject({
      method: 'POST',
      url: '/api/hackathon/events',
      headers: { cookie: boss.cookie },
      payload: { name: 'Night', start_at: '2027-06-01T09:00:00Z', end_at: '2027-06-02T09:00:00Z' },
    });
    const judges = `/api/hackathon/events/${event.json().id}/judges`;
    await untilServedFromMemo(first, student.cookie);
    // Only the judges' table changes: its trigger, not the users' one, must announce it.
    expect((await put(second, boss.cookie, judges, { user_ids: [student.user.id] })).statusCode).toBe(200);
    expect(await msUntil(async () => (await me(first, student.cookie)).json().is_judge === true)).toBeLessThan(100);
    expect((await put(second, boss.cookie, judges, { user_ids: [] })).statusCode).toBe(200);
    expect(await msUntil(async () => (await me(first, student.cookie)).json().is_judge === false)).toBeLessThan(100);
  });

  it('refuses a user banned through the other app right after the notifications went down', async () => {
    const { first, second, student, boss, schema } = await setUp();
    await terminateListeners(schema);
    await ban(second, boss.cookie, student.user.id);
    expect(await msUntilRefused(first, student.cookie)).toBeLessThan(100);
  });

  it('refuses a session signed out through the other app right after the notifications went down', async () => {
    const { first, second, student, schema } = await setUp();
    await terminateListeners(schema);
    await signOut(second, student.cookie);
    expect(await msUntilRefused(first, student.cookie)).toBeLessThan(100);
  });

  it('asks the database while the notifications are down, and memoizes again once they are back', async () => {
    const { first, second, student, schema } = await setUp();
    await terminateListeners(schema);
    // Whether or not the app has seen its connection end yet, no heartbeat has been answered since.
    await sleep(TRUST_MS);
    expect(await servedWithoutTheDatabase(first, student.cookie)).toBe(false);
    await untilServedFromMemo(first, student.cookie);
    await signOut(second, student.cookie);
    expect(await msUntilRefused(first, student.cookie)).toBeLessThan(100);
  });

  it('ends its listening connections when the apps close', async () => {
    const { schema } = await setUp();
    const listeners = async () =>
      (
        await admin!.query('select count(*)::int as n from pg_stat_activity where application_name = $1', [
          listenerName(schema),
        ])
      ).rows[0].n;
    expect(await listeners()).toBe(2);
    await group!.close();
    group = undefined;
    expect(await msUntil(async () => (await listeners()) === 0)).toBeLessThan(1000);
  });
});
