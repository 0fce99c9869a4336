import pg from 'pg';

/** The PostgreSQL server of the tests. */
export function postgresUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  return url;
}

/**
 * Kysely's migrator reads the catalog of every schema on the server, and a test file running
 * beside this one may be dropping its own schema meanwhile: PostgreSQL then fails the scan on
 * whatever it finds half gone (a schema, a table, a column). Migrations (a test's, or a server
 * process's as it starts) hold this advisory lock shared and a drop holds it alone, so no schema
 * is dropped during a scan.
 */
const SCHEMA_SCAN_LOCK = 1_337_042;

export async function holdingScanLock<T>(
  mode: 'shared' | 'alone',
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    const lock = mode === 'shared' ? 'pg_advisory_lock_shared' : 'pg_advisory_lock';
    await client.query(`select ${lock}($1)`, [SCHEMA_SCAN_LOCK]);
    return await work(client);
  } finally {
    await client.end(); // the lock ends with the session
  }
}
