// GET /api/users/me with a session, 40 connections: the app beside a bare node:http server
// answering the same JSON and an Express 5 + express-session server doing the same lookup.
import path from 'node:path';
import { fmt, load, root, signIn, startApp, startProcess, table } from './util.mjs';

export async function benchUsersMe({ duration = 8 } = {}) {
  const app = await startApp();
  const cookie = await signIn(app.base, 'bench-user');
  const userJson = await (await fetch(`${app.base}/api/users/me`, { headers: { cookie } })).text();
  const ours = await load(`${app.base}/api/users/me`, { headers: { cookie }, duration });
  const rssUnderLoad = await rssOf(app.child.pid);
  await app.stop();

  const env = { BENCH_USER_JSON: userJson };
  const bare = await startProcess(path.join(root, 'scripts/bench/baseline-http.mjs'), { env, health: '/' });
  const floor = await load(`${bare.base}/api/users/me`, { duration });
  await bare.stop();

  const exp = await startProcess(path.join(root, 'scripts/bench/baseline-express.mjs'), { env });
  const login = await fetch(`${exp.base}/bench/login`, { method: 'POST' });
  const expressCookie = login.headers.getSetCookie()[0].split(';')[0];
  const usual = await load(`${exp.base}/api/users/me`, { headers: { cookie: expressCookie }, duration });
  await exp.stop();

  table(
    'GET /api/users/me with a session, 40 connections (one run, side by side)',
    ['server', 'req/s', 'p50 ms', 'p99 ms', 'ratio to this app'],
    [
      ['this app (Fastify + Kysely/SQLite)', ours.rps, fmt(ours.p50), fmt(ours.p99), '1.00'],
      ['bare node:http, same JSON, no lookup', floor.rps, fmt(floor.p50), fmt(floor.p99), fmt(floor.rps / ours.rps, 2)],
      ['Express 5 + express-session (SQLite)', usual.rps, fmt(usual.p50), fmt(usual.p99), fmt(usual.rps / ours.rps, 2)],
    ],
  );
  const vsFloor = ours.rps / floor.rps;
  const vsExpress = ours.rps / usual.rps;
  console.log(
    `\nthis app = ${fmt(vsFloor, 2)} × node:http (target ≥ 0.5), ${fmt(vsExpress, 2)} × Express (target ≥ 2)`,
  );
  console.log(`RSS of the app under load: ${rssUnderLoad} MB`);
  return { ours, floor, usual, vsFloor, vsExpress, rssUnderLoad };
}

export async function rssOf(pid) {
  const fs = await import('node:fs');
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}
