import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { runsOnEngine } from '#test/server/required-service';
import { createTestDatabase } from '#test/server/test-app';

/**
 * PostgreSQL's timestamps come back as the ISO strings SQLite stores (database.ts): those in UTC
 * rewritten by hand, any other zone read by Date. Both ways must give the same instant, to the
 * millisecond, microseconds cut as Date cuts them.
 */
describe.runIf(runsOnEngine('postgres', 'PostgreSQL timestamps read as ISO strings'))(
  'PostgreSQL timestamps read as ISO strings',
  () => {
    const written = [
      ['2026-11-29 18:00:00+00', '2026-11-29T18:00:00.000Z'],
      ['2026-11-29 18:00:00.5+00', '2026-11-29T18:00:00.500Z'],
      ['2026-11-29 18:00:00.123+00', '2026-11-29T18:00:00.123Z'],
      ['2026-11-29 18:00:00.123999+00', '2026-11-29T18:00:00.123Z'],
      ['2026-03-01 00:30:00.000001+01', '2026-02-28T23:30:00.000Z'],
      ['1999-12-31 23:59:59.999999+00', '1999-12-31T23:59:59.999Z'],
    ] as const;

    it.each(['UTC', 'Africa/Casablanca', 'America/St_Johns'])(
      'reads timestamptz and timestamp alike with the session in %s',
      async (zone) => {
        const { database, drop } = await createTestDatabase();
        try {
          const read = await database.db.transaction().execute(async (trx) => {
            await sql`select set_config('TimeZone', ${zone}, true)`.execute(trx);
            const rows = [];
            for (const [text] of written) {
              const { rows: found } = await sql<{ with_zone: string; without_zone: string }>`
                select ${text}::timestamptz as with_zone,
                       (${text}::timestamptz at time zone 'UTC') as without_zone`.execute(trx);
              rows.push(found[0]);
            }
            return rows;
          });
          const expected = written.map(([, iso]) => ({ with_zone: iso, without_zone: iso }));
          expect(read).toEqual(expected);
        } finally {
          await drop();
        }
      },
    );
  },
);

describe.runIf(runsOnEngine('postgres', "PostgreSQL connections' planner settings"))(
  "PostgreSQL connections' planner settings",
  () => {
    it('plan for a database held in memory: random_page_cost 1.1 on every connection of the pool (decision 0187)', async () => {
      const { database, drop } = await createTestDatabase();
      try {
        const read = () =>
          sql<{ cost: string }>`select current_setting('random_page_cost') as cost`.execute(database.db);
        const answers = await Promise.all(Array.from({ length: 4 }, read));
        expect(answers.map(({ rows }) => rows[0]!.cost)).toEqual(['1.1', '1.1', '1.1', '1.1']);
      } finally {
        await drop();
      }
    });
  },
);
