import { onTestFinished } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import { createTestDatabase } from './test-app';

/**
 * A database of its own for a migration's test, migrated up to `upTo` (all of them without it),
 * closed and dropped when the test finishes.
 */
export async function migratedDatabase(options: { upTo?: string; inFile?: boolean } = {}) {
  const created = await createTestDatabase(options);
  onTestFinished(async () => {
    await created.database.close();
    await created.drop();
  });
  return created;
}

type UserDates = { login?: string; createdAt?: string; updatedAt?: string };

/**
 * A user as every schema since the first knew one: a login, the dates, nothing personal. Written
 * with these columns only, so that it fits the schema of any migration a test starts from.
 */
export async function insertUser(
  database: Database,
  n: number,
  { login = `user-${n}`, createdAt = '2026-02-01T00:00:00.000Z', updatedAt }: UserDates = {},
): Promise<number> {
  const row = await database.db
    .insertInto('users')
    .values({
      intra_id: n,
      intra_login: login,
      email: null,
      first_name: null,
      last_name: null,
      image_url: null,
      campus: null,
      campus_id: null,
      level: 1,
      grade: null,
      is_starter: false,
      created_at: createdAt,
      updated_at: updatedAt ?? createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
