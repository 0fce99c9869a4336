import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpDatabase } from '#test/server/db-snapshot';
import { besideOtherTests, createTestDatabase, testEngine } from '#test/server/test-app';
import { migrateUpTo } from '../migrate';

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

const at = '2026-11-24T10:00:00.000Z';
/** Every byte value, NUL included, twice: what a WebP holds. */
const bytes = Buffer.from([...Array(256).keys(), ...Array(256).keys()]);

describe(`migration 0018: uploaded images (${testEngine})`, () => {
  it('adds the images table beside every row of before, holding bytes as they are, with its constraints', async () => {
    const { database, drop } = await createTestDatabase({ upTo: '0017-recruitment-rounds' });
    cleanup.push(drop, () => database.close());
    const before = await dumpDatabase(database);
    expect(await besideOtherTests(() => migrateUpTo(database, '0018-images'))).toEqual(['0018-images']);
    expect((await dumpDatabase(database)).tables).toEqual(before.tables);
    expect(await database.db.selectFrom('images').selectAll().execute()).toEqual([]);

    const { rows } = await sql<{ id: number }>`
      insert into users (intra_id, intra_login, level, is_starter, created_at, updated_at)
      values (1, 'admin', 0, ${false}, ${at}, ${at}) returning id`.execute(database.db);
    const admin = rows[0]!.id;
    const image = {
      sha256: 'a'.repeat(64),
      kind: 'board_photo' as const,
      width: 96,
      height: 96,
      data: bytes,
      data_2x: Buffer.concat([bytes, bytes]),
      created_by: admin,
      created_at: at,
    };
    await database.db.insertInto('images').values(image).execute();
    const stored = await database.db.selectFrom('images').selectAll().executeTakeFirstOrThrow();
    expect(Buffer.compare(stored.data, bytes)).toBe(0);
    expect(stored.data_2x.length).toBe(bytes.length * 2);
    expect(new Date(stored.created_at).toISOString()).toBe(at);

    const insert = (changes: object) =>
      database.db
        .insertInto('images')
        .values({ ...image, sha256: 'b'.repeat(64), ...changes })
        .execute();
    await expect(insert({ sha256: image.sha256 })).rejects.toThrow();
    await expect(insert({ sha256: 'short' })).rejects.toThrow();
    await expect(insert({ kind: 'team_photo' })).rejects.toThrow();
    await expect(insert({ width: 0 })).rejects.toThrow();
    await expect(insert({ height: 5000 })).rejects.toThrow();
    await expect(insert({ data: null })).rejects.toThrow();
    await expect(insert({ created_by: admin + 1 })).rejects.toThrow();

    // The uploader's account may go; the image stays, uploaded by nobody known.
    await database.db.deleteFrom('users').where('id', '=', admin).execute();
    expect(await database.db.selectFrom('images').select('created_by').execute()).toEqual([{ created_by: null }]);
  });
});
