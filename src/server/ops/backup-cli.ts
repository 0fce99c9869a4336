import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { ConfigError, loadConfig, type Config } from '../config';
import { listenerName, openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { erasureKey, erasureRecords, replayErasures } from '../modules/privacy';
import { backupPostgres, restorePostgres } from './postgres-backup';
import { BackupError, backupFileName, backupSqlite, restoreSqlite } from './sqlite-backup';

/**
 * `npm run backup [-- <file or folder>]` and `npm run restore -- <file>`, on the database the
 * environment names (DATA_DIR or DATABASE_URL), as the server would open it.
 */
const [command, argument] = process.argv.slice(2);

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function run(): Promise<void> {
  const config = loadConfig();
  const database = config.database;
  if (database.engine === 'sqlite' && database.file === ':memory:') {
    fail('DATABASE_URL is an in-memory database: there is nothing to back up.');
  }
  const name =
    database.engine === 'postgres' ? `the PostgreSQL schema "${database.schema ?? 'public'}"` : database.file;

  if (command === 'backup') {
    const now = new Date();
    const fileName = backupFileName(now, database.engine === 'postgres' ? 'dump' : 'sqlite');
    const isFolder =
      argument !== undefined &&
      (argument.endsWith('/') || fs.statSync(argument, { throwIfNoEntry: false })?.isDirectory());
    const target =
      argument === undefined
        ? path.join(config.dataDir, 'backups', fileName)
        : isFolder
          ? path.resolve(argument, fileName)
          : path.resolve(argument);
    const { file, bytes } =
      database.engine === 'postgres'
        ? await backupPostgres(database, target)
        : await backupSqlite(database.file, target);
    console.log(`Backed up ${name} to ${file} (${(bytes / 1024).toFixed(0)} KiB).`);
    return;
  }

  if (command === 'restore') {
    if (!argument) fail('Name the backup to restore: npm run restore -- <file>');
    const backup = path.resolve(argument);
    const now = new Date();
    // The erasure records are the current database's, not the backup's (decision 0167).
    let records: Awaited<ReturnType<typeof erasureRecords>> = [];
    let replaced: string | undefined;
    if (database.engine === 'postgres') {
      records = await withDatabase(config, async (db) => {
        if (await serverConnected(db, database.schema)) {
          throw new BackupError(`A server is connected to ${name}: stop the server first, then restore.`);
        }
        return erasureRecords(db);
      });
      await restorePostgres(backup, database);
    } else {
      if (fs.existsSync(database.file)) records = await withDatabase(config, erasureRecords);
      ({ replaced } = restoreSqlite(backup, database.file, now));
    }
    console.log(`Restored ${name} from ${backup}.`);
    const again = await withDatabase(config, (db) =>
      db.transaction().execute((trx) => replayErasures(trx, erasureKey(config), records, now)),
    );
    console.log(`Erased again ${again} account(s) erased after the backup was taken.`);
    if (replaced) console.log(`The database it replaced is kept as ${replaced}.`);
    return;
  }

  fail('Usage: npm run backup [-- <file or folder>] | npm run restore -- <file>');
}

/** Whether a server of this schema runs: each keeps a connection listening under a known name. */
async function serverConnected(db: Database['db'], schema: string | undefined): Promise<boolean> {
  const { rows } = await sql<{ count: number }>`select count(*)::int as count from pg_stat_activity
    where datname = current_database() and application_name = ${listenerName(schema)}`.execute(db);
  return rows[0]!.count > 0;
}

/** Opens the database at its latest schema for `work`, then closes it. */
async function withDatabase<T>(config: Config, work: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = openDatabase(config.database);
  try {
    await migrateToLatest(database);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

run().catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) fail(error.message);
  console.error(error);
  process.exit(1);
});
