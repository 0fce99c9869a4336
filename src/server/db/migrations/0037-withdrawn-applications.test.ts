import { describe, expect, it } from 'vitest';
import { insertUser, migratedDatabase } from '#test/server/migration-rows';
import { dumpDatabase } from '#test/server/db-snapshot';
import { besideOtherTests, testEngine } from '#test/server/test-app';
import type { Database } from '../database';
import { migrateToLatest } from '../migrate';

const BEFORE = '0036-round-openings';
const day = (n: number) => new Date(Date.UTC(2026, 1, 1) + n * 86_400_000).toISOString();

const application = (database: Database, values: { user_id: number; round_id: number; status: string }) =>
  database.db
    .insertInto('applications')
    .values({
      ...values,
      status: values.status as 'pending',
      motivation: 'I want to build robots.',
      experience_level: 'beginner',
      github_profile: null,
      portfolio_url: null,
      selected_project_id: null,
      review_notes: null,
      reviewed_at: null,
      reviewed_by: null,
      created_at: day(1),
      updated_at: day(1),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

describe(`migration 0037: withdrawn applications (${testEngine})`, () => {
  it('takes the status withdrawn, keeps every row, and lets a withdrawn application stand beside one in progress', async () => {
    const { database } = await migratedDatabase({ inFile: true, upTo: BEFORE });
    const first = (await database.db.selectFrom('recruitment_rounds').select('id').executeTakeFirstOrThrow()).id;
    const { id: second } = await database.db
      .insertInto('recruitment_rounds')
      .values({ name: 'Second', opens_at: day(10), closes_at: null, created_at: day(10), updated_at: day(10) })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db
      .updateTable('recruitment_rounds')
      .set({ closes_at: day(10) })
      .where('id', '=', first)
      .execute();
    const [ana, ben] = [
      await insertUser(database, 1, { createdAt: day(0) }),
      await insertUser(database, 2, { createdAt: day(0) }),
    ];
    await application(database, { user_id: ana, round_id: first, status: 'declined' });
    const pending = await application(database, { user_id: ben, round_id: first, status: 'pending' });
    // Before: no such status.
    await expect(application(database, { user_id: ana, round_id: second, status: 'withdrawn' })).rejects.toThrow();

    const before = await dumpDatabase(database);
    await besideOtherTests(() => migrateToLatest(database));
    const after = await dumpDatabase(database);
    // Every row as it was (later migrations may add columns beside them).
    for (const [table, rows] of Object.entries(before.tables)) expect(after.tables[table], table).toMatchObject(rows);

    // Ben withdraws and applies in the next round; two in progress at once stay refused, and so do unknown statuses.
    await database.db.updateTable('applications').set({ status: 'withdrawn' }).where('id', '=', pending.id).execute();
    await application(database, { user_id: ben, round_id: second, status: 'pending' });
    await application(database, { user_id: ana, round_id: second, status: 'pending' });
    await expect(
      database.db.updateTable('applications').set({ status: 'pending' }).where('id', '=', pending.id).execute(),
    ).rejects.toThrow();
    await expect(
      database.db
        .updateTable('applications')
        .set({ status: 'accepted' as 'pending' })
        .where('id', '=', pending.id)
        .execute(),
    ).rejects.toThrow();
    // Ids go on after the rebuild.
    const { id } = await application(database, {
      user_id: await insertUser(database, 3, { createdAt: day(0) }),
      round_id: second,
      status: 'withdrawn',
    });
    expect(id).toBeGreaterThan(pending.id + 2);
  });
});
