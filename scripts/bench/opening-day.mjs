// Opening day (issue 14): N candidates (BENCH_CANDIDATES, default 1,000) behind one campus
// address, 40 at a time, every setting at its default: the landing and its assets, sign-in
// through the local stand-in, the tracker, the application, the tracker again. On SQLite (one
// process) and on PostgreSQL (two processes sharing Redis, requests spread over both, when
// BENCH_DATABASE_URL or TEST_DATABASE_URL is set), with the intra's limits off. Then, with the
// stand-in's limits on (2 calls a second), BENCH_PACED_CANDIDATES (default 40) sign-ins: sign-ins
// a second against the intra's allowance, as the stand-in counted them, and the longest wait.
import http from 'node:http';
import zlib from 'node:zlib';
import {
  cpuSeconds,
  createSchema,
  fmt,
  postgresUrl,
  serverScript,
  startApp,
  startProcess,
  summaryLine,
  table,
} from './util.mjs';

const CAMPUS = '196.200.150.7';
const CONCURRENCY = 40;
/** The stand-in's credentials (DEV_INTRA_CLIENT in src/server/config.ts), for a second process that uses it as its intra. */
const STAND_IN = {
  FT_CLIENT_ID: 'u-s4t2ud-5c0a1d6e7b8f90123456789abcdef0123456789abcdef0123456789abcdef012',
  FT_CLIENT_SECRET: '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',
};

const agent = new http.Agent({ keepAlive: true, maxSockets: 2 * CONCURRENCY });

/** A plain HTTP request (fetch would not send the proxy's Host header); the body read whole. */
function send(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks);
        // Pages and API answers are read; built files are received whole, not decoded (the
        // browser's work, not the server's).
        const read = /^(text\/html|application\/json)/.test(response.headers['content-type'] ?? '');
        const encoding = read ? response.headers['content-encoding'] : undefined;
        const decoded =
          encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode, headers: response.headers, body: read ? decoded.toString() : '' });
      });
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/**
 * One browser behind the campus address, as a reverse proxy on the same machine passes it on
 * (X-Forwarded-For, and the public Host): its cookies, and every request's time and status.
 */
function browser(publicHost, record) {
  const jar = new Map();
  return async function request(url, init = {}) {
    const started = performance.now();
    const response = await send(url, {
      ...init,
      headers: {
        ...init.headers,
        host: publicHost,
        'x-forwarded-for': CAMPUS,
        // As every browser does: the built files then travel compressed.
        'accept-encoding': 'gzip, deflate, br',
        cookie: [...jar].map(([name, value]) => `${name}=${value}`).join('; '),
      },
    });
    record(performance.now() - started, response.status);
    for (const line of response.headers['set-cookie'] ?? []) {
      const [pair] = line.split(';');
      const [name, value] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      if (value) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
}

/** The files the landing page loads: its scripts, styles and icon. */
function assetsOf(html) {
  return [...html.matchAll(/(?:src|href)="(\/(?:assets\/[^"]+|favicon[^"]*))"/g)].map((match) => match[1]);
}

/** One candidate from landing to application; `servers` take the requests in turn. */
async function candidate(i, { servers, publicHost, tag, record }) {
  const request = browser(publicHost, record);
  const at = (path) => `${servers[i % servers.length]}${path}`;
  const landing = await request(at('/'));
  await Promise.all(assetsOf(landing.body).map((asset) => request(at(asset))));
  await request(at('/api/events?limit=6'));
  const login = await request(at('/api/auth/login'));
  const authorize = new URL(login.headers.location);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('login', `c${tag}-${i}`);
  // The stand-in's form goes to whichever server issued the authorize URL (the one serving it).
  const granted = await request(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
  });
  const back = new URL(granted.headers.location);
  await request(at(`/auth/callback${back.search}`));
  const waitStarted = performance.now();
  let answer;
  for (;;) {
    answer = await request(at(`/api/auth/callback${back.search}`));
    if (answer.status !== 202) break;
    await new Promise((resolve) => setTimeout(resolve, JSON.parse(answer.body).retry_after_ms));
  }
  const waitMs = performance.now() - waitStarted;
  if (answer.status !== 200) return { ok: false, waitMs };
  await request(at('/api/users/me'));
  await request(at('/api/applications/me'));
  const applied = await request(at('/api/applications'), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ motivation: 'I want to build robots with the club.', experience_level: 'beginner' }),
  });
  await request(at('/api/applications/me'));
  return { ok: applied.status === 201, waitMs };
}

/** N candidates, CONCURRENCY at a time; answers the figures of the run. */
export async function campus(count, options) {
  const latencies = [];
  const statuses = new Map();
  const record = (ms, status) => {
    latencies.push(ms);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
  };
  const tag = Math.random().toString(36).slice(2, 6);
  let next = 0;
  let completed = 0;
  let longestWaitMs = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < count) {
        const result = await candidate(next++, { ...options, tag, record });
        if (result.ok) completed += 1;
        longestWaitMs = Math.max(longestWaitMs, result.waitMs);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return {
    count,
    completed,
    perSecond: completed / seconds,
    seconds,
    requests: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    refused: statuses.get(429) ?? 0,
    errors: [...statuses].filter(([status]) => status >= 500).reduce((sum, [, n]) => sum + n, 0),
    longestWaitMs,
  };
}

/** Starts the servers of one setup; answers their base URLs, the public host and stop(). */
async function setup(engine, env) {
  if (engine === 'sqlite') {
    const app = await startApp({ RATE_LIMIT_PER_MINUTE: '300', ...env });
    return {
      servers: [app.base],
      pids: [app.child.pid],
      publicHost: new URL(app.base).host,
      stops: [app.stop],
      standIn: app.base,
    };
  }
  const schema = await createSchema(postgresUrl(), 'bench_opening');
  const prefix = `club-bench-${process.pid}:`;
  const shared = {
    DATABASE_URL: schema.url,
    REDIS_URL: process.env.REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    RATE_LIMIT_PER_MINUTE: '300',
    ...env,
  };
  // The first serves the stand-in; both answer for its address, as two processes behind one proxy.
  const first = await startApp(shared);
  const second = await startProcess(serverScript, {
    env: {
      ...shared,
      ...STAND_IN,
      HOST: '127.0.0.1',
      PUBLIC_URL: first.base,
      FT_OAUTH_BASE_URL: `${first.base}/dev/intra`,
    },
  });
  return {
    servers: [first.base, second.base],
    pids: [first.child.pid, second.child.pid],
    publicHost: new URL(first.base).host,
    stops: [first.stop, second.stop, schema.drop],
    standIn: first.base,
  };
}

export async function benchOpeningDay() {
  const count = Number(process.env.BENCH_CANDIDATES ?? 1000);
  const pacedCount = Number(process.env.BENCH_PACED_CANDIDATES ?? 40);
  const engines = ['sqlite', ...(postgresUrl() ? ['postgres'] : [])];
  if (engines.includes('postgres') && !process.env.REDIS_URL) {
    throw new Error('The PostgreSQL part shares Redis between its two processes: set REDIS_URL.');
  }
  const rows = [];
  const lines = [];
  const paced = [];
  for (const engine of engines) {
    const label = engine === 'sqlite' ? 'SQLite, 1 process' : 'PostgreSQL, 2 processes + Redis';
    const unlimited = await setup(engine, { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
    try {
      // CPU the servers spent per candidate: what the figure would be with cores of their own.
      const cpuBefore = unlimited.pids.map(cpuSeconds);
      const run = await campus(count, unlimited);
      const cpuMs = (unlimited.pids.reduce((sum, pid, i) => sum + cpuSeconds(pid) - cpuBefore[i], 0) * 1000) / count;
      rows.push([
        label,
        'off',
        `${run.completed} of ${run.count}`,
        fmt(run.perSecond, 0),
        fmt(cpuMs, 1),
        fmt(run.p50, 1),
        fmt(run.p99, 1),
        run.refused,
        run.errors,
      ]);
      lines.push(
        summaryLine(`opening day, ${label}: refused of ${count}`, run.refused, {
          target: 0,
          better: 'lower',
          digits: 0,
        }),
      );
      if (engine === 'sqlite') {
        lines.push(
          summaryLine('opening day, SQLite: candidates/s, intra limits off', run.perSecond, {
            target: 100,
            better: 'higher',
            digits: 0,
          }),
        );
      } else {
        lines.push(summaryLine(`opening day, ${label}: candidates/s`, run.perSecond, { digits: 0 }));
      }
    } finally {
      for (const stop of unlimited.stops) await stop();
    }

    const limited = await setup(engine, {});
    try {
      const run = await campus(pacedCount, limited);
      const usage = await (await fetch(`${limited.standIn}/dev/intra/usage`)).json();
      const served = usage.served.sort((a, b) => a - b);
      // The allowance of the seconds the sign-ins spanned, from the first call's second to the last's.
      const seconds = Math.floor(served.at(-1) / 1000) - Math.floor(served[0] / 1000) + 1;
      const used = served.length / (2 * seconds);
      rows.push([
        label,
        '2/s',
        `${run.completed} of ${run.count}`,
        fmt(run.perSecond, 2),
        '',
        fmt(run.p50, 1),
        fmt(run.p99, 1),
        run.refused,
        run.errors,
      ]);
      paced.push([
        label,
        run.completed,
        fmt(served.length / seconds, 2),
        fmt(run.completed / seconds, 2),
        `${fmt(used * 100, 1)} %`,
        usage.refused,
        fmt(run.longestWaitMs / 1000, 1),
      ]);
      lines.push(
        summaryLine(`opening day, ${label}: share of the intra's allowance used`, used * 100, {
          unit: ' %',
          target: 95,
          better: 'higher',
        }),
      );
    } finally {
      for (const stop of limited.stops) await stop();
    }
  }
  table(
    `Opening day: ${count} candidates behind one address (${CONCURRENCY} at a time), defaults; then ${pacedCount} with the intra's limits on`,
    [
      'setup',
      'intra limits',
      'applied',
      'candidates/s',
      'server CPU ms/candidate',
      'p50 ms',
      'p99 ms',
      'refused (429)',
      '5xx',
    ],
    rows,
  );
  table(
    "The intra's allowance (2 calls/s), measured at the stand-in",
    ['setup', 'sign-ins', 'calls/s', 'sign-ins/s', 'allowance used', 'calls refused by the intra', 'longest wait s'],
    paced,
  );
  return lines;
}
