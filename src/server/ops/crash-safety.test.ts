import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { call, signInOverHttp } from '#test/server/http-client';
import { runsOnEngine } from '#test/server/required-service';
import { startServer, type ServerProcess } from '#test/server/server-process';

const WORKERS = 6;
/** Kill once this many applications were answered 201, with the workers' next writes in flight. */
const KILL_AFTER = 30;

type Acknowledged = { cookie: string; userId: number; applicationId: number; motivation: string };

describe.runIf(runsOnEngine('sqlite', 'The crash-safety suite'))('a server killed with SIGKILL on SQLite', () => {
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;

  afterEach(async () => {
    await server?.kill();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every write it answered 2xx, an intact database, and serves again after a restart', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-crash-'));
    const env = { DATA_DIR: dataDir };
    const first = await startServer(env);
    server = first;

    const acknowledged: Acknowledged[] = [];
    const unexpected: string[] = [];
    let inFlight = 0;
    let inFlightAtKill = -1;
    let killing: Promise<void> | undefined;

    // Each worker signs newcomers in and sends their application, until the process dies.
    const worker = async (w: number) => {
      for (let i = 0; !killing; i += 1) {
        const motivation = `Worker ${w}, candidate ${i}: I want to build robots.`;
        inFlight += 1;
        try {
          const { cookie, user } = await signInOverHttp(first.baseUrl, first.baseUrl, `crash-${w}-${i}`);
          const answer = await call(first.baseUrl, 'POST', '/api/applications', {
            cookie,
            json: { motivation, experience_level: 'intermediate' },
          });
          if (answer.status !== 201) throw new Error(`application answered ${answer.status}: ${answer.text}`);
          acknowledged.push({ cookie, userId: user.id, applicationId: answer.body.id, motivation });
          if (acknowledged.length >= KILL_AFTER && !killing) {
            inFlightAtKill = inFlight - 1;
            killing = first.kill();
          }
        } catch (error) {
          // Refused connections and cut answers are what a kill looks like; before it, nothing may fail.
          if (!killing) unexpected.push(String(error));
          return;
        } finally {
          inFlight -= 1;
        }
      }
    };
    await Promise.all(Array.from({ length: WORKERS }, (_, w) => worker(w)));
    await killing;
    expect(unexpected).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(inFlightAtKill).toBeGreaterThan(0);
    // The restart has a write-ahead log to recover, as after a real crash.
    expect(fs.statSync(path.join(dataDir, 'club.sqlite-wal')).size).toBeGreaterThan(0);

    server = await startServer(env);
    expect((await call(server.baseUrl, 'GET', '/api/health')).body).toMatchObject({ status: 'ok' });

    const sqlite = new SQLite(path.join(dataDir, 'club.sqlite'), { readonly: true });
    try {
      expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(sqlite.pragma('foreign_key_check')).toEqual([]);
      const find = sqlite.prepare('select user_id, motivation from applications where id = ?');
      const missing = acknowledged.filter((write) => {
        const row = find.get(write.applicationId) as { user_id: number; motivation: string } | undefined;
        return row?.user_id !== write.userId || row.motivation !== write.motivation;
      });
      expect(missing).toEqual([]);
    } finally {
      sqlite.close();
    }

    // The sessions survived too: every acknowledged candidate finds their application.
    for (const write of acknowledged) {
      const mine = await call(server.baseUrl, 'GET', '/api/applications/me', { cookie: write.cookie });
      expect(mine.status).toBe(200);
      expect(mine.body.id).toBe(write.applicationId);
    }
    const newcomer = await signInOverHttp(server.baseUrl, server.baseUrl, 'after-crash');
    const applied = await call(server.baseUrl, 'POST', '/api/applications', {
      cookie: newcomer.cookie,
      json: { motivation: 'Applying after the restart.', experience_level: 'beginner' },
    });
    expect(applied.status).toBe(201);
    expect(await server.stop()).toBe(0);
  }, 90_000);
});
