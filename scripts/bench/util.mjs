// Shared pieces of the benchmarks: free ports, child servers, sign-in through the stand-in,
// load runs, timings, CPU and memory of a process, PostgreSQL schemas, the summary's lines.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';

export const root = path.resolve(import.meta.dirname, '../..');

export function freePort() {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

export const tempDir = (prefix) => fs.mkdtempSync(path.join(os.tmpdir(), prefix));
export const removeDir = (dir) => fs.rmSync(dir, { recursive: true, force: true });
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

export async function waitFor(url, timeoutMs = 20_000, child = undefined) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`the server for ${url} exited (${child.exitCode ?? child.signalCode}) before answering`);
    }
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - start;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * Starts a Node script as a child process; answers { child, port, base, startedMs, stop() }.
 * Its standard output is dropped unless BENCH_SERVER_OUTPUT is set; errors show.
 */
export async function startProcess(script, { env = {}, args = [], health = '/api/health' } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...env, PORT: String(port) },
    stdio: ['ignore', process.env.BENCH_SERVER_OUTPUT ? 'inherit' : 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${health}`, 20_000, child);
  return {
    child,
    port,
    base,
    startedMs: Date.now() - started,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

export const serverScript = path.join(root, 'dist/server/main.js');

/**
 * Starts the built app (dist/) on SQLite in a temporary folder (removed when it stops), or in
 * the DATA_DIR / DATABASE_URL given.
 */
export async function startApp(env = {}) {
  if (!fs.existsSync(serverScript)) throw new Error('Run `npm run build` first.');
  const ownDir = env.DATA_DIR || env.DATABASE_URL ? undefined : tempDir('club-bench-');
  const port = await freePort();
  const app = await startProcess(serverScript, {
    env: {
      // SQLite unless told otherwise, whatever the shell running the bench has set.
      DATABASE_URL: '',
      ...(ownDir ? { DATA_DIR: ownDir } : {}),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      PORT: String(port),
      ...env,
    },
  });
  const stop = app.stop;
  return {
    ...app,
    stop: async () => {
      await stop();
      if (ownDir) removeDir(ownDir);
    },
  };
}

/** The process's resident memory (VmRSS of /proc/<pid>/status), in MB. */
export function rssMb(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * CPU seconds a process has used (user + system, from /proc/<pid>/stat). Per request, it is
 * what a server costs whatever else the machine is doing, where requests a second depend on
 * the share of the cores it got.
 */
export function cpuSeconds(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime and stime are fields 14 and 15 of the line; `fields` starts at field 3.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Samples a process's RSS every `everyMs` until stopped; answers the peak in MB. */
export function sampleRss(pid, everyMs = 100) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}

/** The PostgreSQL server to measure on, if any. */
export const postgresUrl = () => process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined;

/**
 * A fresh schema of our own on that server, so that nothing else there is touched: answers the
 * URL that puts the app in it (the app's `?schema=` parameter) and drop().
 */
export async function createSchema(baseUrl, prefix = 'bench') {
  const schema = `${prefix}_${process.pid}_${Math.random().toString(16).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.searchParams.set('schema', schema);
  return {
    schema,
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: baseUrl });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    },
  };
}

const cookieOf = (response, name) =>
  response.headers
    .getSetCookie()
    .find((cookie) => cookie.startsWith(`${name}=`))
    ?.split(';')[0];

/** Signs in through the app's real OAuth flow with the local stand-in; answers the `sid=` cookie. */
export async function signIn(base, login) {
  const start = await fetch(`${base}/api/auth/login`, { redirect: 'manual' });
  const stateCookie = cookieOf(start, 'oauth_state');
  const authorize = new URL(start.headers.get('location'));
  const form = new URLSearchParams(authorize.searchParams);
  form.set('login', login);
  const granted = await fetch(`${base}/dev/intra/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  const callback = new URL(granted.headers.get('location'));
  let done;
  // 202: the sign-in waits behind the intra's limit; ask again as the callback page does.
  for (;;) {
    done = await fetch(`${base}/api/auth/callback${callback.search}`, { headers: { cookie: stateCookie } });
    if (done.status !== 202) break;
    await sleep((await done.json()).retry_after_ms);
  }
  if (!done.ok) throw new Error(`sign-in failed: ${done.status} ${await done.text()}`);
  return cookieOf(done, 'sid');
}

/**
 * One autocannon run; answers requests/s, latency percentiles in ms and, given the server's
 * pid, the server's CPU microseconds per request.
 */
export async function load(url, { connections = 40, duration = 8, headers = {}, warmup = 2, pid } = {}) {
  if (warmup) await autocannon({ url, connections, duration: warmup, headers });
  const cpuBefore = pid ? cpuSeconds(pid) : 0;
  const result = await autocannon({ url, connections, duration, headers });
  const cpu = pid ? cpuSeconds(pid) - cpuBefore : 0;
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpuUs: pid ? (cpu * 1e6) / result.requests.total : undefined,
  };
}

const percentile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/**
 * Sequential requests to several URLs taking turns (a, b, c, a, b, c, ...), so that a burst of
 * noise on a shared machine falls on all of them rather than on whichever was running; in
 * `rounds` rounds of `count` requests each, after a few unmeasured turns. Answers per URL, in
 * order: p50, p99 and max of all the requests, and the median of the rounds' p99s (a burst
 * that spoils one round out of five does not move it).
 */
export async function timeRequestsInTurn(urls, { rounds = 5, count = 200, warmup = 5, headers = {} } = {}) {
  const times = urls.map(() => Array.from({ length: rounds }, () => []));
  for (let turn = -warmup; turn < rounds * count; turn++) {
    for (const [i, url] of urls.entries()) {
      const start = process.hrtime.bigint();
      const response = await fetch(url, { headers });
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status}`);
      if (turn >= 0) times[i][Math.floor(turn / count)].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  const sort = (list) => [...list].sort((a, b) => a - b);
  return times.map((perRound) => {
    const all = sort(perRound.flat());
    return {
      p50: percentile(all, 0.5),
      p99: percentile(all, 0.99),
      max: all[all.length - 1],
      p99OfRounds: median(perRound.map((round) => percentile(sort(round), 0.99))),
    };
  });
}

/** The machine's load average over the last minute, to read the figures by. */
export const loadAverage = () => os.loadavg()[0];

export const fmt = (n, digits = 1) =>
  typeof n !== 'number' ? String(n) : Number.isFinite(n) ? n.toFixed(digits) : n > 0 ? '∞' : String(n);
export const thousands = (n) => n.toLocaleString('en');

/**
 * One line of the final table. `better` says which way the target points: 'lower' (a ceiling,
 * headroom = target / figure) or 'higher' (a floor, headroom = figure / target); at least 1.00
 * meets the target. Lines without a target are figures to read.
 */
export function summaryLine(what, figure, { unit = '', target, better = 'lower', digits = 1 } = {}) {
  const shown = `${fmt(figure, digits)}${unit}`;
  if (target === undefined) return [what, shown, '', '', ''];
  // A ceiling of 0 (nobody refused) is met only by 0 itself.
  const headroom = better === 'lower' ? (figure === 0 ? Infinity : target / figure) : figure / target;
  return [
    what,
    shown,
    `${better === 'lower' ? '≤' : '≥'} ${fmt(target, digits)}${unit}`,
    fmt(headroom, 2),
    headroom >= 1 ? 'yes' : 'NO',
  ];
}

export function table(title, header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
