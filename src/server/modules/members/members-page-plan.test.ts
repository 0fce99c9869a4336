import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_SORTS } from '../../../contract/members';
import { queryPlan, SORTS } from '#test/server/query-plan';
import { createTestDatabase, testEngine } from '#test/server/test-app';
import type { Database } from '../../db/database';
import { memberPageIds } from './members.repository';

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
});
