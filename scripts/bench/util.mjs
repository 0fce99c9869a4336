// Shared pieces of the benchmarks: free ports, child servers, sign-in through the stand-in, load runs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

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

export async function waitFor(url, timeoutMs = 20_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return Date.now() - start;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** Starts a Node script as a child process; answers { child, port, base, startedMs, stop() }. */
export async function startProcess(script, { env = {}, args = [], health = '/api/health' } = {}) {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const started = Date.now();
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '0', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}${health}`);
  return {
    child,
    port,
    base,
    startedMs: Date.now() - started,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/** Starts the built app (dist/) on SQLite in a temporary folder, or on DATABASE_URL when given. */
export async function startApp(env = {}) {
  if (!fs.existsSync(path.join(root, 'dist/server/main.js'))) throw new Error('Run `npm run build` first.');
  const dataDir = tempDir('club-bench-');
  const port = await freePort();
  return startProcess(path.join(root, 'dist/server/main.js'), {
    env: { DATA_DIR: dataDir, HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, PORT: String(port), ...env },
  });
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
  const done = await fetch(`${base}/api/auth/callback${callback.search}`, { headers: { cookie: stateCookie } });
  if (!done.ok) throw new Error(`sign-in failed: ${done.status} ${await done.text()}`);
  return cookieOf(done, 'sid');
}

/** One autocannon run; answers requests/s and latency percentiles in ms. */
export async function load(url, { connections = 40, duration = 8, headers = {}, warmup = 2 } = {}) {
  if (warmup) await autocannon({ url, connections, duration: warmup, headers });
  const result = await autocannon({ url, connections, duration, headers });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${url}: ${result.non2xx} non-2xx answers and ${result.errors} errors under load`);
  }
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
}

/** Sequential timing of one request, N times; answers p50/p99/max in ms. */
export async function timeRequests(url, { count = 200, headers = {} } = {}) {
  const times = [];
  for (let i = 0; i < count; i++) {
    const start = process.hrtime.bigint();
    const response = await fetch(url, { headers });
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
  return { p50: at(0.5), p99: at(0.99), max: times[times.length - 1] };
}

export const fmt = (n, digits = 1) => (typeof n === 'number' ? n.toFixed(digits) : String(n));

export function table(title, header, rows) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => `| ${cells.map((cell, i) => String(cell).padEnd(widths[i])).join(' | ')} |`;
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of rows) console.log(line(row));
}
