// GET /api/users/me with a session, 40 connections: the app on SQLite and, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set, on PostgreSQL in a schema of its own, beside a
// bare node:http server answering the same JSON and an Express 5 + express-session server doing
// the same lookup. All run at once and take turns (rounds in rotating order), so that the noise
// of a shared machine falls on all of them; ratios are taken within each round, then the median.
// Beside requests a second (which depend on the share of the cores each server got), the CPU
// each spends per request: its inverse is the throughput it would have with a core to itself.
// Each app's RSS is read idle (started, one sign-in, settled) and sampled during its load.
import path from 'node:path';
import {
  createSchema,
  fmt,
  load,
  median,
  postgresUrl,
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

const SQLITE = 'this app on SQLite (Fastify + Kysely)';
const POSTGRES = 'this app on PostgreSQL (Fastify + Kysely)';

export async function benchUsersMe({ rounds = 3, duration = 5, connections = 40 } = {}) {
  const started = [];
  const baseUrl = postgresUrl();
  const schema = baseUrl ? await createSchema(baseUrl, 'bench_me') : undefined;
  try {
    const apps = [{ name: SQLITE, process: await startApp() }];
    started.push(apps[0].process);
    if (schema) {
      apps.push({ name: POSTGRES, process: await startApp({ DATABASE_URL: schema.url }) });
      started.push(apps[1].process);
    }
    for (const app of apps) app.headers = { cookie: await signIn(app.process.base, 'bench-user') };
    const userJson = await (await fetch(`${apps[0].process.base}/api/users/me`, { headers: apps[0].headers })).text();
    await sleep(1000);
    for (const app of apps) app.rssIdle = app.rssLoaded = rssMb(app.process.child.pid);

    const env = { BENCH_USER_JSON: userJson };
    const bare = await startProcess(path.join(root, 'scripts/bench/baseline-http.mjs'), { env, health: '/' });
    started.push(bare);
    const usual = await startProcess(path.join(root, 'scripts/bench/baseline-express.mjs'), { env });
    started.push(usual);
    const login = await fetch(`${usual.base}/bench/login`, { method: 'POST' });
    const expressCookie = login.headers.getSetCookie()[0].split(';')[0];

    const floor = { name: 'bare node:http, same JSON, no lookup', process: bare, headers: {} };
    const express = {
      name: 'Express 5 + express-session (SQLite store)',
      process: usual,
      headers: { cookie: expressCookie },
    };
    const servers = [...apps, floor, express];
    for (const server of servers) server.runs = [];
    const run = (server, seconds) =>
      load(`${server.process.base}/api/users/me`, {
        headers: server.headers,
        connections,
        duration: seconds,
        warmup: 0,
        pid: server.process.child.pid,
      });
    for (const server of servers) await run(server, 2);

    for (let round = 0; round < rounds; round++) {
      for (let turn = 0; turn < servers.length; turn++) {
        const server = servers[(round + turn) % servers.length];
        const sampler = apps.includes(server) ? sampleRss(server.process.child.pid) : undefined;
        server.runs.push(await run(server, duration));
        if (sampler) server.rssLoaded = Math.max(server.rssLoaded, sampler.stop());
      }
    }

    /** Per round: requests a second of `app` ÷ those of `other`, and CPU per request of `other` ÷ of `app`. */
    const byRate = (app, other) => app.runs.map((r, round) => r.rps / other.runs[round].rps);
    const byCpu = (app, other) => app.runs.map((r, round) => other.runs[round].cpuUs / r.cpuUs);
    const of = (server, key) => median(server.runs.map((r) => r[key]));
    const list = (ratios) => ratios.map((r) => fmt(r, 2)).join(', ');
    table(
      `GET /api/users/me with a session, ${connections} connections: ${rounds} rounds of ${duration} s, servers taking turns`,
      ['server', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'it ÷ node:http, req/s', 'it ÷ node:http, by CPU/req'],
      servers.map((server) => [
        server.name,
        thousands(Math.round(of(server, 'rps'))),
        fmt(of(server, 'p50')),
        fmt(of(server, 'p99')),
        fmt(of(server, 'cpuUs'), 0),
        server === floor ? '' : list(byRate(server, floor)),
        server === floor ? '' : list(byCpu(server, floor)),
      ]),
    );
    for (const app of apps) {
      console.log(`RSS of ${app.name}: ${fmt(app.rssIdle)} MB idle, ${fmt(app.rssLoaded)} MB at peak under load`);
    }

    const lines = [];
    for (const app of apps) {
      const engine = app === apps[0] ? 'SQLite' : 'PostgreSQL';
      const ratio = (what, value, target) =>
        summaryLine(`GET /api/users/me on ${engine}, ${what}`, value, {
          unit: '×',
          target,
          better: 'higher',
          digits: 2,
        });
      lines.push(
        ratio('req/s of this app ÷ bare node:http', median(byRate(app, floor)), 0.5),
        ratio('req/s of this app ÷ Express + express-session', median(byRate(app, express)), 2),
        ratio('CPU/req of node:http ÷ of this app (req/s on a core each)', median(byCpu(app, floor)), 0.5),
        ratio('CPU/req of Express ÷ of this app (req/s on a core each)', median(byCpu(app, express)), 2),
        summaryLine(
          `GET /api/users/me on ${engine}, req/s of this app at ${connections} connections`,
          Math.round(of(app, 'rps')),
          {
            digits: 0,
          },
        ),
        summaryLine(
          `GET /api/users/me on ${engine}, p99 of this app (node:http ${fmt(of(floor, 'p99'))} ms, Express ${fmt(of(express, 'p99'))} ms)`,
          of(app, 'p99'),
          { unit: ' ms' },
        ),
        summaryLine(`RSS of the app on ${engine}, idle`, app.rssIdle, { unit: ' MB' }),
        summaryLine(`RSS of the app on ${engine}, peak under load (users-me)`, app.rssLoaded, { unit: ' MB' }),
      );
    }
    if (!schema) {
      lines.push([
        'GET /api/users/me on PostgreSQL',
        'skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL',
        '',
        '',
        '',
      ]);
    }
    return lines;
  } finally {
    for (const server of started) await server.stop();
    await schema?.drop();
  }
}
