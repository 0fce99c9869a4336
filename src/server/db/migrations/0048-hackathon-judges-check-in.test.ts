import { describe, expect, it } from 'vitest';
import { insertUser, migratedDatabase } from '#test/server/migration-rows';
import { besideOtherTests, testEngine } from '#test/server/test-app';
import { migrateToLatest } from '../migrate';

const BEFORE = '0046-applications-by-step';
const at = '2026-02-01T00:00:00.000Z';

describe(`migration 0048: judges and check-in (${testEngine})`, () => {
  it('gives every registration made before it its own check-in code, none checked in, and codes stay unique', async () => {
    const { database } = await migratedDatabase({ inFile: true, upTo: BEFORE });
    const { id: eventId } = await database.db
      .insertInto('hackathon_events')
      .values({
        name: 'Old night',
        description: null,
        location: null,
        start_at: at,
        end_at: '2026-02-02T00:00:00.000Z',
        max_teams: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const users = [await insertUser(database, 1), await insertUser(database, 2), await insertUser(database, 3)];
    // Written as the table was before 0048: no code (the table type is today's).
    for (const userId of users) {
      await database.db
        .insertInto('hackathon_registrations')
        .values({ user_id: userId, event_id: eventId, status: 'pending', created_at: at } as never)
        .execute();
    }

    await besideOtherTests(() => migrateToLatest(database));
    const rows = await database.db
      .selectFrom('hackathon_registrations')
      .select(['check_in_code', 'checked_in_at', 'checked_in_by'])
      .execute();
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.check_in_code).toMatch(/^[A-Za-z0-9_-]{20}$/);
      expect(row).toMatchObject({ checked_in_at: null, checked_in_by: null });
    }
    expect(new Set(rows.map((row) => row.check_in_code)).size).toBe(3);
    await expect(
      database.db
        .updateTable('hackathon_registrations')
        .set({ check_in_code: rows[0]!.check_in_code })
        .where('user_id', '=', users[1]!)
        .execute(),
    ).rejects.toThrow();
    // A judge goes with their event.
    await database.db
      .insertInto('hackathon_judges')
      .values({ event_id: eventId, user_id: users[0]!, created_at: at })
      .execute();
    await database.db.deleteFrom('hackathon_events').where('id', '=', eventId).execute();
    expect(await database.db.selectFrom('hackathon_judges').selectAll().execute()).toHaveLength(0);
  });
});
