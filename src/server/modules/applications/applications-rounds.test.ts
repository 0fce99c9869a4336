import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '#test/server/parse-csv';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { seatAfterHackathon } from '#test/server/journey.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

const HOUR = 3600_000;
const NO_ROUND = 'No recruitment round is open right now. Please come back when the club opens the next one.';
const IN_PROGRESS =
  'Your application from an earlier round is still in progress: you can apply again only once it has been declined or withdrawn.';

/** Applications in recruitment rounds (decision 0121): one per user per round, a declined candidate may try again later. */
describe('applications in recruitment rounds', () => {
  let t: TestApp;
  let admin: string;
  let firstRound: number;
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
    firstRound = (await t.database.db.selectFrom('recruitment_rounds').select('id').executeTakeFirstOrThrow()).id;
  });
  afterEach(() => t.close());

  const as = (cookie: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const apply = (cookie: string) => as(cookie, 'POST', '/api/applications', { motivation: 'I build robots at night.' });
  const mine = async (cookie: string) => (await as(cookie, 'GET', '/api/applications/me')).json();
  const review = (id: number, status: 'approved' | 'declined') =>
    as(admin, 'PUT', `/api/admin/applications/${id}/review`, { status });
  /** Closes the open round an hour from now and opens the next one then. */
  async function nextRound(name: string): Promise<number> {
    clock.advance(HOUR);
    const open = (await as(admin, 'GET', '/api/admin/rounds')).json().data.find((r: { is_open: boolean }) => r.is_open);
    if (open)
      expect((await as(admin, 'PUT', `/api/admin/rounds/${open.id}`, { closes_at: clock.now() })).statusCode).toBe(200);
    const created = await as(admin, 'POST', '/api/admin/rounds', { name, opens_at: clock.now().toISOString() });
    expect(created.statusCode).toBe(201);
    return created.json().id;
  }

  it('takes one application per round: 409 twice in one round, a new one in a later round after a decline', async () => {
    const { cookie } = await signIn(t.app, 'jdoe');
    const sent = await apply(cookie);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().round_id).toBe(firstRound);
    const twice = await apply(cookie);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toBe('You have already applied. You can edit your application while it is pending.');

    await review(sent.json().id, 'declined');
    expect(await mine(cookie)).toMatchObject({ id: sent.json().id, step: -1, may_apply_again: false });
    expect((await apply(cookie)).statusCode).toBe(409);

    const second = await nextRound('Spring 2027');
    expect(await mine(cookie)).toMatchObject({ id: sent.json().id, step: -1, may_apply_again: true });
    await as(admin, 'PUT', '/api/admin/settings', { settings: { applications_open: false } });
    expect(await mine(cookie)).toMatchObject({ may_apply_again: false });
    expect((await apply(cookie)).json().error).toBe(
      'Applications are closed for now. Please come back when the club opens them again.',
    );
    await as(admin, 'PUT', '/api/admin/settings', { settings: { applications_open: true } });

    const again = await apply(cookie);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ round_id: second, status: 'pending' });
    expect(await mine(cookie)).toMatchObject({ id: again.json().id, step: 0, may_apply_again: false });
    expect((await apply(cookie)).statusCode).toBe(409);
    const kept = await t.database.db.selectFrom('applications').select(['round_id', 'status']).orderBy('id').execute();
    expect(kept).toEqual([
      { round_id: firstRound, status: 'declined' },
      { round_id: second, status: 'pending' },
    ]);
  });

  it('refuses every application while no round is open, with a sentence saying so', async () => {
    clock.advance(HOUR);
    await as(admin, 'PUT', `/api/admin/rounds/${firstRound}`, { closes_at: clock.now() });
    const { cookie } = await signIn(t.app, 'jdoe');
    const refused = await apply(cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', error: NO_ROUND });
    // A round that opens tomorrow does not take it today either.
    await as(admin, 'POST', '/api/admin/rounds', {
      name: 'Tomorrow',
      opens_at: new Date(clock.now().getTime() + 24 * HOUR).toISOString(),
    });
    expect((await apply(cookie)).json().error).toBe(NO_ROUND);
    expect(await t.database.db.selectFrom('applications').select('id').execute()).toEqual([]);
  });

  it('refuses a new application while the one of an earlier round is pending or approved', async () => {
    const { cookie } = await signIn(t.app, 'jdoe');
    const { id } = (await apply(cookie)).json();
    await nextRound('Spring 2027');
    const pending = await apply(cookie);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().error).toBe(IN_PROGRESS);
    await insertChallenge(t.database.db, clock.now());
    await review(id, 'approved');
    expect((await apply(cookie)).json().error).toBe(IN_PROGRESS);
    expect(await mine(cookie)).toMatchObject({ id, step: 1, may_apply_again: false });
  });

  it('starts a new journey after a final decline: a hackathon of the earlier journey does not count', async () => {
    await insertChallenge(t.database.db, clock.now());
    const { cookie, user } = await signIn(t.app, 'jdoe');
    const { id } = (await apply(cookie)).json();
    await review(id, 'approved');
    clock.advance(HOUR);
    await seatAfterHackathon(t.database.db, clock.now(), user.id);
    expect((await mine(cookie)).step).toBe(3);
    clock.advance(HOUR);
    expect((await review(id, 'declined')).statusCode).toBe(200);
    expect((await mine(cookie)).step).toBe(-1);

    await nextRound('Spring 2027');
    const again = (await apply(cookie)).json();
    await review(again.id, 'approved');
    expect(await mine(cookie)).toMatchObject({ id: again.id, step: 1 });
    const overview = (await as(admin, 'GET', '/api/admin/overview')).json();
    expect(overview.funnel).toMatchObject({ applied: 1, in_challenges: 1, awaiting_decision: 0, declined: 0 });
  });

  it('keeps a decline once its candidate has applied again in a later round: the undo answers 409', async () => {
    const { cookie } = await signIn(t.app, 'jdoe');
    const { id } = (await apply(cookie)).json();
    await nextRound('Spring 2027');
    await review(id, 'declined');
    expect((await apply(cookie)).statusCode).toBe(201);
    const undo = await as(admin, 'POST', `/api/admin/applications/${id}/review/undo`);
    expect(undo.statusCode).toBe(409);
    expect(undo.json().error).toBe('The candidate has applied again since this decision: it stays.');
    expect((await mine(cookie)).status).toBe('pending');
  });

  it('filters the admin list, the CSV export and the Overview by round', async () => {
    const people = Object.fromEntries(
      await Promise.all(['alice', 'bob', 'carol'].map(async (login) => [login, (await signIn(t.app, login)).cookie])),
    ) as Record<'alice' | 'bob' | 'carol', string>;
    const alice = (await apply(people.alice)).json();
    await apply(people.bob);
    await review(alice.id, 'declined');
    const second = await nextRound('Spring 2027');
    await apply(people.alice);
    await apply(people.carol);

    const listed = async (query: string) => {
      const answer = (await as(admin, 'GET', `/api/admin/applications${query}`)).json();
      return {
        total: answer.total,
        rows: answer.data.map((a: { user: { intra_login: string } }) => a.user.intra_login),
      };
    };
    expect(await listed(`?round_id=${firstRound}`)).toEqual({ total: 2, rows: ['bob', 'alice'] });
    expect(await listed(`?round_id=${second}`)).toEqual({ total: 2, rows: ['carol', 'alice'] });
    expect(await listed(`?round_id=${second}&status=declined`)).toEqual({ total: 0, rows: [] });
    expect(await listed(`?round_id=${firstRound}&status=declined`)).toEqual({ total: 1, rows: ['alice'] });
    expect(await listed('')).toMatchObject({ total: 4 });
    expect((await as(admin, 'GET', '/api/admin/applications?round_id=first')).statusCode).toBe(400);

    const csv = await as(admin, 'GET', `/api/admin/applications/export.csv?round_id=${second}`);
    const { records } = parseCsv(csv.rawPayload, ',');
    // In the list's order (decision 0125).
    const roundColumn = records[0]!.indexOf('round_id');
    expect(records.slice(1).map((record) => [record[1], record[roundColumn]])).toEqual([
      ['carol', String(second)],
      ['alice', String(second)],
    ]);

    const overview = async (query: string) => (await as(admin, 'GET', `/api/admin/overview${query}`)).json();
    const first = await overview(`?round_id=${firstRound}`);
    expect(first.funnel).toMatchObject({ applied: 2, approved: 0, declined: 1 });
    expect(first.pending.applications).toBe(1);
    const spring = await overview(`?round_id=${second}`);
    expect(spring.funnel).toMatchObject({ applied: 2, declined: 0 });
    expect(spring.pending.applications).toBe(2);
    const sum = (o: { applications_per_week: { count: number }[] }) =>
      o.applications_per_week.reduce((total, week) => total + week.count, 0);
    expect([sum(first), sum(spring)]).toEqual([2, 2]);
    // Without a round: each applicant once, at their latest application.
    const all = await overview('');
    expect(all.funnel).toMatchObject({ applied: 3, declined: 0 });
    expect(all.pending.applications).toBe(3);
    expect((await overview('?round_id=999')).funnel.applied).toBe(0);
    expect((await as(admin, 'GET', '/api/admin/overview?round_id=-1')).statusCode).toBe(400);
  });
});
