import { describe, expect, it } from 'vitest';
import { insertUser, migratedDatabase } from '#test/server/migration-rows';
import { besideOtherTests, testEngine } from '#test/server/test-app';
import type { Database } from '../database';
import { migrateToLatest } from '../migrate';

const BEFORE = '0020-lists-by-date-sent';
const EPOCH = '1970-01-01T00:00:00.000Z';
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();
const iso = (value: unknown) => new Date(value as string).toISOString();

/** A database before 0036 whose first round opens at the Unix epoch, as 0017 wrote it on an empty database. */
async function databaseWithAnEpochRound(savedOn: number, closesOn: number | null = null) {
  const { database } = await migratedDatabase({ upTo: BEFORE });
  const round = await database.db
    .updateTable('recruitment_rounds')
    .set({ opens_at: EPOCH, closes_at: closesOn === null ? null : day(closesOn), created_at: day(savedOn) } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { database, round: round.id };
}

/** A user who applied in `round` on day `n`. */
async function applicationOn(database: Database, round: number, n: number) {
  const user = await insertUser(database, n + 1, { login: `user-${n}`, createdAt: day(n) });
  await database.db
    .insertInto('applications')
    .values({
      user_id: user,
      round_id: round,
      motivation: 'I want to build robots.',
      experience_level: 'beginner',
      github_profile: null,
      portfolio_url: null,
      selected_project_id: null,
      review_notes: null,
      reviewed_at: null,
      reviewed_by: null,
      created_at: day(n),
      updated_at: day(n),
    })
    .execute();
}

describe(`migration 0036: no round opens at the Unix epoch (${testEngine})`, () => {
  it('opens a first round that opened at the epoch on the day it was saved', async () => {
    const { database } = await databaseWithAnEpochRound(10);
    await besideOtherTests(() => migrateToLatest(database));
    const [round] = await database.db.selectFrom('recruitment_rounds').selectAll().execute();
    expect(iso(round!.opens_at)).toBe(day(10));
    expect(round!.closes_at).toBeNull();
  });

  it('opens it at its earliest application when one came before it was saved, keeping every application inside', async () => {
    const { database, round } = await databaseWithAnEpochRound(10, 40);
    await applicationOn(database, round, 4);
    await applicationOn(database, round, 7);
    await applicationOn(database, round, 20);
    await besideOtherTests(() => migrateToLatest(database));
    const [after] = await database.db.selectFrom('recruitment_rounds').selectAll().execute();
    expect(iso(after!.opens_at)).toBe(day(4));
    expect(iso(after!.closes_at)).toBe(day(40));
  });

  it('leaves a round the board dated itself as it is', async () => {
    const { database, round } = await databaseWithAnEpochRound(10);
    await database.db
      .updateTable('recruitment_rounds')
      .set({ opens_at: day(2) })
      .where('id', '=', round)
      .execute();
    await besideOtherTests(() => migrateToLatest(database));
    const [after] = await database.db.selectFrom('recruitment_rounds').selectAll().execute();
    expect(iso(after!.opens_at)).toBe(day(2));
  });
});
