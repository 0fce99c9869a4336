import { APPLICATIONS_CSV_COLUMNS } from '../../../contract/applications';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseCsv } from '#test/server/parse-csv';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

const ATTACK = "I like robots;=cmd|' /C calc'!A0;";

/** GET /api/admin/applications/export.csv (docs/product/applications.md#the-boards-workbench, decision 0115). */
describe('the applications CSV export', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();
  const ids: Record<string, number> = {};

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
    const people = [
      ['robot-fan', ATTACK, 'Zineb', 'Aït-Ḥassan'],
      ['formula', '=HYPERLINK("http://evil","click"), and "quotes"\nnew line', 'زينب', 'العلوي'],
      ['quiet-one', 'I have soldered since I was twelve.', 'Omar', 'Benali'],
    ];
    for (const [login, motivation, first_name, last_name] of people) {
      const { cookie, user } = await signIn(t.app, login!);
      await t.database.db.updateTable('users').set({ first_name, last_name }).where('id', '=', user.id).execute();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie },
        payload: { motivation, github_profile: `https://github.com/${login}` },
      });
      ids[login!] = answer.json().id;
    }
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${ids.formula}/review`,
      headers: { cookie: admin },
      payload: { status: 'declined', review_notes: null },
    });
  });
  afterEach(() => t.close());

  const download = (query = '') =>
    t.app.inject({ url: `/api/admin/applications/export.csv${query}`, headers: { cookie: admin } });
  const rowOf = (records: string[][], login: string) => records.find((record) => record[1] === login);

  it.each([
    ['', ','],
    ['?separator=comma', ','],
    ['?separator=semicolon', ';'],
  ] as const)(
    'writes every application, every cell quoted, formulas defused, in UTF-8 with a BOM (%s)',
    async (query, delimiter) => {
      const answer = await download(query);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe('attachment; filename="applications-2026-11-23.csv"');
      expect(answer.headers['cache-control']).toBe('no-store');
      expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

      const { records, unquoted } = parseCsv(answer.rawPayload, delimiter);
      expect(unquoted).toEqual([]);
      expect(records[0]).toEqual(APPLICATIONS_CSV_COLUMNS);
      // Sent at the same instant: the newest id first, as the list shows them (decision 0125).
      expect(records.slice(1).map((record) => Number(record[0]))).toEqual([
        ids['quiet-one'],
        ids.formula,
        ids['robot-fan'],
      ]);
      expect(rowOf(records, 'robot-fan')).toEqual([
        String(ids['robot-fan']),
        'robot-fan',
        'Zineb',
        'Aït-Ḥassan',
        'robot-fan@student.1337.ma',
        'pending',
        'beginner',
        "I like robots;'=cmd|' /C calc'!A0;",
        'https://github.com/robot-fan',
        '',
        '2026-11-23T10:00:00.000Z',
        '',
        '1',
        '0',
        '0',
        '0',
        '0',
        '0',
      ]);
      expect(rowOf(records, 'formula')!.slice(2, 8)).toEqual([
        'زينب',
        'العلوي',
        'formula@student.1337.ma',
        'declined',
        'beginner',
        `'=HYPERLINK("http://evil","click"), and "quotes"\nnew line`,
      ]);
    },
  );

  it.each([
    ['comma', ','],
    ['semicolon', ';'],
  ] as const)(
    'defuses a formula after a tab, where a spreadsheet splitting on tabs starts a cell (%s)',
    async (separator, delimiter) => {
      const { cookie } = await signIn(t.app, 'tabby');
      const motivation = 'ok text\t=HYPERLINK("https://evil.test","x")';
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie },
        payload: { motivation },
      });
      expect(sent.statusCode).toBe(201);
      const answer = await download(`?separator=${separator}`);
      const { records } = parseCsv(answer.rawPayload, delimiter);
      expect(rowOf(records, 'tabby')![7]).toBe(`ok text\t'=HYPERLINK("https://evil.test","x")`);
      // Split on tabs, as Excel's text import does by default: no cell starts a formula.
      const cells = answer.rawPayload.toString('utf8').split(/[\t\r\n]/);
      expect(cells.filter((cell) => /^[=+\-@]/.test(cell.replace(/^[\s"]+/, '')))).toEqual([]);
    },
  );

  it('carries each application’s journey step, its candidate’s XP and the tally of the board’s votes', async () => {
    const as = (cookie: string, method: 'PUT', url: string, payload: object) =>
      t.app.inject({ method, url, headers: { cookie }, payload });
    const second = await signIn(t.app, 'second-admin');
    await t.database.db.updateTable('users').set({ is_admin: true }).where('id', '=', second.user.id).execute();
    const vote = (cookie: string, login: string, choice: string) =>
      as(cookie, 'PUT', `/api/admin/applications/${ids[login]}/vote`, { vote: choice, comment: null });

    // Pending, two votes of the open review.
    await vote(admin, 'quiet-one', 'yes');
    await vote(second.cookie, 'quiet-one', 'abstain');
    // Approved after a yes and a no: the tally of the decision taken, at step 1 with some XP.
    await vote(admin, 'robot-fan', 'yes');
    await vote(second.cookie, 'robot-fan', 'no');
    await as(admin, 'PUT', `/api/admin/applications/${ids['robot-fan']}/review`, { status: 'approved' });
    await t.database.db
      .updateTable('users')
      .set({ experience_points: 175 })
      .where('intra_login', '=', 'robot-fan')
      .execute();

    const { records } = parseCsv((await download()).rawPayload, ',');
    const columns = records[0]!;
    const facts = (login: string) => {
      const row = rowOf(records, login)!;
      return Object.fromEntries(
        ['status', 'step', 'xp', 'votes_yes', 'votes_no', 'votes_abstain'].map((name) => [
          name,
          row[columns.indexOf(name)],
        ]),
      );
    };
    expect(facts('quiet-one')).toEqual({
      status: 'pending',
      step: '0',
      xp: '0',
      votes_yes: '1',
      votes_no: '0',
      votes_abstain: '1',
    });
    expect(facts('robot-fan')).toEqual({
      status: 'approved',
      step: '1',
      xp: '175',
      votes_yes: '1',
      votes_no: '1',
      votes_abstain: '0',
    });
    expect(facts('formula')).toMatchObject({ status: 'declined', step: '-1', votes_yes: '0', votes_no: '0' });
  });

  it("exports exactly the rows the list's filters select", async () => {
    for (const [status, logins] of [
      ['declined', ['formula']],
      ['pending', ['quiet-one', 'robot-fan']],
      ['approved', []],
    ] as const) {
      const list = (
        await t.app.inject({ url: `/api/admin/applications?status=${status}`, headers: { cookie: admin } })
      ).json();
      const { records } = parseCsv((await download(`?status=${status}`)).rawPayload, ',');
      expect(records.slice(1).map((record) => record[1])).toEqual([...logins]);
      expect(records.length - 1).toBe(list.total);
    }
    expect((await download('?status=weird')).statusCode).toBe(400);
    expect((await download('?separator=tab')).statusCode).toBe(400);
  });

  it('leaves out who the candidates are under blind review, until the admin has voted', async () => {
    await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: admin },
      payload: { settings: { blind_review: true } },
    });
    await t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${ids['quiet-one']}/vote`,
      headers: { cookie: admin },
      payload: { vote: 'yes', comment: null },
    });
    const { records } = parseCsv((await download('?status=pending')).rawPayload, ',');
    expect(records.slice(1).map((record) => record.slice(1, 5).concat(record[8]!))).toEqual([
      ['quiet-one', 'Omar', 'Benali', 'quiet-one@student.1337.ma', 'https://github.com/quiet-one'],
      ['', '', '', '', ''],
    ]);
  });
});
