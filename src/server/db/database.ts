import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  PostgresDialect,
  SqliteDialect,
  sql,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type SqliteDatabase,
  type Transaction,
  type UnknownRow,
} from 'kysely';
import type pg from 'pg';
import type { Database as DatabaseConfig } from '../config';
import { BOOLEAN_COLUMNS, type DB } from './schema';
import {
  listenForUserChanges,
  watchChangeStamp,
  type Log,
  type UserChanges,
  type UserChangeWatch,
} from './user-changes';

export type Engine = 'sqlite' | 'postgres';
export type Db = Kysely<DB>;
/** What a repository function runs on: the database, or the transaction its service opened. */
export type Executor = Db | Transaction<DB>;

export type Database = {
  db: Db;
  engine: Engine;
  /** The PostgreSQL schema the app lives in, when not the default one. */
  schema?: string;
  /**
   * SQLite only: a stamp that changes whenever users or sessions may have changed, by a commit
   * of another connection (`PRAGMA data_version`, seen within CROSS_PROCESS_STAMP_MS: any commit)
   * or a write through this one that names either table. Cheaper than a query, it lets the
   * session memo serve until it moves.
   * PostgreSQL has none: its other processes write without telling (they notify instead).
   */
  changeStamp?: () => string;
  /**
   * Tells a memo of users and their sessions when it may serve and what to forget: the change
   * stamp on SQLite, the notifications of a listening connection on PostgreSQL (decision 0104).
   */
  watchUserChanges(changes: UserChanges, log: Log): UserChangeWatch;
  close(): Promise<void>;
};

/** Resolves once the database has answered a statement: what the health check asks of it. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export function openDatabase(config: DatabaseConfig): Database {
  return config.engine === 'postgres' ? openPostgres(config.url, config.schema) : openSqlite(config.file);
}

/**
 * An in-memory SQLite database holding a copy of another's bytes (the file `VACUUM INTO` wrote):
 * the tests copy one migrated database instead of migrating each of theirs, 2 ms instead of 90.
 */
export const openSqliteCopy = (image: Buffer): Database => openSqlite(image);

function openSqlite(file: string | Buffer): Database {
  if (typeof file === 'string' && file !== ':memory:') fs.mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  let ownWrites = 0;
  const db = new Kysely<DB>({
    dialect: new SqliteDialect({
      database: bindBooleansAsIntegers(sqlite, (sql) => {
        if (MAY_CHANGE_USERS.test(sql)) ownWrites++;
      }),
    }),
    plugins: [new SqliteBooleanResultsPlugin()],
  });
  const dataVersion = sqlite.prepare('pragma data_version').pluck();
  let version = 0;
  let versionReadAt = -Infinity;
  let stamp = '';
  let stampedVersion = -1;
  let stampedWrites = -1;
  const changeStamp = () => {
    // The pragma opens a read transaction, a few system calls: under load it is asked at most
    // once a millisecond, so another process's commit counts within one. This process's own
    // writes count at once.
    const now = performance.now();
    if (now - versionReadAt >= CROSS_PROCESS_STAMP_MS) {
      version = dataVersion.get() as number;
      versionReadAt = now;
    }
    // Asked on every signed-in request: a new string only when a count moved.
    if (version !== stampedVersion || ownWrites !== stampedWrites) {
      stamp = `${version}.${ownWrites}`;
      stampedVersion = version;
      stampedWrites = ownWrites;
    }
    return stamp;
  };
  return {
    db,
    engine: 'sqlite',
    changeStamp,
    watchUserChanges: (changes) => watchChangeStamp(changeStamp, changes),
    async close() {
      await db.destroy();
    },
  };
}

const STATEMENT_CACHE_SIZE = 500;
/**
 * A write whose text names the users or sessions table may change what the session memo keeps;
 * no other can (no trigger writes them, and only deleting a user cascades to its sessions). Under
 * a stream of applications and audit entries the memo then keeps serving. The memo also keeps
 * whether a user judges (decision 0163): the judges' table, and the events whose deletion
 * cascades to it, count too.
 */
const MAY_CHANGE_USERS = /\b(users|sessions|hackathon_judges|hackathon_events)\b/i;
/** How stale the change stamp may be about other processes' commits (decision 0103). */
export const CROSS_PROCESS_STAMP_MS = 1;

/**
 * Kysely prepares every query anew, and preparing costs more than running most of ours: keep
 * the prepared statements of recent SQL texts. better-sqlite3 refuses to bind booleans, so
 * they go in as SQLite's 0 and 1. `onWrite` hears of every statement that may write, before it
 * runs (`data_version` does not move for this connection's own commits).
 */
function bindBooleansAsIntegers(sqlite: SQLite.Database, onWrite: (sql: string) => void): SqliteDatabase {
  const toSqlite = (parameters: ReadonlyArray<unknown>) =>
    parameters.map((value) => (typeof value === 'boolean' ? Number(value) : value));
  const statements = new Map<string, SQLite.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (statement) {
      // Map order is insertion order: re-inserting keeps the most recently used last.
      statements.delete(sql);
    } else {
      statement = sqlite.prepare(sql);
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value!);
    }
    statements.set(sql, statement);
    return statement;
  };
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const statement = prepared(sql);
      const writes = !statement.readonly;
      return {
        reader: statement.reader,
        all: (parameters) => {
          if (writes) onWrite(sql);
          return statement.all(toSqlite(parameters));
        },
        run: (parameters) => {
          if (writes) onWrite(sql);
          return statement.run(toSqlite(parameters));
        },
        iterate: (parameters) => {
          if (writes) onWrite(sql);
          return statement.iterate(toSqlite(parameters));
        },
      };
    },
  };
}

class SqliteBooleanResultsPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    for (const row of args.result.rows) {
      for (const key in row) {
        if (BOOLEAN_COLUMNS.has(key) && typeof row[key] === 'number') row[key] = row[key] === 1;
      }
    }
    return args.result;
  }
}

/**
 * The PostgreSQL driver, loaded on first use: a SQLite server never pays for it (decision 0101).
 * Kept once loaded: the type parser asks for it for every column of every result.
 */
let loadedPostgresDriver: typeof pg | undefined;
const postgresDriver = () => (loadedPostgresDriver ??= createRequire(import.meta.url)('pg') as typeof pg);

const PG_INT8 = 20;
const PG_NUMERIC = 1700;
const PG_TIMESTAMP = 1114;
const PG_TIMESTAMPTZ = 1184;

/*
 * PostgreSQL writes a timestamp in the session's zone ("2026-11-29 18:00:00.123456+00" in UTC), a
 * form Date reads through its slow general parser, and a 100-row page of the board holds hundreds
 * (issue 28). A time in UTC is rewritten as ISO by hand, 2 to 5 times faster, its microseconds cut
 * to milliseconds as Date cuts them; anything else (another zone, a year BC) still goes through Date.
 */
const DATE_AND_TIME = /^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?$/;
function isoOfUtc(dateAndTime: string): string {
  const parts = DATE_AND_TIME.exec(dateAndTime);
  if (!parts) return new Date(`${dateAndTime}Z`).toISOString();
  return `${parts[1]}T${parts[2]}.${(parts[3] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
}

/** Counts and sums come back as numbers and timestamps as ISO strings, as on SQLite. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    switch (oid) {
      case PG_INT8:
      case PG_NUMERIC:
        return (value: string) => Number(value);
      case PG_TIMESTAMPTZ:
        return (value: string) =>
          value.endsWith('+00') ? isoOfUtc(value.slice(0, -3)) : new Date(value).toISOString();
      case PG_TIMESTAMP:
        return isoOfUtc;
      default:
        return postgresDriver().types.getTypeParser(oid, format);
    }
  },
} as unknown as pg.CustomTypesConfig;

/** Kysely writes SQL in lowercase; anything else (begin, commit, insert, with ...) may write. */
const READ_ONLY_SQL = /^select\b/;

/**
 * A pool client that tells `onWrite` when a statement that may have written (a commit, an
 * autocommitted update) is done, before whoever sent it hears so.
 */
function writeTellingClient(onWrite: () => void): typeof pg.Client {
  return class extends postgresDriver().Client {
    override query(...args: unknown[]): never {
      const result = (super.query as (...args: unknown[]) => unknown)(...args);
      if (typeof args[0] === 'string' && !READ_ONLY_SQL.test(args[0]) && result instanceof Promise) {
        result.then(onWrite, onWrite);
      }
      return result as never;
    }
  };
}

/** The listening connection's name in pg_stat_activity, beside the pool's unnamed ones. */
export const listenerName = (schema?: string) => `club-listener ${schema ?? ''}`.trim();

/*
 * The planner's cost of reading a page out of order (default 4, a spinning disk's). The club's
 * database is small enough to sit in memory, and on SSDs or in memory 1.1 is what PostgreSQL's
 * tuning guides advise: at 4, a 100-row page of the board's applications was joined by reading
 * the whole table (4.5 ms) instead of looking up its 100 rows by key (1.0 ms). Decision 0187.
 */
const PLANNER_SETTINGS = '-c random_page_cost=1.1';

function openPostgres(url: string, schema?: string): Database {
  const options = schema ? `${PLANNER_SETTINGS} -c search_path=${schema}` : PLANNER_SETTINGS;
  // The session memo trusts nothing of before this process's own last write until the listener
  // has heard it: a ban counts on this server from its very next request (decision 0104).
  let ownWriteAt = -Infinity;
  const pool = new (postgresDriver().Pool)({
    connectionString: url,
    max: 10,
    types: pgTypes,
    options,
    Client: writeTellingClient(() => (ownWriteAt = performance.now())),
  });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    db,
    engine: 'postgres',
    schema,
    watchUserChanges: (changes, log) =>
      listenForUserChanges(
        () =>
          new (postgresDriver().Client)({
            connectionString: url,
            options,
            application_name: listenerName(schema),
            connectionTimeoutMillis: 5_000,
            keepAlive: true,
          }),
        { changes, log, ownWriteAt: () => ownWriteAt },
      ),
    async close() {
      await db.destroy();
    },
  };
}
