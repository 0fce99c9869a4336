import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';

/**
 * The board's searches of people on PostgreSQL read a trigram index (issue 28, decision 0173): a
 * GIN index of pg_trgm over the four expressions `userMatches` reads, `lower(column)`, which
 * answers `like '%part%'` without reading every user. SQLite scans (its LIKE is fast enough there).
 *
 * pg_trgm ships with PostgreSQL and is a trusted extension: any role that may create in the
 * database may install it. Where it cannot be installed (a host without the contrib package, a
 * role without the right), the searches work as before, by a scan: the index is a speed-up, never
 * a condition of the app.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  if (engine !== 'postgres') return;
  const schema = await trigramSchema(db);
  if (!schema) return;
  const opclass = sql`${sql.id(schema)}.gin_trgm_ops`;
  await sql`create index users_search_trigrams on users using gin (
    lower(intra_login) ${opclass}, lower(first_name) ${opclass}, lower(last_name) ${opclass}, lower(email) ${opclass}
  )`.execute(db);
}

/** The schema pg_trgm lives in, installing it in `public` (shared by every schema of the database) if needed; null if it cannot be. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
        join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
    ).rows[0]?.schema ?? null;
  const schema = await installed();
  if (schema) return schema;
  // The migrations run in one transaction: a refused CREATE EXTENSION must not abort it.
  await sql`savepoint install_pg_trgm`.execute(db);
  try {
    // Two servers (or two test schemas) migrating at once: one installs, the other then sees it.
    await sql`select pg_advisory_xact_lock(hashtext('create extension pg_trgm'))`.execute(db);
    await sql`create extension if not exists pg_trgm schema public`.execute(db);
    await sql`release savepoint install_pg_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint install_pg_trgm`.execute(db);
    return null;
  }
  return installed();
}
