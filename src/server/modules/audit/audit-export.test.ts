import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUDIT_CSV_COLUMNS } from '../../../contract/audit';
import { parseCsv } from '#test/server/parse-csv';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { eachAuditLogForExport, listAuditLogs } from './audit.repository';

/** GET /api/admin/audit-logs/export.csv (docs/product/audit.md#audit-log, decision 0115). */
describe('the audit log CSV export', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
    const { cookie } = await signIn(t.app, 'jdoe');
    const put = (url: string, payload: object, as = admin) =>
      t.app.inject({ method: 'PUT', url, headers: { cookie: as }, payload });
    const { id } = (
      await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie },
        payload: { motivation: 'I have built three line followers.' },
      })
    ).json();
    await put(`/api/applications/${id}`, { motivation: 'I have built four line followers, café.' }, cookie);
    await put(`/api/admin/applications/${id}/vote`, { vote: 'yes', comment: '=cmd|calc, +1' });
    await put('/api/admin/settings', { settings: { contact_phone: '+212 600 000 000' } });
  });
  afterEach(() => t.close());

  const download = (query = '') =>
    t.app.inject({ url: `/api/admin/audit-logs/export.csv${query}`, headers: { cookie: admin } });
  const list = async (query = '') =>
    (await t.app.inject({ url: `/api/admin/audit-logs?limit=100${query}`, headers: { cookie: admin } })).json();

  it('writes every entry newest first with its details, every cell quoted, in UTF-8 with a BOM', async () => {
    for (const [query, delimiter] of [
      ['', ','],
      ['?separator=semicolon', ';'],
    ] as const) {
      const answer = await download(query);
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(answer.headers['content-disposition']).toBe('attachment; filename="audit-log-2026-11-23.csv"');
      expect([...answer.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const { records, unquoted } = parseCsv(answer.rawPayload, delimiter);
      expect(unquoted).toEqual([]);
      expect(records[0]).toEqual(AUDIT_CSV_COLUMNS);
      const entries = (await list()).data;
      expect(records.slice(1).map((record) => Number(record[0]))).toEqual(entries.map((e: { id: number }) => e.id));
      const vote = records.find((record) => record[2] === 'application.voted')!;
      expect(vote.slice(3, 7)).toEqual(['application', vote[4], entries[0].user_id.toString(), 'admin']);
      expect(JSON.parse(vote[7]!)).toMatchObject({
        before: null,
        after: { vote: 'yes', comment: "=cmd|calc,' +1" },
      });
      const edit = records.find((record) => record[2] === 'application.updated')!;
      expect(JSON.parse(edit[7]!).after.motivation).toBe('I have built four line followers, café.');
    }
  });

  it('exports exactly what the filters select: action by a part of it in any case, entity by its type', async () => {
    for (const query of [
      '?action=UPDATED',
      '?action=sign_',
      '?entity_type=application',
      '?action=voted&entity_type=application',
      '?entity_type=team',
    ]) {
      const { records } = parseCsv((await download(query)).rawPayload, ',');
      const page = await list(query.replace('?', '&'));
      expect(
        records.slice(1).map((record) => record[2]),
        query,
      ).toEqual(page.data.map((e: { action: string }) => e.action));
      expect(records.length - 1, query).toBe(page.total);
    }
    expect((await list('&action=UPDATED')).data.map((e: { action: string }) => e.action)).toEqual([
      'settings.updated',
      'application.updated',
    ]);
    expect((await list('&entity_type=application')).total).toBe(3);
  });

  it('reads page after page down to the oldest entry the filters select', async () => {
    for (const filter of [{}, { action: 'a' }, { entity_type: 'user' }, { action: 'nothing-like-it' }]) {
      const read: number[] = [];
      for await (const page of eachAuditLogForExport(t.database.db, filter, 2)) read.push(...page.map((e) => e.id));
      const all = await listAuditLogs(t.database.db, { ...filter, limit: 100, offset: 0 });
      expect(read, JSON.stringify(filter)).toEqual(all.data.map((entry) => entry.id));
    }
  });
});
