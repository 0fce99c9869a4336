import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { parseCsv } from '#test/server/parse-csv';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';

/**
 * The applications list for a club of 500 (issue 28 item 3): a search on the candidate, the
 * journey step and the campus as columns and filters, oldest or newest first; blind review keeps
 * a search from finding whom it hides. The CSV export follows the same filters. On both engines.
 */
describe('the applications list: search, step, campus, order', () => {
  let t: TestApp;
  let admin: string;
  const applications: Record<string, number> = {};
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await signIn(t.app, 'admin')).cookie;
    await insertChallenge(t.database.db, new Date());
    for (const login of ['amina', 'bilal', 'chaima', 'driss']) {
      const { cookie } = await signIn(t.app, login);
      const sent = await call('POST', '/api/applications', cookie, { motivation: 'I want to build robots here.' });
      applications[login] = sent.json().id;
    }
    const review = (login: string, status: string) =>
      call('PUT', `/api/admin/applications/${applications[login]}/review`, admin, { status });
    await review('bilal', 'approved');
    await review('chaima', 'approved');
    await review('driss', 'declined');
    const campus = (name: string, logins: string[]) =>
      t.database.db.updateTable('users').set({ campus: name }).where('intra_login', 'in', logins).execute();
    await campus('Rabat', ['amina', 'bilal']);
    await campus('Tetouan', ['chaima', 'driss']);
  });
  afterAll(() => t.close());

  const list = async (query: string) => {
    const answer = await call('GET', `/api/admin/applications${query}`, admin);
    expect(answer.statusCode, query).toBe(200);
    return answer.json() as {
      data: { user: { intra_login: string | null }; step: number; campus: string | null; id: number }[];
      total: number;
    };
  };
  const logins = async (query: string) => (await list(query)).data.map((row) => row.user.intra_login);

  it('shows each candidate’s step and campus, and filters on them, counted in total', async () => {
    const rows = Object.fromEntries((await list('')).data.map((row) => [row.user.intra_login, row]));
    expect(rows).toMatchObject({
      amina: { step: 0, campus: 'Rabat' },
      bilal: { step: 1, campus: 'Rabat' },
      chaima: { step: 1, campus: 'Tetouan' },
      driss: { step: -1, campus: 'Tetouan' },
    });
    expect(await logins('?step=1')).toEqual(['chaima', 'bilal']);
    expect((await list('?step=1')).total).toBe(2);
    expect(await logins('?step=-1')).toEqual(['driss']);
    expect(await logins('?step=4')).toEqual([]);
    expect(await logins('?campus=Rabat')).toEqual(['bilal', 'amina']);
    expect(await logins('?campus=Tetouan&step=1')).toEqual(['chaima']);
    expect((await call('GET', '/api/admin/applications?step=7', admin)).statusCode).toBe(400);
  });

  it('searches the candidate’s login, names and email, any case, and orders oldest or newest first', async () => {
    expect(await logins('?q=CHAIMA@student')).toEqual(['chaima']);
    expect((await list('?q=@student.1337.ma')).total).toBe(4);
    expect(await logins('?sort=created_at')).toEqual(['amina', 'bilal', 'chaima', 'driss']);
    expect(await logins('?sort=created_at&limit=2&offset=2')).toEqual(['chaima', 'driss']);
    expect((await call('GET', '/api/admin/applications?sort=login', admin)).statusCode).toBe(400);
  });

  it('exports exactly what the step and campus filters select', async () => {
    const answer = await call('GET', '/api/admin/applications/export.csv?step=1&campus=Tetouan', admin);
    expect(answer.statusCode).toBe(200);
    const { records } = parseCsv(answer.rawPayload, ',');
    expect(records.slice(1).map((record) => record[1])).toEqual(['chaima']);
  });

  it('under blind review, finds by search only the candidates this admin may see: those voted on', async () => {
    expect((await call('PUT', '/api/admin/settings', admin, { settings: { blind_review: true } })).statusCode).toBe(
      200,
    );
    expect(await logins('?q=amina')).toEqual([]);
    expect((await list('?q=amina')).total).toBe(0);
    // Filters that name no one still work, and hide who the candidates are.
    expect((await list('?step=1')).data.map((row) => row.user.intra_login)).toEqual([null, null]);
    const vote = await call('PUT', `/api/admin/applications/${applications.amina}/vote`, admin, { vote: 'yes' });
    expect(vote.statusCode).toBe(200);
    expect(await logins('?q=amina')).toEqual(['amina']);
    const csv = await call('GET', '/api/admin/applications/export.csv?q=bilal', admin);
    expect(parseCsv(csv.rawPayload, ',').records).toHaveLength(1);
    await call('PUT', '/api/admin/settings', admin, { settings: { blind_review: false } });
  });
});
