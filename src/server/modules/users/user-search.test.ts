import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, testEngine } from '#test/server/test-app';
import type { Database } from '../../db/database';
import { userMatches, usersMatching } from './user-search';

/*
 * The board's search of people (issue 28, decision 0173): a part of the login, a name or the email,
 * any case, `%` and `_` typed as such; on PostgreSQL read from the trigram index of migration 0057.
 */

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

async function world(): Promise<Database> {
  const created = await createTestDatabase();
  drop = async () => {
    await created.database.close();
    await created.drop();
  };
  const stamp = { created_at: '2026-11-01T00:00:00.000Z', updated_at: '2026-11-01T00:00:00.000Z' };
  const person = (intra_id: number, intra_login: string, first_name: string | null, email: string | null) => ({
    intra_id,
    intra_login,
    first_name,
    last_name: 'Alaoui',
    email,
    level: 1,
    is_starter: false,
    image_url: null,
    campus: null,
    campus_id: null,
    grade: null,
    ...stamp,
  });
  await created.database.db
    .insertInto('users')
    .values([
      person(1, 'salami', 'Salma', 'salami@student.1337.ma'),
      person(2, 'yben-ali', 'Youssef', 'yben-ali@student.1337.ma'),
      person(3, 'nobody', null, null),
      person(4, 'per_cent', 'Ines', '100%@example.org'),
    ])
    .execute();
  return created.database;
}

const logins = async ({ db, engine }: Database, q: string) =>
  (
    await db
      .selectFrom('users')
      .select('intra_login')
      .where('id', 'in', usersMatching(db, engine, q))
      .orderBy('intra_login')
      .execute()
  ).map((row) => row.intra_login);

describe(`the board's search of people (${testEngine})`, () => {
  it('finds a part of the login, a name or the email, any case, and takes % and _ literally', async () => {
    const database = await world();
    expect(await logins(database, 'SALM')).toEqual(['salami']);
    expect(await logins(database, 'alaoui')).toEqual(['nobody', 'per_cent', 'salami', 'yben-ali']);
    expect(await logins(database, 'ben-ali@STUDENT')).toEqual(['yben-ali']);
    expect(await logins(database, '_')).toEqual(['per_cent']);
    expect(await logins(database, '100%')).toEqual(['per_cent']);
    expect(await logins(database, '%')).toEqual(['per_cent']);
    expect(await logins(database, 'zz')).toEqual([]);
  });

  // SQLite has no trigram index: it scans, fast enough (decision 0173).
  if (testEngine === 'postgres') {
    it('reads the trigram index on PostgreSQL instead of every user', async () => {
      const database = await world();
      const { db } = database;
      const search = db.selectFrom('users').select('id').where(userMatches('postgres', 'ben-ali@stud')).compile();
      const plan = await db.transaction().execute(async (trx) => {
        // A table of four rows is read whole whatever the indexes: forbid that to see what the search can use.
        await sql`set local enable_seqscan = off`.execute(trx);
        const explained = await trx.executeQuery<{ 'QUERY PLAN': string }>({
          ...search,
          sql: `explain ${search.sql}`,
        });
        return explained.rows.map((row) => row['QUERY PLAN']).join('\n');
      });
      expect(plan).toContain('users_search_trigrams');
    });
  }
});
