import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCsv } from '#test/server/parse-csv';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { eachApplicationForExport } from './applications.repository';

/**
 * The applications list, its pages and its CSV export follow the date the candidate sent each
 * application, newest first, the id breaking ties (decision 0125): not the id alone, which the
 * sent date does not follow (an imported or restored club, a demo).
 */
describe('the order of the applications', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();
  /** Logins in the expected order: newest sent first. */
  const expected = ['sent-last', 'tie-newer-id', 'tie-older-id', 'sent-first'];

  // Both tests only read: the five people are set up once.
  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
    // Created (ids) in this order; then each is given its own sent date, unlike the ids' order.
    const sentOn: Record<string, string> = {
      'sent-last': '2026-11-20T09:00:00.000Z',
      'sent-first': '2026-11-01T09:00:00.000Z',
      'tie-older-id': '2026-11-10T09:00:00.000Z',
      'tie-newer-id': '2026-11-10T09:00:00.000Z',
    };
    for (const [login, sent] of Object.entries(sentOn)) {
      const { cookie } = await signIn(t.app, login);
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie },
        payload: { motivation: 'I build line followers and want to learn control loops.' },
      });
      expect(answer.statusCode).toBe(201);
      // created_at is written once, at insert, by the app: the test sets it by hand.
      await sql`update applications set created_at = ${sent} where id = ${answer.json().id}`.execute(t.database.db);
    }
  }, 60_000);
  afterAll(() => t.close());

  const listed = async (query: string) =>
    (await t.app.inject({ url: `/api/admin/applications${query}`, headers: { cookie: admin } }))
      .json()
      .data.map((application: { user: { intra_login: string } }) => application.user.intra_login);

  it('lists them newest sent first, on every page and with every filter', async () => {
    expect(await listed('')).toEqual(expected);
    expect(await listed('?status=pending')).toEqual(expected);
    expect(await listed('?round_id=1')).toEqual(expected);
    const pages = [...(await listed('?limit=3')), ...(await listed('?limit=3&offset=3'))];
    expect(pages).toEqual(expected);
  });

  it('exports them in the order of the list, read in pages however small', async () => {
    const answer = await t.app.inject({ url: '/api/admin/applications/export.csv', headers: { cookie: admin } });
    const { records } = parseCsv(answer.rawPayload, ',');
    expect(records.slice(1).map((record) => record[1])).toEqual(expected);

    const paged: string[] = [];
    for await (const page of eachApplicationForExport(t.database.db, t.database.engine, {}, 1)) {
      paged.push(...page.map((application) => application.user.intra_login));
    }
    expect(paged).toEqual(expected);
  });
});
