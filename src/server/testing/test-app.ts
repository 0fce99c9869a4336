import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../app';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { App, Clock } from '../deps';

export const testEngine = (process.env.TEST_ENGINE ?? 'sqlite') as 'sqlite' | 'postgres';

/** A fresh, migrated database: SQLite in memory, or a schema of its own on PostgreSQL. */
export async function createTestDatabase(): Promise<{
  database: Database;
  config: Config['database'];
  drop(): Promise<void>;
}> {
  if (testEngine === 'sqlite') {
    const config = { engine: 'sqlite' as const, file: ':memory:' };
    const database = openDatabase(config);
    await migrateToLatest(database);
    return { database, config, drop: async () => {} };
  }
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const schema = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const config = { engine: 'postgres' as const, url, schema };
  const database = openDatabase(config);
  await migrateToLatest(database);
  return {
    database,
    config,
    async drop() {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`drop schema ${schema} cascade`);
      await client.end();
    },
  };
}

/** A controllable clock for expiry and deadline tests. */
export function testClock(start = new Date('2026-11-23T10:00:00.000Z')) {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms: number) {
      now += ms;
    },
  } satisfies Clock & { advance(ms: number): void };
}

export type TestApp = {
  app: App;
  database: Database;
  /** The app's base URL: the app listens on loopback so that the OAuth flow runs over HTTP. */
  baseUrl: string;
  close(): Promise<void>;
};

export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ...env });
  const app = await buildApp(config, { ...options, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return {
    app,
    database,
    baseUrl: `http://127.0.0.1:${address.port}`,
    async close() {
      await app.close();
      await drop();
    },
  };
}
