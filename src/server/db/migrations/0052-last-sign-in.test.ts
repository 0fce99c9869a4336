import { afterEach, describe, expect, it } from 'vitest';
import { besideOtherTests, createTestDatabase, testEngine } from '#test/server/test-app';
import type { Database } from '../database';
import { migrateToLatest } from '../migrate';

const BEFORE = '0051-erasure-records';
const day = (n: number) => new Date(Date.UTC(2026, 1, 1) + n * 86_400_000).toISOString();

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

async function user(database: Database, n: number, updatedAt: string): Promise<number> {
  const row = await database.db
    .insertInto('users')
    .values({
      intra_id: n,
      intra_login: `user-${n}`,
      email: null,
      first_name: null,
      last_name: null,
      image_url: null,
      campus: null,
      campus_id: null,
      level: 1,
      grade: null,
      is_starter: false,
      created_at: day(0),
      updated_at: updatedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe(`migration 0052: last sign-in (${testEngine})`, () => {
  it("takes each user's latest session, else the last change of their row", async () => {
    const { database, drop } = await createTestDatabase({ inFile: true, upTo: BEFORE });
    cleanup.push(drop, () => database.close());
    const withSessions = await user(database, 1, day(40));
    const without = await user(database, 2, day(30));
    for (const [n, created] of [day(10), day(20), day(15)].entries()) {
      await database.db
        .insertInto('sessions')
        .values({ user_id: withSessions, token_hash: `hash-${n}`, expires_at: day(50), created_at: created })
        .execute();
    }

    await besideOtherTests(() => migrateToLatest(database));

    const rows = await database.db.selectFrom('users').select(['id', 'last_sign_in_at']).orderBy('id').execute();
    expect(rows).toEqual([
      { id: withSessions, last_sign_in_at: day(20) },
      { id: without, last_sign_in_at: day(30) },
    ]);
  });
});
