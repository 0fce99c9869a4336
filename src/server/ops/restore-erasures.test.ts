import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase, type DatabaseDump } from '#test/server/db-snapshot';
import { call, signInOverHttp } from '#test/server/http-client';
import { runsOnEngine } from '#test/server/required-service';
import { holdingScanLock } from '#test/server/schema-lock';
import { startServer, type ServerProcess } from '#test/server/server-process';
import { createTestDatabase, testEngine } from '#test/server/test-app';
import type { Config } from '../config';
import { openDatabase } from '../db/database';
import { clientConnection } from './postgres-backup';

/*
 * Erasures survive a restore (decisions §15, decisions 0167 and 0172), through the commands an
 * operator runs, on the engine of the project: a backup taken before an erasure, restored with
 * `npm run restore`, brings back everyone but the person erased since.
 */

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

type Run = { code: number; stdout: string; stderr: string };

describe.runIf(runsOnEngine(testEngine, 'The restore of erasures'))(
  `npm run restore erases again, on ${testEngine}`,
  () => {
    let dataDir: string;
    let database: Config['database'];
    let drop: () => Promise<void>;
    let env: Record<string, string>;
    let server: ServerProcess | undefined;

    /** `npx tsx src/server/ops/backup-cli.ts backup|restore`, what `npm run backup|restore` runs. */
    function cli(command: 'backup' | 'restore', args: string[] = []): Promise<Run> {
      const run = () =>
        new Promise<Run>((resolve) => {
          execFile(
            'npx',
            ['tsx', 'src/server/ops/backup-cli.ts', command, ...args],
            { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, ...env } },
            (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
          );
        });
      // The restore drops the schema and migrates: as a test file's drop does, beside the others' migrations.
      return database.engine === 'postgres' && command === 'restore' ? holdingScanLock('alone', run) : run();
    }

    async function read<T>(work: (dump: DatabaseDump) => T): Promise<T> {
      const opened = openDatabase(database);
      try {
        return work(await dumpDatabase(opened));
      } finally {
        await opened.close();
      }
    }

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-restore-erasures-'));
      const created = await createTestDatabase({ inFile: true });
      await created.database.close();
      database = created.config;
      drop = created.drop;
      let url: string;
      if (database.engine === 'postgres') {
        const withSchema = new URL(database.url);
        withSchema.searchParams.set('schema', database.schema!);
        url = withSchema.toString();
      } else {
        url = `sqlite:${database.file}`;
      }
      env = { DATA_DIR: dataDir, DATABASE_URL: url };
      server = await startServer(env);
    }, 60_000);

    afterAll(async () => {
      await server?.stop();
      await drop?.();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('backs up, erases a person, restores: the person is erased again, everyone else as in the backup', async () => {
      const live = server!;
      const keeper = await signInOverHttp(live.baseUrl, live.baseUrl, 'keeper');
      const vanisher = await signInOverHttp(live.baseUrl, live.baseUrl, 'vanisher');
      for (const who of [keeper, vanisher]) {
        const applied = await call(live.baseUrl, 'POST', '/api/applications', {
          cookie: who.cookie,
          json: { motivation: `${who.user.intra_login} wants to build robots.`, experience_level: 'advanced' },
        });
        expect(applied.status).toBe(201);
      }

      const backup = await cli('backup');
      expect(backup.stderr).toBe('');
      expect(backup.code).toBe(0);
      const [file] = fs.readdirSync(path.join(dataDir, 'backups'));
      const extension = database.engine === 'postgres' ? 'dump' : 'sqlite';
      expect(file).toMatch(new RegExp(`^club-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d-\\d{3}Z\\.${extension}$`));
      const backupFile = path.join(dataDir, 'backups', file!);
      expect(backup.stdout).toContain(backupFile);
      const atBackup = await read((dump) => dump);
      const vanisherRow = atBackup.tables.users!.find((row) => row.id === vanisher.user.id)!;
      expect(vanisherRow.email).toBeTruthy();

      const erased = await call(live.baseUrl, 'DELETE', '/api/users/me', {
        cookie: vanisher.cookie,
        json: { confirm: 'vanisher' },
      });
      expect(erased.status).toBe(204);
      const latecomer = await signInOverHttp(live.baseUrl, live.baseUrl, 'latecomer');

      // Never over a database a running server uses.
      const refused = await cli('restore', [backupFile]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop the server first');
      expect(await read((dump) => dump.tables.users!.some((row) => row.id === latecomer.user.id))).toBe(true);

      expect(await live.stop()).toBe(0);
      server = undefined;
      const restore = await cli('restore', [backupFile]);
      expect(restore.stderr).toBe('');
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain(`Restored `);
      expect(restore.stdout).toContain('Erased again 1 account(s) erased after the backup was taken.');

      const after = await read((dump) => dump);
      const users = after.tables.users!;
      // Everyone else is back as in the backup; who came after it is gone.
      expect(users.filter((row) => row.id !== vanisher.user.id)).toEqual(
        atBackup.tables.users!.filter((row) => row.id !== vanisher.user.id),
      );
      expect(users.some((row) => row.id === latecomer.user.id)).toBe(false);
      const gone = users.find((row) => row.id === vanisher.user.id)!;
      expect(gone.intra_login).toBe(`deleted-${vanisher.user.id}`);
      expect(gone.email).toBeNull();
      expect(gone.erased_at).not.toBeNull();
      expect(after.text.toLowerCase()).not.toContain('vanisher');
      expect(after.text).not.toContain(String(vanisherRow.email));
      expect(after.tables.sessions!.filter((row) => row.user_id === vanisher.user.id)).toEqual([]);
      // The record is the current database's, kept; the backup had none.
      expect(atBackup.tables.erasure_records).toEqual([]);
      expect(after.tables.erasure_records).toHaveLength(1);

      // The restored database serves: the keeper's session of the backup still signs them in.
      server = await startServer(env);
      const me = await call(server.baseUrl, 'GET', '/api/applications/me', { cookie: keeper.cookie });
      expect(me.status).toBe(200);
    }, 180_000);

    it('refuses a file that is not a backup of this app, leaving the database as it was', async () => {
      await server?.stop();
      server = undefined;
      const before = await read((dump) => dump.text);
      const bogus = path.join(dataDir, 'bogus.dump');
      fs.writeFileSync(bogus, 'not a backup');
      const restore = await cli('restore', [bogus]);
      expect(restore.code).toBe(1);
      expect(restore.stderr).toMatch(/not a readable|integrity check/);
      expect(await read((dump) => dump.text)).toBe(before);
    }, 60_000);
  },
);

describe.runIf(runsOnEngine('postgres', 'The PostgreSQL backup'))(
  'the PostgreSQL tools of npm run backup and restore',
  () => {
    it('get the password through the environment, never on their command line', () => {
      const { dbname, env } = clientConnection('postgres://club:p%40ss%3Aw0rd@db.internal:5433/club?sslmode=require');
      expect(dbname).toBe('postgres://club@db.internal:5433/club?sslmode=require');
      expect(env.PGPASSWORD).toBe('p@ss:w0rd');
      const inQuery = clientConnection('postgres://club@db.internal/club?password=secret&sslmode=require');
      expect(inQuery.dbname).not.toContain('secret');
      expect(inQuery.env.PGPASSWORD).toBe('secret');
    });

    it('fail loudly without pg_dump, naming what to install', async () => {
      // A PATH without PostgreSQL's tools: node itself runs tsx's CLI.
      const noTools = fs.mkdtempSync(path.join(os.tmpdir(), 'club-no-tools-'));
      const run = await new Promise<Run>((resolve) => {
        execFile(
          process.execPath,
          [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'src/server/ops/backup-cli.ts', 'backup', `${noTools}/`],
          { cwd: ROOT, env: { PATH: noTools, DATA_DIR: noTools, DATABASE_URL: 'postgres://club@127.0.0.1:1/club' } },
          (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
        );
      });
      fs.rmSync(noTools, { recursive: true, force: true });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('pg_dump is not installed');
    }, 30_000);
  },
);
