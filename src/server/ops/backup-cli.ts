import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../config';
import { openDatabase, type Database } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { erasureKey, erasureRecords, replayErasures } from '../modules/privacy';
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
  if (config.database.engine === 'postgres') {
    fail('DATABASE_URL is PostgreSQL: back it up with pg_dump and restore with pg_restore (see the README).');
  }
  const database = config.database.file;
  if (database === ':memory:') fail('DATABASE_URL is an in-memory database: there is nothing to back up.');

  if (command === 'backup') {
    const now = new Date();
    const isFolder =
      argument !== undefined &&
      (argument.endsWith('/') || fs.statSync(argument, { throwIfNoEntry: false })?.isDirectory());
    const target =
      argument === undefined
        ? path.join(config.dataDir, 'backups', backupFileName(now))
        : isFolder
          ? path.resolve(argument, backupFileName(now))
          : path.resolve(argument);
    const { file, bytes } = await backupSqlite(database, target);
    console.log(`Backed up ${database} to ${file} (${(bytes / 1024).toFixed(0)} KiB).`);
    return;
  }

  if (command === 'restore') {
    if (!argument) fail('Name the backup to restore: npm run restore -- <file>');
    const now = new Date();
    // The erasure records are the current database's, not the backup's (decision 0167).
    const records = fs.existsSync(database) ? await withDatabase(config, erasureRecords) : [];
    const { replaced } = restoreSqlite(path.resolve(argument), database, now);
    console.log(`Restored ${database} from ${path.resolve(argument)}.`);
    const again = await withDatabase(config, (db) =>
      db.transaction().execute((trx) => replayErasures(trx, erasureKey(config), records, now)),
    );
    console.log(`Erased again ${again} account(s) erased after the backup was taken.`);
    if (replaced) console.log(`The database it replaced is kept as ${replaced}.`);
    return;
  }

  fail('Usage: npm run backup [-- <file or folder>] | npm run restore -- <file>');
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
