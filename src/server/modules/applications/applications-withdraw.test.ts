import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { describeDifference, dumpDatabase } from '#test/server/db-snapshot';
import { parseCsv } from '#test/server/parse-csv';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

const HOUR = 3600_000;

/**
 * A candidate edits a pending application or withdraws it (decision 0145): `withdrawn` ends it as
 * `declined` does, audited, and lets them apply again in a later round.
 */
describe('a candidate withdraws a pending application', () => {
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
  const apply = (cookie: string) => as(cookie, 'POST', '/api/applications', { motivation: 'I build robots at night.' });
  const withdraw = (cookie: string, id: number) => as(cookie, 'POST', `/api/applications/${id}/withdraw`);
  const mine = async (cookie: string) => (await as(cookie, 'GET', '/api/applications/me')).json();

  it('edits it while pending, then withdraws it: step -2, audited, and a later round takes a new one', async () => {
    const { cookie, user } = await signIn(t.app, 'salma');
    const sent = (await apply(cookie)).json();
    const edited = await as(cookie, 'PUT', `/api/applications/${sent.id}`, {
      motivation: 'I build robots at night, and line followers on weekends.',
      github_profile: 'https://github.com/salma',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ status: 'pending', github_profile: 'https://github.com/salma' });

    clock.advance(HOUR);
    const answer = await withdraw(cookie, sent.id);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      id: sent.id,
      status: 'withdrawn',
      step: -2,
      may_apply_again: false,
      updated_at: clock.now().toISOString(),
    });
    expect(await mine(cookie)).toMatchObject({ status: 'withdrawn', step: -2 });
    const entry = await t.database.db
      .selectFrom('audit_logs')
      .select(['entity_type', 'entity_id', 'user_id', 'details'])
      .where('action', '=', 'application.withdrawn')
      .executeTakeFirstOrThrow();
    expect({ ...entry, details: JSON.parse(entry.details!) }).toEqual({
      entity_type: 'application',
      entity_id: sent.id,
      user_id: user.id,
      details: { before: { status: 'pending' }, after: { status: 'withdrawn' } },
    });

    // Not again in the same round; in the next one, yes.
    expect((await apply(cookie)).statusCode).toBe(409);
    clock.advance(HOUR);
    const first = (await as(admin, 'GET', '/api/admin/rounds')).json().data[0];
    await as(admin, 'PUT', `/api/admin/rounds/${first.id}`, { closes_at: clock.now().toISOString() });
    const next = (await as(admin, 'POST', '/api/admin/rounds', { name: 'Spring 2027' })).json();
    expect(await mine(cookie)).toMatchObject({ status: 'withdrawn', may_apply_again: true });
    const again = await apply(cookie);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ round_id: next.id, status: 'pending' });
    expect(await mine(cookie)).toMatchObject({ id: again.json().id, step: 0 });
  });

  it('refuses to withdraw an application once decided, twice, or someone else’s, changing nothing', async () => {
    const { cookie } = await signIn(t.app, 'salma');
    const { cookie: other } = await signIn(t.app, 'omar');
    const decided = (await apply(cookie)).json();
    const pending = (await apply(other)).json();
    await as(admin, 'PUT', `/api/admin/applications/${decided.id}/review`, { status: 'declined' });

    const before = await dumpDatabase(t.database);
    const late = await withdraw(cookie, decided.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('Only a pending application can be withdrawn: the board has already decided on it.');
    expect((await withdraw(cookie, pending.id)).statusCode).toBe(404);
    expect((await withdraw(admin, pending.id)).statusCode).toBe(404);
    expect((await withdraw(cookie, 99999)).statusCode).toBe(404);
    expect(describeDifference(before, await dumpDatabase(t.database))).toBe('');

    expect((await withdraw(other, pending.id)).statusCode).toBe(200);
    const twice = await withdraw(other, pending.id);
    expect(twice.statusCode).toBe(409);
    // The board can no longer decide, nor vote, on it; the edit is closed too.
    const review = await as(admin, 'PUT', `/api/admin/applications/${pending.id}/review`, { status: 'approved' });
    expect(review.statusCode).toBe(409);
    expect(review.json().error).toBe('This application is already withdrawn.');
    const vote = await as(admin, 'PUT', `/api/admin/applications/${pending.id}/vote`, { vote: 'yes', comment: null });
    expect(vote.statusCode).toBe(409);
    expect(
      (await as(other, 'PUT', `/api/applications/${pending.id}`, { motivation: 'Changed my mind again.' })).statusCode,
    ).toBe(409);
    expect((await as(admin, 'GET', '/api/admin/applications/next')).statusCode).toBe(204);
  });

  it('counts withdrawn applications apart in the list filter, the Overview, the CSV and the member detail', async () => {
    const people = ['ana', 'ben', 'cem'];
    const ids: Record<string, number> = {};
    for (const login of people) {
      const { cookie } = await signIn(t.app, login);
      ids[login] = (await apply(cookie)).json().id;
      if (login === 'ana') await withdraw(cookie, ids[login]!);
    }
    await as(admin, 'PUT', `/api/admin/applications/${ids.ben}/review`, { status: 'declined' });

    const list = (await as(admin, 'GET', '/api/admin/applications?status=withdrawn')).json();
    expect(list).toMatchObject({ total: 1, data: [{ id: ids.ana, status: 'withdrawn' }] });
    const funnel = (await as(admin, 'GET', '/api/admin/overview')).json().funnel;
    expect(funnel).toMatchObject({ applied: 3, declined: 1, withdrawn: 1, approved: 0 });

    const { records } = parseCsv(
      (await as(admin, 'GET', '/api/admin/applications/export.csv?status=withdrawn')).rawPayload,
      ',',
    );
    const columns = records[0]!;
    expect(
      records.slice(1).map((row) => [row[1], row[columns.indexOf('status')], row[columns.indexOf('step')]]),
    ).toEqual([['ana', 'withdrawn', '-2']]);

    const ana = (await as(admin, 'GET', `/api/admin/applications/${ids.ana}`)).json();
    const detail = (await as(admin, 'GET', `/api/admin/members/${ana.user.id}`)).json();
    expect(detail).toMatchObject({ journey: { step: -2 }, applications: [{ id: ids.ana, status: 'withdrawn' }] });
  });
});
