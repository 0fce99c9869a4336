import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryPlan, SORTS } from '#test/server/query-plan';
import { createTestDatabase, testEngine } from '#test/server/test-app';
import type { Database } from '../../db/database';
import { applicationPageIds } from './applications.repository';

/*
 * A page of the board's applications, first or last, in either order of sending, is read in an
 * index's order (migration 0058): without it PostgreSQL sorted every application for each page
 * (issue 28's bench: 26 ms at p99 for the last page of 8,800).
 */
describe(`a page of the applications list (${testEngine})`, () => {
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

  for (const sort of ['-created_at', 'created_at'] as const) {
    it(`is read through an index, not sorted (sort=${sort})`, async () => {
      const page = applicationPageIds(database.db, database.engine, { limit: 20, offset: 8779, sort });
      expect(await queryPlan(database, page)).not.toMatch(SORTS);
    });
  }
});
