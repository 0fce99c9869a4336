import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApplicationStatus, Role } from '../../db/schema';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

/*
 * The retention period (decisions §15, decision 0168): who the hourly maintenance erases, who it
 * never erases, the preview that counts them, the run on demand and on the timer, the audit entry.
 */

const HOUR = 3600_000;
const DAY = 24 * HOUR;
const monthsBefore = (now: Date, months: number) => {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
};

type Person = {
  /** Their latest application's status, or none sent. */
  application?: ApplicationStatus;
  /** Months since their last sign-in. */
  away: number;
  role?: Role;
  is_admin?: boolean;
  is_banned?: boolean;
  /** They judge a hackathon that ends in that many hours (negative: it ended). */
  judgesUntil?: number;
};

const ERASED: Record<string, Person> = {
  declined: { application: 'declined', away: 13 },
  withdrew: { application: 'withdrawn', away: 13 },
  neverapplied: { away: 13 },
  pastjudge: { away: 25, judgesUntil: -2 },
};
const KEPT: Record<string, Person> = {
  recent: { application: 'declined', away: 11 },
  pending: { application: 'pending', away: 13 },
  approved: { application: 'approved', away: 13 },
  member: { away: 13, role: 'member' },
  boardmember: { away: 13, role: 'board' },
  oldadmin: { away: 13, is_admin: true },
  banned: { away: 13, is_banned: true },
  judge: { away: 13, judgesUntil: 48 },
};

describe('the retention period', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let admin: { cookie: string };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: admin.cookie } });
  const preview = async (query = '') => {
    const answer = await call('GET', `/api/admin/maintenance/retention${query}`);
    expect(answer.statusCode).toBe(200);
    return answer.json() as { months: number; would_erase: number };
  };
  const users = () => t.database.db.selectFrom('users').selectAll().orderBy('id').execute();
  const retentionEntries = () =>
    t.database.db.selectFrom('audit_logs').selectAll().where('action', '=', 'maintenance.retention').execute();

  /** Each person signed in for real, then their history written as it would stand. */
  async function people(all: Record<string, Person>): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    const now = clock.now();
    for (const [login, person] of Object.entries(all)) {
      const { cookie, user } = await signIn(t.app, login);
      if (person.application) {
        const sent = await t.app.inject({
          method: 'POST',
          url: '/api/applications',
          headers: { cookie },
          payload: { motivation: `I, ${login}, want to build robots.` },
        });
        expect(sent.statusCode).toBe(201);
        await t.database.db
          .updateTable('applications')
          .set({ status: person.application })
          .where('user_id', '=', user.id)
          .execute();
      }
      if (person.judgesUntil !== undefined) {
        const at = now.toISOString();
        const event = await t.database.db
          .insertInto('hackathon_events')
          .values({
            name: `Judged by ${login}`,
            description: null,
            location: null,
            start_at: new Date(now.getTime() + (person.judgesUntil - 24) * HOUR).toISOString(),
            end_at: new Date(now.getTime() + person.judgesUntil * HOUR).toISOString(),
            max_teams: 4,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await t.database.db
          .insertInto('hackathon_judges')
          .values({ event_id: event.id, user_id: user.id, created_at: at })
          .execute();
      }
      await t.database.db
        .updateTable('users')
        .set({
          last_sign_in_at: monthsBefore(now, person.away).toISOString(),
          role: person.role ?? 'student',
          is_admin: person.is_admin ?? false,
          is_banned: person.is_banned ?? false,
        })
        .where('id', '=', user.id)
        .execute();
      ids.set(login, user.id);
    }
    return ids;
  }

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = await signIn(t.app, 'admin');
  });
  afterEach(() => t.close());

  it('erases the declined, withdrawn and never-applied who have been away for the period, and never the others', async () => {
    const erased = await people(ERASED);
    const kept = await people(KEPT);
    const before = await users();

    // The preview counts what the run then erases: the saved 12 months, or a value about to be chosen.
    expect(await preview()).toEqual({ months: 12, would_erase: 4 });
    expect(await preview('?months=12')).toEqual({ months: 12, would_erase: 4 });
    expect(await preview('?months=24')).toEqual({ months: 24, would_erase: 1 });
    // 10 months reaches the recent one too (away 11 months), and nobody else.
    expect(await preview('?months=10')).toEqual({ months: 10, would_erase: 5 });
    expect(await preview('?months=0')).toEqual({ months: 0, would_erase: 0 });

    const run = await call('POST', '/api/admin/maintenance/retention');
    expect(run.statusCode).toBe(200);
    expect(run.json()).toEqual({ erased: 4 });

    const after = new Map((await users()).map((user) => [user.id, user]));
    for (const [login, id] of erased) {
      // Erased by the erasure of §15: no name left, the login replaced, the record kept.
      expect(after.get(id), login).toMatchObject({
        intra_login: `deleted-${id}`,
        email: null,
        first_name: null,
        erased_at: clock.now().toISOString(),
      });
    }
    expect(await t.database.db.selectFrom('erasure_records').selectAll().execute()).toHaveLength(4);
    expect(
      await t.database.db
        .selectFrom('sessions')
        .select('user_id')
        .where('user_id', 'in', [...erased.values()])
        .execute(),
    ).toEqual([]);
    for (const [login, id] of [...kept, ['admin', before[0]!.id] as const]) {
      expect(after.get(id), login).toEqual(before.find((user) => user.id === id));
    }

    // Audited with the period and the count: no login, email or id of anyone erased.
    const [entry, ...more] = await retentionEntries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ entity_type: 'maintenance', entity_id: null, user_name: 'admin' });
    expect(JSON.parse(entry!.details!)).toEqual({ months: 12, erased: 4 });

    // Nothing left to erase: the next run erases no one and writes no entry.
    expect(await preview()).toEqual({ months: 12, would_erase: 0 });
    expect((await call('POST', '/api/admin/maintenance/retention')).json()).toEqual({ erased: 0 });
    expect(await retentionEntries()).toHaveLength(1);
  });

  it('keeps everything at 0 months, and keeps whoever signs in again', async () => {
    const ids = await people(ERASED);
    expect((await call('PUT', '/api/admin/settings', { settings: { retention_months: 0 } })).statusCode).toBe(200);
    expect(await preview()).toEqual({ months: 0, would_erase: 0 });
    expect((await call('POST', '/api/admin/maintenance/retention')).json()).toEqual({ erased: 0 });
    expect(await retentionEntries()).toEqual([]);

    expect((await call('PUT', '/api/admin/settings', { settings: { retention_months: 12 } })).statusCode).toBe(200);
    // A sign-in moves their last sign-in to now: the period counts from it again.
    clock.advance(DAY);
    await signIn(t.app, 'declined');
    const declined = await t.database.db
      .selectFrom('users')
      .select('last_sign_in_at')
      .where('id', '=', ids.get('declined')!)
      .executeTakeFirstOrThrow();
    expect(declined.last_sign_in_at).toBe(clock.now().toISOString());
    expect(await preview()).toEqual({ months: 12, would_erase: 3 });
    expect((await call('POST', '/api/admin/maintenance/retention')).json()).toEqual({ erased: 3 });
  });

  it('refuses a period outside 0-120 whole months, naming the field', async () => {
    for (const months of ['-1', '121', '1.5', 'twelve']) {
      const answer = await call('GET', `/api/admin/maintenance/retention?months=${months}`);
      expect(answer.statusCode, months).toBe(400);
      expect(answer.json(), months).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ path: 'months', message: expect.stringMatching(/months/) }],
      });
    }
    expect(await preview('?months=120')).toEqual({ months: 120, would_erase: 0 });
  });
});

describe('the retention period on the hourly timer', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('erases the accounts past the period, audited with no actor and no personal value', async () => {
    const clock = testClock();
    t = await createTestApp({}, { clock, maintenance: { firstRunAfterMs: HOUR, everyMs: 200 } });
    const { user } = await signIn(t.app, 'longgone');
    await t.database.db
      .updateTable('users')
      .set({ last_sign_in_at: monthsBefore(clock.now(), 13).toISOString() })
      .where('id', '=', user.id)
      .execute();
    const until = Date.now() + 5000;
    let entries: { user_id: number | null; details: string | null }[] = [];
    while (entries.length === 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      entries = await t.database.db
        .selectFrom('audit_logs')
        .select(['user_id', 'details'])
        .where('action', '=', 'maintenance.retention')
        .execute();
    }
    expect(entries).toEqual([{ user_id: null, details: JSON.stringify({ months: 12, erased: 1 }) }]);
    const row = await t.database.db
      .selectFrom('users')
      .select(['intra_login', 'erased_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ intra_login: `deleted-${user.id}`, erased_at: clock.now().toISOString() });
  });
});
