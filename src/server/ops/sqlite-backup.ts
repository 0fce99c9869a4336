import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';

/** Pages copied per step of the online backup (4 KiB each): a club's database is a few steps. */
const PAGES_PER_STEP = 4096;

export class BackupError extends Error {}

/**
 * `club-2026-11-23T10-00-00-000Z.sqlite` (`.dump` for PostgreSQL's archives): sorts by time, no
 * colon for other file systems.
 */
export function backupFileName(at: Date, extension: 'sqlite' | 'dump' = 'sqlite'): string {
  return `club-${at.toISOString().replace(/[:.]/g, '-')}.${extension}`;
}

/**
 * A consistent copy of a live database through SQLite's online backup API: the server keeps
 * reading and writing meanwhile (WAL), and the copy is one moment of it, never half a write.
 * Written beside the target first and renamed, so that a backup file is always whole; checked
 * with integrity_check; stored in rollback-journal mode so that it is one self-contained file.
 */
export async function backupSqlite(source: string, target: string): Promise<{ file: string; bytes: number }> {
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: choose another name.`);
  let db: SQLite.Database;
  try {
    db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  } catch {
    throw new BackupError(`There is no database at ${source}.`);
  }
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  try {
    await db.backup(partial, { progress: () => PAGES_PER_STEP });
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  } finally {
    db.close();
  }
  const copy = new SQLite(partial);
  try {
    copy.pragma('journal_mode = DELETE');
    const integrity = copy.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') throw new BackupError(`The copy failed its integrity check: ${String(integrity)}`);
  } catch (error) {
    copy.close();
    fs.rmSync(partial, { force: true });
    throw error;
  }
  copy.close();
  fs.renameSync(partial, target);
  return { file: target, bytes: fs.statSync(target).size };
}

/** Answers why this file cannot be restored, or undefined when it is a sound database of the app. */
export function checkBackup(file: string): string | undefined {
  if (!fs.existsSync(file)) return `There is no file at ${file}.`;
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { readonly: true, fileMustExist: true });
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') return `${file} failed its integrity check: ${String(integrity)}`;
    const migrations = db
      .prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!migrations) return `${file} is an SQLite database, but not one of this app.`;
    return undefined;
  } catch (error) {
    return `${file} is not a readable SQLite database (${(error as Error).message}).`;
  } finally {
    db?.close();
  }
}

/**
 * Whether some connection has the database open: leaving WAL mode needs the only connection,
 * so SQLite refuses it while a server uses the file. A database that cannot be opened at all
 * (damaged, the very reason to restore) counts as closed.
 */
function isInUse(file: string): boolean {
  let db: SQLite.Database | undefined;
  try {
    db = new SQLite(file, { fileMustExist: true, timeout: 200 });
    db.pragma('journal_mode = DELETE');
    return false;
  } catch (error) {
    return (error as { code?: string }).code?.startsWith('SQLITE_BUSY') ?? false;
  } finally {
    db?.close();
  }
}

/**
 * Puts a backup in place of the database at `target`. Refuses a backup that fails its checks,
 * and a target some process has open (the server must be stopped). The database it replaces is
 * kept beside it as `<name>.before-restore-<time>`.
 */
export function restoreSqlite(backup: string, target: string, at: Date): { replaced?: string } {
  const problem = checkBackup(backup);
  if (problem) throw new BackupError(problem);
  if (path.resolve(backup) === path.resolve(target)) throw new BackupError('The backup is the database itself.');

  const aside = `${target}.before-restore-${at.toISOString().replace(/[:.]/g, '-')}`;
  let replaced: string | undefined;
  if (fs.existsSync(target)) {
    if (isInUse(target)) {
      throw new BackupError(`${target} is open in another process: stop the server first, then restore.`);
    }
    fs.renameSync(target, aside);
    replaced = aside;
  }
  // A log or index left beside the old file would be replayed into the restored one.
  for (const suffix of ['-wal', '-shm', '-journal']) {
    if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, aside + suffix);
  }

  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.restoring`;
  fs.copyFileSync(backup, partial);
  const handle = fs.openSync(partial, 'r+');
  fs.fsyncSync(handle);
  fs.closeSync(handle);
  fs.renameSync(partial, target);
  return { replaced };
}
