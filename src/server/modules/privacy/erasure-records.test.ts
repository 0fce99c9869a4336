import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase, restoreDatabase } from '#test/server/db-snapshot';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';
import { replayErasures } from './erasure';
import { erasureRecords, subjectHash } from './erasure-records';

/*
 * Erasures survive a restore (decisions §15, decision 0167): a backup taken before an erasure,
 * restored, erases the person again from the records kept outside the backup. On both engines.
 */

const KEY = 'test-erasure-key';

describe('erasure records', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('erases again, after a restore of an older backup, the person erased since; no one else', async () => {
    const admin = await signIn(t.app, 'admin');
    const gone = await signIn(t.app, 'vanisher');
    const stays = await signIn(t.app, 'keeper');
    const backup = await dumpDatabase(t.database);
    const goneRow = backup.tables.users!.find((row) => row.id === gone.user.id)!;

    const erased = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      payload: { confirm: 'vanisher' },
      headers: { cookie: gone.cookie },
    });
    expect(erased.statusCode).toBe(204);

    // The record holds a keyed hash only: no login, no email, no raw 42 id.
    const records = await erasureRecords(t.database.db);
    expect(records).toHaveLength(1);
    expect(records[0]!.subject_hash).toBe(subjectHash(KEY, goneRow.intra_id as number));
    const recorded = JSON.stringify(records);
    for (const value of [goneRow.intra_login, goneRow.email, String(goneRow.intra_id)]) {
      expect(recorded).not.toContain(String(value));
    }

    // The restore brings the backup's tables back, the person included; the records are the current ones.
    await restoreDatabase(t.database, backup);
    expect(
      (await t.database.db.selectFrom('users').select('intra_login').where('id', '=', gone.user.id).executeTakeFirst())
        ?.intra_login,
    ).toBe('vanisher');
    const again = await t.database.db.transaction().execute((trx) => replayErasures(trx, KEY, records, new Date()));
    expect(again).toBe(1);

    const after = await dumpDatabase(t.database);
    expect(after.text.toLowerCase()).not.toContain('vanisher');
    if (goneRow.email) expect(after.text).not.toContain(String(goneRow.email));
    const restoredGone = after.tables.users!.find((row) => row.id === gone.user.id)!;
    expect(restoredGone.intra_login).toBe(`deleted-${gone.user.id}`);
    expect(restoredGone.erased_at).not.toBeNull();
    const untouched = after.tables.users!.find((row) => row.id === stays.user.id)!;
    expect(untouched).toEqual(backup.tables.users!.find((row) => row.id === stays.user.id));
    expect(after.tables.users!.find((row) => row.id === admin.user.id)!.erased_at).toBeNull();
    expect(after.tables.erasure_records).toHaveLength(1);
  });
});
