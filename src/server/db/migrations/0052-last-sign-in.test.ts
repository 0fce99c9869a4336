import { describe, expect, it } from 'vitest';
import { insertUser, migratedDatabase } from '#test/server/migration-rows';
import { besideOtherTests, testEngine } from '#test/server/test-app';
import { migrateToLatest } from '../migrate';

const BEFORE = '0051-erasure-records';
const day = (n: number) => new Date(Date.UTC(2026, 1, 1) + n * 86_400_000).toISOString();

describe(`migration 0052: last sign-in (${testEngine})`, () => {
  it("takes each user's latest session, else the last change of their row", async () => {
    const { database } = await migratedDatabase({ inFile: true, upTo: BEFORE });
    const withSessions = await insertUser(database, 1, { createdAt: day(0), updatedAt: day(40) });
    const without = await insertUser(database, 2, { createdAt: day(0), updatedAt: day(30) });
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
