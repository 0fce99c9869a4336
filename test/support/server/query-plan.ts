import { sql, type Compilable } from 'kysely';
import type { Database } from '../../../src/server/db/database';

/**
 * The plan the engine chooses for a query, as text. On PostgreSQL a small test table is read
 * whole and sorted whatever the indexes, so scans and sorts are forbidden where an index could
 * replace them: the plan names a Sort (or a Seq Scan) only when no index can give the rows in
 * order. On SQLite, `explain query plan` says "USE TEMP B-TREE FOR ORDER BY" when it sorts.
 */
export async function queryPlan({ db, engine }: Database, query: Compilable): Promise<string> {
  const compiled = query.compile();
  return db.transaction().execute(async (trx) => {
    if (engine === 'postgres') {
      await sql`set local enable_seqscan = off`.execute(trx);
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_incremental_sort = off`.execute(trx);
    }
    const explain = engine === 'postgres' ? 'explain' : 'explain query plan';
    const { rows } = await trx.executeQuery<Record<string, unknown>>({
      ...compiled,
      sql: `${explain} ${compiled.sql}`,
    });
    return rows.map((row) => String(row['QUERY PLAN'] ?? row.detail)).join('\n');
  });
}

/** What a plan says when the engine sorts the rows itself instead of reading them in an index's order. */
export const SORTS = /Sort|TEMP B-TREE/;
