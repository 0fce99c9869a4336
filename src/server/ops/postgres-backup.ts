import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BackupError } from './sqlite-backup';

/*
 * `npm run backup` and `npm run restore` on PostgreSQL (decision 0172), through PostgreSQL's own
 * client tools: pg_dump takes one consistent snapshot while the app serves, and the restore puts
 * the app's schema back whole, in one transaction.
 */

export type PostgresTarget = { url: string; schema?: string };

/**
 * The URL without its password, for the tools' command line (which `ps` shows to everyone on the
 * machine), and the environment that gives them the password instead.
 */
export function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = parsed.password ? decodeURIComponent(parsed.password) : parsed.searchParams.get('password');
  parsed.password = '';
  parsed.searchParams.delete('password');
  // Without one in the URL, the operator's own PGPASSWORD or ~/.pgpass applies, as for the server.
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** Runs a PostgreSQL client tool; rejects with its own words when it fails or is not installed. */
function runTool(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} is not installed (or not on the PATH): install PostgreSQL's client tools of the server's major version (Debian: postgresql-client).`,
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new BackupError(`${tool} failed (exit code ${code}): ${stderr.trim()}`));
    });
  });
}

/** The schema the app lives in. */
const SCHEMA = (target: PostgresTarget) => target.schema ?? 'public';

/**
 * `pg_dump --format=custom` of the app's schema (`public` without `?schema=`) and of `pg_trgm`,
 * which the board's search index needs and which lives in `public`. Written beside the target
 * and renamed once pg_dump succeeded, so that a backup file is always whole.
 */
export async function backupPostgres(source: PostgresTarget, target: string): Promise<{ file: string; bytes: number }> {
  if (fs.existsSync(target)) throw new BackupError(`${target} exists already: choose another name.`);
  fs.mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  const { dbname, env } = clientConnection(source.url);
  try {
    await runTool(
      'pg_dump',
      [
        '--format=custom',
        `--schema=${SCHEMA(source)}`,
        '--extension=pg_trgm',
        `--file=${partial}`,
        `--dbname=${dbname}`,
      ],
      env,
    );
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
  fs.renameSync(partial, target);
  return { file: target, bytes: fs.statSync(target).size };
}

/**
 * Puts a backup of `backupPostgres` in place of the app's schema: the schema is dropped with
 * everything in it (tables a later migration added included) and the backup's created, in one
 * transaction, so a backup that fails half-way leaves the database as it was. pg_restore writes
 * the script to a private file first: a script cut short by pg_restore's failure is never run.
 */
export async function restorePostgres(backup: string, target: PostgresTarget): Promise<void> {
  if (!fs.existsSync(backup)) throw new BackupError(`There is no file at ${backup}.`);
  const schema = SCHEMA(target);
  const { dbname, env } = clientConnection(target.url);
  let contents: string;
  try {
    contents = await runTool('pg_restore', ['--list', backup], env);
  } catch (error) {
    if (error instanceof BackupError && error.message.includes('not installed')) throw error;
    throw new BackupError(`${backup} is not a readable pg_dump archive (${(error as Error).message}).`);
  }
  if (!new RegExp(`^\\d+; \\d+ \\d+ TABLE ${schema} kysely_migration `, 'm').test(contents)) {
    throw new BackupError(`${backup} is not a backup of this app's schema "${schema}".`);
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-restore-'));
  try {
    const script = path.join(dir, 'restore.sql');
    await runTool('pg_restore', ['--no-owner', '--no-comments', `--file=${script}`, backup], env);
    await runTool(
      'psql',
      [
        '--no-psqlrc',
        '--quiet',
        '--single-transaction',
        '--set=ON_ERROR_STOP=1',
        `--dbname=${dbname}`,
        `--command=drop schema if exists "${schema}" cascade`,
        `--file=${script}`,
      ],
      env,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
