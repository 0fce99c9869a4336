// GET /api/users/me with a session, 40 connections: the app beside a bare node:http server
// answering the same JSON and an Express 5 + express-session server doing the same lookup.
// The three run at once and take turns (rounds in rotating order), so that the noise of a
// shared machine falls on all of them; ratios are taken within each round, then the median.
// Beside requests a second (which depend on the share of the cores each server got), the CPU
// each spends per request: its inverse is the throughput it would have with a core to itself.
// The app's RSS is read idle (started, one sign-in, settled) and sampled during its load.
import path from 'node:path';
import {
  fmt,
  load,
  median,
  root,
  rssMb,
  sampleRss,
  signIn,
  sleep,
  startApp,
  startProcess,
  summaryLine,
  table,
  thousands,
} from './util.mjs';

export async function benchUsersMe({ rounds = 3, duration = 5, connections = 40 } = {}) {
  const app = await startApp();
  const started = [app];
  try {
    const cookie = await signIn(app.base, 'bench-user');
    const userJson = await (await fetch(`${app.base}/api/users/me`, { headers: { cookie } })).text();
    await sleep(1000);
    const rssIdle = rssMb(app.child.pid);

    const env = { BENCH_USER_JSON: userJson };
    const bare = await startProcess(path.join(root, 'scripts/bench/baseline-http.mjs'), { env, health: '/' });
    started.push(bare);
    const usual = await startProcess(path.join(root, 'scripts/bench/baseline-express.mjs'), { env });
    started.push(usual);
    const login = await fetch(`${usual.base}/bench/login`, { method: 'POST' });
    const expressCookie = login.headers.getSetCookie()[0].split(';')[0];

    const servers = [
      { name: 'this app (Fastify + Kysely/SQLite)', process: app, headers: { cookie } },
      { name: 'bare node:http, same JSON, no lookup', process: bare, headers: {} },
      { name: 'Express 5 + express-session (SQLite store)', process: usual, headers: { cookie: expressCookie } },
    ].map((server) => ({ ...server, runs: [] }));
    const run = (server, seconds) =>
      load(`${server.process.base}/api/users/me`, {
        headers: server.headers,
        connections,
        duration: seconds,
        warmup: 0,
        pid: server.process.child.pid,
      });
    for (const server of servers) await run(server, 2);

    let rssLoaded = rssIdle;
    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < servers.length; turn++) {
        const server = servers[(round + turn) % servers.length];
        const sampler = server === servers[0] ? sampleRss(app.child.pid) : undefined;
        server.runs.push(await run(server, duration));
        if (sampler) rssLoaded = Math.max(rssLoaded, sampler.stop());
      }
    }

    const [ours, floor, express] = servers;
    const byRate = (other) => ours.runs.map((r, round) => r.rps / other.runs[round].rps);
    const byCpu = (other) => ours.runs.map((r, round) => other.runs[round].cpuUs / r.cpuUs);
    const of = (server, key) => median(server.runs.map((r) => r[key]));
    const perRound = (server, ratios) =>
      server === ours
        ? ''
        : ratios(server)
            .map((r) => fmt(r, 2))
            .join(', ');
    table(
      `GET /api/users/me with a session, ${connections} connections: ${rounds} rounds of ${duration} s, servers taking turns`,
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'app ÷ it, req/s', 'app ÷ it, by CPU/req'],
      servers.map((server) => [
        server.name,
        thousands(Math.round(of(server, 'rps'))),
        fmt(of(server, 'p50')),
        fmt(of(server, 'p99')),
        fmt(of(server, 'cpuUs'), 0),
        perRound(server, byRate),
        perRound(server, byCpu),
      ]),
    );
    console.log(`RSS of the app: ${fmt(rssIdle)} MB idle, ${fmt(rssLoaded)} MB at peak under load`);

    const ratio = (what, value, target) =>
      summaryLine(`GET /api/users/me, ${what}`, value, { unit: '×', target, better: 'higher', digits: 2 });
    return [
      ratio('req/s of this app ÷ bare node:http', median(byRate(floor)), 0.5),
      ratio('req/s of this app ÷ Express + express-session', median(byRate(express)), 2),
      ratio('CPU/req of node:http ÷ of this app (req/s on a core each)', median(byCpu(floor)), 0.5),
      ratio('CPU/req of Express ÷ of this app (req/s on a core each)', median(byCpu(express)), 2),
      summaryLine('GET /api/users/me, req/s of this app at 40 connections', Math.round(of(ours, 'rps')), { digits: 0 }),
      summaryLine(
        `GET /api/users/me, p99 of this app (node:http ${fmt(of(floor, 'p99'))} ms, Express ${fmt(of(express, 'p99'))} ms)`,
        of(ours, 'p99'),
        { unit: ' ms' },
      ),
      summaryLine('RSS of the app, idle', rssIdle, { unit: ' MB' }),
      summaryLine('RSS of the app, peak under load (users-me)', rssLoaded, { unit: ' MB' }),
    ];
  } finally {
    for (const server of started) await server.stop();
  }
}
