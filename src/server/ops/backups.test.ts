import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signInOverHttp } from '#test/server/http-client';
import { pngOf } from '#test/server/images.fixtures';
import { runsOnEngine } from '#test/server/required-service';
import { startServer, type ServerProcess } from '#test/server/server-process';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** `npm run <script> -- <args>` as an operator types it, on the database DATA_DIR names. */
function npmRun(
  script: 'backup' | 'restore',
  dataDir: string,
  args: string[] = [],
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...args],
      { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, DATA_DIR: dataDir } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

type Written = { cookie: string; userId: number; applicationId: number };

describe.runIf(runsOnEngine('sqlite', 'The backup suite'))('npm run backup and npm run restore on SQLite', () => {
  const dirs: string[] = [];
  const tempDir = (name: string) => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), `club-${name}-`));
    dirs.push(dir);
    return dir;
  };
  let liveDir: string;
  let live: ServerProcess;
  let restored: ServerProcess | undefined;
  let candidates = 0;

  async function apply(server: ServerProcess): Promise<Written> {
    const login = `saved-${candidates++}`;
    const { cookie, user } = await signInOverHttp(server.baseUrl, server.baseUrl, login);
    const answer = await call(server.baseUrl, 'POST', '/api/applications', {
      cookie,
      json: { motivation: `${login} wants to build robots.`, experience_level: 'advanced' },
    });
    if (answer.status !== 201) throw new Error(`application answered ${answer.status}: ${answer.text}`);
    return { cookie, userId: user.id, applicationId: answer.body.id };
  }

  beforeAll(async () => {
    liveDir = tempDir('live');
    live = await startServer({ DATA_DIR: liveDir });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([live?.stop(), restored?.stop()]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('backs up while the app serves and writes; restored into a new DATA_DIR, every row is there', async () => {
    const before: Written[] = [];
    for (let i = 0; i < 12; i += 1) before.push(await apply(live));
    // An uploaded board photo lives in the database (decision 0122): the backup carries it.
    const admin = await signInOverHttp(live.baseUrl, live.baseUrl, 'admin');
    const uploaded = await fetch(`${live.baseUrl}/api/admin/images/board_photo`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'image/png' },
      body: await pngOf(200, 200),
    });
    expect(uploaded.status).toBe(201);
    const { url: photo } = (await uploaded.json()) as { url: string };
    const photoBytes = Buffer.from(await (await fetch(`${live.baseUrl}${photo}`)).arrayBuffer());

    // Candidates keep applying while the backup runs.
    let backingUp = true;
    const during: Written[] = [];
    const stream = (async () => {
      while (backingUp) during.push(await apply(live));
    })();
    const backup = await npmRun('backup', liveDir);
    backingUp = false;
    await stream;
    expect(backup.code).toBe(0);
    expect(during.length).toBeGreaterThan(0);
    const [file] = fs.readdirSync(path.join(liveDir, 'backups'));
    expect(file).toMatch(/^club-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z\.sqlite$/);
    const backupFile = path.join(liveDir, 'backups', file!);
    expect(backup.stdout).toContain(backupFile);

    const newDir = tempDir('restored');
    const restore = await npmRun('restore', newDir, [backupFile]);
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain('Restored');

    const sqlite = new SQLite(path.join(newDir, 'club.sqlite'), { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      const found = sqlite.prepare('select user_id from applications where id = ?');
      expect(before.filter((w) => (found.get(w.applicationId) as { user_id: number })?.user_id !== w.userId)).toEqual(
        [],
      );
      // One moment of the database: each application with the audit entry of its transaction.
      const unaudited = sqlite
        .prepare(
          `select a.id from applications a where (select count(*) from audit_logs l
             where l.action = 'application.submitted' and l.entity_id = a.id) <> 1`,
        )
        .all();
      expect(unaudited).toEqual([]);
    } finally {
      sqlite.close();
    }

    restored = await startServer({ DATA_DIR: newDir });
    const restoredPhoto = await fetch(`${restored.baseUrl}${photo}`);
    expect(restoredPhoto.status).toBe(200);
    expect(restoredPhoto.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.compare(Buffer.from(await restoredPhoto.arrayBuffer()), photoBytes)).toBe(0);
    for (const written of before) {
      const mine = await call(restored.baseUrl, 'GET', '/api/applications/me', { cookie: written.cookie });
      expect(mine.status).toBe(200);
      expect(mine.body.id).toBe(written.applicationId);
    }
    expect(await restored.stop()).toBe(0);
    restored = undefined;
  }, 90_000);

  it('refuses to restore over a database the running server has open, and leaves it as it was', async () => {
    const backups = path.join(liveDir, 'backups');
    const [file] = fs.readdirSync(backups);
    const count = () => {
      const sqlite = new SQLite(path.join(liveDir, 'club.sqlite'), { readonly: true });
      try {
        return (sqlite.prepare('select count(*) as n from applications').get() as { n: number }).n;
      } finally {
        sqlite.close();
      }
    };
    const rows = count();
    await apply(live);

    const restore = await npmRun('restore', liveDir, [path.join(backups, file!)]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toContain('stop the server first');
    expect(count()).toBe(rows + 1);
    expect((await call(live.baseUrl, 'GET', '/api/health')).status).toBe(200);
    expect(fs.readdirSync(liveDir).filter((name) => name.includes('before-restore'))).toEqual([]);
  }, 60_000);

  it('restores over the database of the stopped server, keeping the replaced one beside it', async () => {
    const [file] = fs.readdirSync(path.join(liveDir, 'backups'));
    const backupFile = path.join(liveDir, 'backups', file!);
    const applications = (db: string) => {
      const sqlite = new SQLite(db, { readonly: true });
      try {
        return (sqlite.prepare('select id from applications order by id').all() as { id: number }[]).map((r) => r.id);
      } finally {
        sqlite.close();
      }
    };
    const later = await apply(live);
    expect(await live.stop()).toBe(0);

    const restore = await npmRun('restore', liveDir, [backupFile]);
    expect(restore.code).toBe(0);
    const [kept] = fs.readdirSync(liveDir).filter((name) => name.startsWith('club.sqlite.before-restore-'));
    expect(restore.stdout).toContain(kept);
    expect(applications(path.join(liveDir, 'club.sqlite'))).toEqual(applications(backupFile));
    expect(applications(path.join(liveDir, 'club.sqlite'))).not.toContain(later.applicationId);
    expect(applications(path.join(liveDir, kept!))).toContain(later.applicationId);
  }, 60_000);

  it('refuses a damaged backup before touching the database', async () => {
    const [file] = fs.readdirSync(path.join(liveDir, 'backups'));
    const damaged = path.join(tempDir('damaged'), 'club-damaged.sqlite');
    const bytes = fs.readFileSync(path.join(liveDir, 'backups', file!));
    fs.writeFileSync(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const newDir = tempDir('untouched');

    const restore = await npmRun('restore', newDir, [damaged]);
    expect(restore.code).toBe(1);
    expect(restore.stderr).toMatch(/integrity check|not a readable SQLite database/);
    expect(fs.readdirSync(newDir)).toEqual([]);
  }, 60_000);
});
