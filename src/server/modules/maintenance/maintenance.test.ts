import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/database';
import type { ProjectStatus } from '../../db/schema';
import { signIn } from '#test/server/sign-in';
import { createTestApp, createTestApps, testClock, type TestApp } from '#test/server/test-app';

const HOUR = 60 * 60 * 1000;

/** Rows written straight into the database, relative to `now`: what the jobs have to find. */
function seeder(db: Db, now: () => Date) {
  const at = (offsetMs: number) => new Date(now().getTime() + offsetMs).toISOString();
  return {
    async projects(ownerId: number, count: number, status: ProjectStatus, deadlineOffsetMs: number | null) {
      const rows = await db
        .insertInto('projects')
        .values(
          Array.from({ length: count }, (_, i) => ({
            owner_id: ownerId,
            title: `${status} ${deadlineOffsetMs} #${i}`,
            description: 'A club project.',
            deadline: deadlineOffsetMs === null ? null : at(deadlineOffsetMs),
            status,
            created_at: at(-48 * HOUR),
            updated_at: at(-48 * HOUR),
          })),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },
    async sessions(userId: number, count: number, expiresInMs: number) {
      await db
        .insertInto('sessions')
        .values(
          Array.from({ length: count }, () => ({
            user_id: userId,
            token_hash: randomBytes(32).toString('hex'),
            expires_at: at(expiresInMs),
            created_at: at(-24 * HOUR),
          })),
        )
        .execute();
    },
    async oauthStates(count: number, expiresInMs: number) {
      await db
        .insertInto('oauth_states')
        .values(
          Array.from({ length: count }, () => ({
            state_hash: randomBytes(32).toString('hex'),
            expires_at: at(expiresInMs),
            created_at: at(-HOUR),
          })),
        )
        .execute();
    },
  };
}

const auditOf = (db: Db, action: string) =>
  db.selectFrom('audit_logs').selectAll().where('action', '=', action).orderBy('id').execute();
const count = async (db: Db, table: 'sessions' | 'oauth_states') =>
  Number(
    (
      await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function eventually(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('maintenance (admin)', () => {
  let t: TestApp;
  let admin: { cookie: string; user: { id: number } };
  let clock: ReturnType<typeof testClock>;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = await signIn(t.app, 'admin');
  });
  afterEach(() => t.close());

  const run = (job: 'expired-projects' | 'cleanup') =>
    t.app.inject({ method: 'POST', url: `/api/admin/maintenance/${job}`, headers: { cookie: admin.cookie } });

  it('expires approved projects past their deadline, audits each with the admin, and a second run changes nothing', async () => {
    const seed = seeder(t.database.db, clock.now);
    const owner = (await signIn(t.app, 'alice')).user.id;
    const overdue = await seed.projects(owner, 3, 'approved', -HOUR);
    const untouched = [
      ...(await seed.projects(owner, 1, 'approved', HOUR)),
      ...(await seed.projects(owner, 1, 'approved', null)),
      ...(await seed.projects(owner, 1, 'pending', -HOUR)),
      ...(await seed.projects(owner, 1, 'rejected', -HOUR)),
    ];

    const first = await run('expired-projects');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ expired_projects: 3, project_ids: overdue });
    const rows = await t.database.db.selectFrom('projects').select(['id', 'status', 'updated_at']).execute();
    for (const row of rows) {
      if (overdue.includes(row.id))
        expect(row).toMatchObject({ status: 'expired', updated_at: clock.now().toISOString() });
      else expect(row.status).not.toBe('expired');
    }
    expect(untouched).toHaveLength(4);
    const entries = await auditOf(t.database.db, 'project.expired');
    expect(entries.map((entry) => entry.entity_id)).toEqual(overdue);
    expect(entries[0]).toMatchObject({ entity_type: 'project', user_id: admin.user.id, user_name: 'admin' });
    expect(JSON.parse(entries[0]!.details!)).toMatchObject({
      owner_id: owner,
      before: { status: 'approved' },
      after: { status: 'expired' },
    });

    const second = await run('expired-projects');
    expect(second.json()).toEqual({ expired_projects: 0, project_ids: [] });
    expect(await auditOf(t.database.db, 'project.expired')).toHaveLength(3);
  });

  it('deletes expired sessions and sign-in states only, audits the run, and a second run changes nothing', async () => {
    const seed = seeder(t.database.db, clock.now);
    const user = (await signIn(t.app, 'alice')).user.id;
    await seed.sessions(user, 4, -1);
    await seed.sessions(user, 2, HOUR);
    await seed.oauthStates(3, -1);
    await seed.oauthStates(1, 5 * 60 * 1000);
    const sessionsBefore = await count(t.database.db, 'sessions');

    const first = await run('cleanup');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ sessions_deleted: 4, oauth_states_deleted: 3 });
    expect(await count(t.database.db, 'sessions')).toBe(sessionsBefore - 4);
    expect(await count(t.database.db, 'oauth_states')).toBe(1);
    // The admin's own session is live: they are still signed in.
    expect((await t.app.inject({ url: '/api/users/me', headers: { cookie: admin.cookie } })).statusCode).toBe(200);
    const [entry, ...more] = await auditOf(t.database.db, 'maintenance.cleanup');
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ entity_type: 'maintenance', entity_id: null, user_name: 'admin' });
    expect(JSON.parse(entry!.details!)).toEqual({
      sessions_deleted: 4,
      oauth_states_deleted: 3,
      before: { expired_sessions: 4, expired_oauth_states: 3 },
      after: { expired_sessions: 0, expired_oauth_states: 0 },
    });

    const second = await run('cleanup');
    expect(second.json()).toEqual({ sessions_deleted: 0, oauth_states_deleted: 0 });
    expect(await auditOf(t.database.db, 'maintenance.cleanup')).toHaveLength(1);
  });

  it('counts a session expiring right now as expired, as the sign-in check does', async () => {
    const seed = seeder(t.database.db, clock.now);
    await seed.sessions(admin.user.id, 1, 0);
    expect((await run('cleanup')).json().sessions_deleted).toBe(1);
  });
});

describe('maintenance timer', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** An app whose log lines the test reads, with the timer on the given schedule. */
  async function appWithTimer(schedule: { firstRunAfterMs: number; everyMs: number }) {
    const clock = testClock();
    const lines: { level: number; msg: string }[] = [];
    t = await createTestApp(
      { LOG_LEVEL: 'debug' },
      { clock, maintenance: schedule, logStream: { write: (line) => lines.push(JSON.parse(line)) } },
    );
    const runs = () => lines.filter((line) => line.msg.startsWith('maintenance:'));
    return { t, seed: seeder(t.database.db, clock.now), runs, lines };
  }

  const owner = async (t: TestApp) => (await signIn(t.app, 'alice')).user.id;
  const statusOf = async (t: TestApp, id: number) =>
    (await t.database.db.selectFrom('projects').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('runs both jobs once shortly after start, with no actor: projects expired and audited, sessions swept', async () => {
    const { t, seed, runs, lines } = await appWithTimer({ firstRunAfterMs: 1500, everyMs: HOUR });
    const ownerId = await owner(t);
    const [project] = await seed.projects(ownerId, 1, 'approved', -HOUR);
    await seed.sessions(ownerId, 2, -1);
    await seed.oauthStates(1, -1);
    await eventually(async () => (await statusOf(t, project!)) === 'expired');
    await eventually(async () => runs().length === 1);
    expect(await count(t.database.db, 'oauth_states')).toBe(0);
    const [entry] = await auditOf(t.database.db, 'project.expired');
    expect(entry).toMatchObject({ entity_id: project, user_id: null, user_name: null });
    // Housekeeping by the server itself is logged, not audited.
    expect(await auditOf(t.database.db, 'maintenance.cleanup')).toEqual([]);
    expect(runs()[0]).toMatchObject({
      msg: 'maintenance: changes made',
      maintenance: { expired_projects: 1, sessions_deleted: 2, oauth_states_deleted: 1 },
    });
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });

  it('runs again on its interval and stops for good when the app closes', async () => {
    const { t: app, seed, runs, lines } = await appWithTimer({ firstRunAfterMs: HOUR, everyMs: 200 });
    const ownerId = await owner(app);
    const [project] = await seed.projects(ownerId, 1, 'approved', -HOUR);
    await eventually(async () => (await statusOf(app, project!)) === 'expired');
    await eventually(async () => runs().length >= 2);
    await app.close();
    t = undefined;
    const afterClose = runs().length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(runs()).toHaveLength(afterClose);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
  });
});

describe('maintenance from two processes on one database', () => {
  let group: Awaited<ReturnType<typeof createTestApps>> | undefined;
  afterEach(async () => {
    await group?.close();
    group = undefined;
  });

  it('changes each row once when both run the jobs at once, several times over', async () => {
    const clock = testClock();
    group = await createTestApps(2, {}, { clock });
    const [a, b] = group.apps as [TestApp, TestApp];
    const db = a.database.db;
    const seed = seeder(db, clock.now);
    const admin = await signIn(a.app, 'admin');
    const ownerId = (await signIn(b.app, 'alice')).user.id;
    const overdue = await seed.projects(ownerId, 30, 'approved', -HOUR);
    await seed.projects(ownerId, 5, 'approved', HOUR);
    await seed.projects(ownerId, 5, 'pending', -HOUR);
    await seed.sessions(ownerId, 25, -1);
    await seed.sessions(ownerId, 5, HOUR);
    await seed.oauthStates(15, -1);
    await seed.oauthStates(5, HOUR);
    const liveSessions = (await count(db, 'sessions')) - 25;

    const post = async (app: TestApp, job: string) => {
      const answer = await fetch(`${app.baseUrl}/api/admin/maintenance/${job}`, {
        method: 'POST',
        headers: { cookie: admin.cookie },
      });
      expect(answer.status).toBe(200);
      return (await answer.json()) as Record<string, number | number[]>;
    };
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        [a, b].flatMap((app) => [post(app, 'expired-projects'), post(app, 'cleanup')]),
      ).flat(),
    );
    const sum = (key: string) => answers.reduce((total, answer) => total + Number(answer[key] ?? 0), 0);
    expect(sum('expired_projects')).toBe(30);
    expect(sum('sessions_deleted')).toBe(25);
    expect(sum('oauth_states_deleted')).toBe(15);
    const reportedIds = answers.flatMap((answer) => (answer.project_ids as number[] | undefined) ?? []);
    expect(reportedIds.sort((x, y) => x - y)).toEqual(overdue);

    const expired = await db
      .selectFrom('projects')
      .select('id')
      .where('status', '=', 'expired')
      .orderBy('id')
      .execute();
    expect(expired.map((row) => row.id)).toEqual(overdue);
    expect(await count(db, 'sessions')).toBe(liveSessions);
    expect(await count(db, 'oauth_states')).toBe(5);

    const entries = await auditOf(db, 'project.expired');
    expect(entries.map((entry) => entry.entity_id).sort((x, y) => x! - y!)).toEqual(overdue);
    const cleanups = (await auditOf(db, 'maintenance.cleanup')).map((entry) => JSON.parse(entry.details!));
    expect(cleanups.reduce((total, details) => total + details.sessions_deleted, 0)).toBe(25);
    expect(cleanups.reduce((total, details) => total + details.oauth_states_deleted, 0)).toBe(15);
  });

  it('lets the timers of both expire each project once', async () => {
    const clock = testClock();
    group = await createTestApps(2, {}, { clock, maintenance: { firstRunAfterMs: 100, everyMs: 100 } });
    const [a, b] = group.apps as [TestApp, TestApp];
    const db = a.database.db;
    const ownerId = (await signIn(b.app, 'alice')).user.id;
    const overdue = await seeder(db, clock.now).projects(ownerId, 20, 'approved', -HOUR);
    await eventually(async () => (await auditOf(db, 'project.expired')).length >= 20);
    // A few more ticks of both timers: nothing is expired twice.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const entries = await auditOf(db, 'project.expired');
    expect(entries.map((entry) => entry.entity_id).sort((x, y) => x! - y!)).toEqual(overdue);
  });
});
