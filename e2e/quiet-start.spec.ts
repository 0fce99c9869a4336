import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// A newcomer's first `npm start` printed about 290 lines of the bundler's notes about libraries,
// which read like errors (issue 28 item 7; docs/decisions/0150-a-quiet-first-start.md). These run
// no browser.

const ROOT = path.resolve(import.meta.dirname, '..');

/** The lines Vite prints for a build that went well, the file-by-file report aside. */
const BUILD_PROGRESS = [
  /^vite v[\d.]+ building client environment for production\.\.\.$/,
  /^transforming\.\.\.$/,
  /^✓ \d+ modules transformed\.$/,
  /^rendering chunks\.\.\.$/,
  /^computing gzip size\.\.\.$/,
  /^✓ built in [\d.]+m?s$/,
];
const BUILD_REPORT_LINE = /^\S+\.(js|css|html|svg)\s+│?.*kB/;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

test('the web build prints its progress and its files, and no warning', async () => {
  test.setTimeout(180_000);
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-quiet-build-'));
  try {
    // Into a folder of its own: the run's server serves dist/web meanwhile.
    const build = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--outDir', outDir, '--emptyOutDir'],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } },
    );
    const printed = `${build.stdout}${build.stderr}`;
    expect(build.status, printed).toBe(0);
    const unexpected = printed
      .split('\n')
      .map((line) => line.trim())
      .filter((line) => line && !BUILD_REPORT_LINE.test(line) && !BUILD_PROGRESS.some((known) => known.test(line)));
    expect(unexpected, printed).toEqual([]);
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
});

test('npm start prints the address and the stand-in admin login, and nothing more while it serves', async () => {
  const stamp = path.join(ROOT, 'dist/.build-stamp');
  // `npm test` and `npm run test:e2e` build first; a stale build would make the start rebuild dist under the run's server.
  expect(fs.existsSync(stamp), 'run `npm run build` before the browser tests').toBe(true);
  const port = String(await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-quiet-start-'));
  let printed = '';
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    // A newcomer's environment: nothing of the app's configured but where to listen and keep data.
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? ROOT,
      PORT: port,
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  server.stderr.on('data', (chunk: Buffer) => (printed += chunk.toString()));
  try {
    await expect.poll(() => printed, { timeout: 60_000 }).toContain('is an admin');
    expect(printed, 'the start rebuilt: the build is older than the sources').not.toContain('Building the app');
    // Pages, the API, a refusal and an unknown path: none of them is worth a line.
    for (const pathname of ['/', '/apply', '/api/health', '/api/users/me', '/api/nowhere', '/assets/none.js']) {
      await fetch(`http://127.0.0.1:${port}${pathname}`);
    }
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const lines = printed.split('\n').filter((line) => line.trim());
  expect(lines, printed).toEqual([
    expect.stringMatching(
      /^Robotics club app: http:\/\/localhost:\d+ {2}\(database: .*club\.sqlite; listening on 127\.0\.0\.1:\d+\)$/,
    ),
    'Sign in through the local 42 stand-in (this machine only: HOST opens it to others): any login works; "admin" is an admin.',
  ]);
});
