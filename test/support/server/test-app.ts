import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp, type BuildOptions } from '../../../src/server/app';
import { loadConfig, type Config } from '../../../src/server/config';
import { openDatabase, openSqliteCopy, type Database } from '../../../src/server/db/database';
import { migrateToLatest, migrateUpTo } from '../../../src/server/db/migrate';
import { holdingScanLock, postgresUrl } from './schema-lock';
import { emptiedToMigratedRows, readMigratedState, reusablePrefix, type MigratedState } from './reused-schemas';
import type { Clock } from '../../../src/server/clock';
import type { App } from '../../../src/server/deps';

export const testEngine = (process.env.TEST_ENGINE ?? 'sqlite') as 'sqlite' | 'postgres';

/**
 * A fresh, migrated database: SQLite in memory (in a file of a temp folder with `inFile`, so
 * that several connections can share it), or a schema of its own on PostgreSQL. `upTo` stops
 * after that migration, for the tests of a later one.
 */
export async function createTestDatabase({ inFile = false, upTo }: { inFile?: boolean; upTo?: string } = {}): Promise<{
  database: Database;
  config: Config['database'];
  drop(): Promise<void>;
}> {
  if (testEngine === 'sqlite') {
    const dir = inFile ? fs.mkdtempSync(path.join(os.tmpdir(), 'club-test-')) : null;
    const config = { engine: 'sqlite' as const, file: dir ? path.join(dir, 'club.sqlite') : ':memory:' };
    let database: Database;
    if (dir || upTo !== undefined) {
      database = openDatabase(config);
      await migrateTestDatabase(database, upTo);
    } else {
      database = openSqliteCopy(await (sqliteImage ??= migratedSqliteImage()));
    }
    return {
      database,
      config,
      async drop() {
        if (dir) fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const url = postgresUrl();
  if (upTo === undefined) {
    // A migrated schema another test file of this worker gave back, emptied to its migrated rows.
    const reused = reusableSchemas.pop();
    if (reused) return postgresTestDatabase(url, reused);
  }
  const schema = `${upTo === undefined ? reusablePrefix() : 'test_'}${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const created = postgresTestDatabase(url, schema);
  await migrateTestDatabase(created.database, upTo);
  if (upTo === undefined) migratedRows ??= await readMigratedState(schema);
  return created;
}

/** The bytes of a migrated SQLite database, made once per worker: each in-memory test database is a copy. */
let sqliteImage: Promise<Buffer> | undefined;

async function migratedSqliteImage(): Promise<Buffer> {
  const database = openDatabase({ engine: 'sqlite', file: ':memory:' });
  await migrateTestDatabase(database);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-image-'));
  try {
    const file = path.join(dir, 'migrated.sqlite');
    await sql`vacuum into ${file}`.execute(database.db);
    return fs.readFileSync(file);
  } finally {
    await database.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * PostgreSQL test schemas are reused (decision 0178): creating and migrating one costs about
 * 0.6 s of DDL and dropping it 0.2 s, for each of several hundred test files and tests, while
 * emptying one back to the rows its migrations wrote costs about 10 ms. A schema given back
 * whose tables, columns, triggers or functions a test changed is dropped instead. Schemas of
 * a migration test (`upTo`) are never reused. The ones left at the end of a run are dropped
 * by the run's teardown (test/support/server/drop-reused-schemas.ts), by their prefix.
 */
const reusableSchemas: string[] = [];
let migratedRows: MigratedState | undefined;

function postgresTestDatabase(url: string, schema: string) {
  const config = { engine: 'postgres' as const, url, schema };
  return {
    database: openDatabase(config),
    config,
    async drop() {
      if (schema.startsWith(reusablePrefix()) && migratedRows && (await emptiedToMigratedRows(schema, migratedRows))) {
        reusableSchemas.push(schema);
        return;
      }
      await holdingScanLock('alone', (client) => client.query(`drop schema ${schema} cascade`));
    },
  };
}

/**
 * When test databases are migrated, as far as the rows a migration writes can tell (the first
 * round opens then): before every test clock (testClock starts on 23 Nov 2026) and every real
 * one, as a club's database is migrated before anyone uses it.
 */
export const TEST_MIGRATED_AT = new Date('2026-01-01T00:00:00.000Z');

/**
 * Runs a migration beside the other test files: on PostgreSQL, holding the scan lock shared, so
 * that no other file drops its schema while Kysely's migrator reads the catalog.
 */
export function besideOtherTests<T>(migrate: () => Promise<T>): Promise<T> {
  return testEngine === 'sqlite' ? migrate() : holdingScanLock('shared', migrate);
}

/** Migrates a test database (up to `upTo` and no further when given), beside the other test files. */
export function migrateTestDatabase(database: Database, upTo?: string): Promise<string[]> {
  const options = { now: TEST_MIGRATED_AT };
  return besideOtherTests(() => (upTo ? migrateUpTo(database, upTo, options) : migrateToLatest(database, options)));
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

/** No rate limits unless a test asks: most tests sign people in as fast as they can. */
const testConfig = (env: Record<string, string>) =>
  loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    FT_RATE_LIMIT: 'off',
    DEV_INTRA_LIMITS: 'off',
    // The erasure records' key (decision 0167): never a file in the test's working folder.
    ERASURE_KEY: 'test-erasure-key',
    ...env,
  });

/** Builds the app on a database and listens on loopback. The maintenance timer is off unless asked for. */
async function listeningApp(
  config: Config,
  database: Database,
  options: Omit<BuildOptions, 'database'>,
): Promise<{ app: App; baseUrl: string }> {
  const app = await buildApp(config, { maintenance: false, ...options, database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address() as { port: number };
  return { app, baseUrl: `http://127.0.0.1:${address.port}` };
}

export async function createTestApp(
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const { app, baseUrl } = await listeningApp(testConfig(env), database, options);
  return {
    app,
    database,
    baseUrl,
    async close() {
      await app.close();
      await drop();
    },
  };
}

/**
 * Several apps on one database, as several server processes share it: each with its own
 * connection (pool), on one SQLite file or one PostgreSQL schema. `close` closes them all and
 * drops the database.
 */
export async function createTestApps(
  count: number,
  env: Record<string, string> = {},
  options: Omit<BuildOptions, 'database'> = {},
): Promise<{ apps: TestApp[]; close(): Promise<void> }> {
  const { database: first, config: databaseConfig, drop } = await createTestDatabase({ inFile: true });
  const config = { ...testConfig(env), database: databaseConfig };
  const apps: TestApp[] = [];
  for (let i = 0; i < count; i++) {
    const database = i === 0 ? first : openDatabase(databaseConfig);
    const { app, baseUrl } = await listeningApp(config, database, options);
    apps.push({ app, database, baseUrl, close: () => app.close() });
  }
  return {
    apps,
    async close() {
      for (const t of apps) await t.close();
      await drop();
    },
  };
}

/**
 * Moves `clock` on by `ms` a week at a time, using each session on the way (GET /api/users/me)
 * so that none of them expires for being idle.
 */
export async function advanceKeepingSessions(
  t: TestApp,
  clock: ReturnType<typeof testClock>,
  ms: number,
  cookies: string[],
): Promise<void> {
  const week = 7 * 24 * 3600_000;
  for (let left = ms; left > 0; left -= week) {
    clock.advance(Math.min(week, left));
    for (const cookie of cookies) {
      const answer = await t.app.inject({ url: '/api/users/me', headers: { cookie } });
      if (answer.statusCode !== 200) throw new Error(`a session ended while the clock moved (${answer.statusCode})`);
    }
  }
}
