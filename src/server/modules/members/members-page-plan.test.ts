import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SORTS } from '../../../contract/members';
import { queryPlan, SORTS } from '#test/server/query-plan';
import { runsOnEngine } from '#test/server/required-service';
import { createTestDatabase, testEngine } from '#test/server/test-app';
import type { Database } from '../../db/database';
import { memberPageIds, memberSearchPage } from './members.repository';

/*
 * A page of the board's users, in each of its orders, is read in an index's order (migration
 * 0058): without one PostgreSQL sorted all 10,000 users of issue 28's bench for each page.
 */
describe(`a page of the users list (${testEngine})`, () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let database: Database;
  beforeAll(async () => {
    created = await createTestDatabase();
    database = created.database;
  });
  afterAll(async () => {
    await database.close();
    await created.drop();
  });

  for (const sort of MEMBER_SORTS) {
    it(`is read through an index, not sorted (sort=${sort})`, async () => {
      const page = memberPageIds(database.db, { sort, limit: 20, offset: 9981 }, database.engine, new Date());
      expect(await queryPlan(database, page)).not.toMatch(SORTS);
    });
  }

  // Read in the list's order, a search walked every user by date to filter them (issue 28's bench:
  // 10 ms for the 834 Salmas of 10,000 users, 2 ms through the trigram index).
  it.runIf(runsOnEngine('postgres', 'The search plan on PostgreSQL'))(
    'a search on PostgreSQL finds its matches through the trigram index, not by walking every user in order',
    async () => {
      for (const sort of MEMBER_SORTS) {
        const page = memberSearchPage(
          database.db,
          { sort, q: 'salma', limit: 20, offset: 0 },
          database.engine,
          new Date(),
        );
        const plan = await queryPlan(database, page);
        expect(plan, sort).toMatch(/users_search_trigrams/);
        expect(plan, sort).not.toMatch(/Index (Only )?Scan (Backward )?using users_(joined|campus|intra_login)/);
      }
    },
  );
});
