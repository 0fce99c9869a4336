import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { seatAfterHackathon, stepTwoCandidate } from '#test/server/journey.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';
import { journeyStep } from '../../read-model/journey';

/**
 * The users list for a club of 500 (issue 28 item 3): a search on login, names and email, the
 * journey step as a column and a filter, the campus as a filter, and sorts; every filter counted
 * in `total`. On both engines.
 */
describe('the users list: search, step, campus, sort', () => {
  let t: TestApp;
  let admin: string;
  const ids: Record<string, number> = {};
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    admin = (await signIn(t.app, 'admin')).cookie;
    await insertChallenge(db, new Date());
    const applied = async (login: string) => {
      const { cookie, user } = await signIn(t.app, login);
      ids[login] = user.id;
      const sent = await call('POST', '/api/applications', cookie, { motivation: 'I want to build robots here.' });
      expect(sent.statusCode).toBe(201);
      return sent.json().id as number;
    };
    const review = (id: number, status: string) =>
      call('PUT', `/api/admin/applications/${id}/review`, admin, { status });
    ids.nobody = (await signIn(t.app, 'nobody')).user.id;
    await applied('pending');
    await review(await applied('declined'), 'declined');
    await review(await applied('working'), 'approved');
    ids.ready = (await stepTwoCandidate(t, new Date(), 'ready')).userId;
    await review(await applied('judged'), 'approved');
    await seatAfterHackathon(db, new Date(), ids.judged!);
    await review(await applied('member'), 'approved');
    await db.updateTable('users').set({ role: 'member' }).where('id', '=', ids.member!).execute();
    const campus = (name: string, logins: string[]) =>
      db.updateTable('users').set({ campus: name }).where('intra_login', 'in', logins).execute();
    await campus('Khouribga', ['admin', 'nobody', 'pending', 'declined']);
    await campus('Ben Guerir', ['working', 'ready', 'judged']);
    await campus('Rabat', ['member']);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const answer = await call('GET', `/api/admin/members${query}`, admin);
    expect(answer.statusCode, query).toBe(200);
    return answer.json() as { data: { intra_login: string; step: number | null; id: number }[]; total: number };
  };
  const logins = async (query: string) => (await list(query)).data.map((user) => user.intra_login);

  it('shows each user’s journey step, the same as the journey answers; null for who never applied', async () => {
    const { data } = await list('?limit=100');
    const now = new Date();
    for (const user of data) expect(user.step, user.intra_login).toBe(await journeyStep(t.database.db, user.id, now));
    const step = Object.fromEntries(data.map((user) => [user.intra_login, user.step]));
    expect(step).toMatchObject({ nobody: null, pending: 0, declined: -1, working: 1, ready: 2, judged: 3, member: 4 });
  });

  it('filters on one step, or on never applied, each counted in total', async () => {
    const expected: Record<string, string[]> = {
      '-1': ['declined'],
      '0': ['pending'],
      '1': ['working'],
      '2': ['ready'],
      '3': ['judged'],
      '4': ['member'],
      none: ['nobody', 'admin'],
    };
    for (const [step, who] of Object.entries(expected)) {
      const answer = await list(`?step=${step}`);
      expect(answer.data.map((user) => user.intra_login).sort(), `step ${step}`).toEqual([...who].sort());
      expect(answer.total).toBe(who.length);
    }
    expect((await call('GET', '/api/admin/members?step=5', admin)).statusCode).toBe(400);
    expect((await list('?step=1&role=member')).total).toBe(0);
  });

  it('searches the login, the names and the email, any case, and pages the matches', async () => {
    expect(await logins('?q=READY@STUDENT')).toEqual(['ready']);
    expect((await list('?q=@student.1337.ma')).total).toBe(8);
    expect((await list('?q=@student.1337.ma&limit=3&offset=6')).data).toHaveLength(2);
    expect(await logins('?q=%_%')).toEqual([]);
  });

  it('filters on a campus and lists the campuses with their numbers', async () => {
    expect((await logins('?campus=Ben Guerir')).sort()).toEqual(['judged', 'ready', 'working']);
    expect((await list('?campus=Ben Guerir&step=2')).total).toBe(1);
    const campuses = await call('GET', '/api/admin/members/campuses', admin);
    expect(campuses.json().data.slice(0, 2)).toEqual([
      { name: 'Khouribga', users: 4 },
      { name: 'Ben Guerir', users: 3 },
    ]);
    expect(campuses.json().data).toContainEqual({ name: 'Rabat', users: 1 });
  });

  it('sorts by login, by campus or by date joined, either way, the id breaking ties', async () => {
    const all = ['admin', 'declined', 'judged', 'member', 'nobody', 'pending', 'ready', 'working'];
    expect(await logins('?sort=login')).toEqual(all);
    expect(await logins('?sort=-login')).toEqual([...all].reverse());
    expect(await logins('?sort=login&limit=3&offset=3')).toEqual(all.slice(3, 6));
    expect(await logins('?sort=created_at&limit=2')).toEqual(['admin', 'nobody']);
    expect((await logins('?sort=-created_at'))[0]).toBe('member');
    expect((await logins('?sort=campus')).slice(0, 3)).toEqual(['working', 'ready', 'judged']);
    expect((await logins('?sort=-campus'))[0]).toBe('member');
    expect(await logins('?q=e&sort=login&limit=2')).toEqual(['admin', 'declined']);
    expect((await call('GET', '/api/admin/members?sort=email', admin)).statusCode).toBe(400);
  });
});
