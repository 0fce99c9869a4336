import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';
import { holdingScanLock } from './schema-lock';
import { serverBundle } from './server-bundle';

/**
 * Real server processes for the tests that need more than one of them (races between
 * processes, kill -9, a shared rate limit). Each is one node process running the run's bundle of
 * src/server/main.ts (server-bundle.ts): the sources under test, not a dist/ that may be stale or
 * missing (`npm run test:unit` runs before `npm run build`), and a SIGKILL hits the server itself
 * rather than a wrapper that would leave it orphaned.
 */
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const START_TIMEOUT_MS = 40_000;
/** What main.ts prints once it listens. */
const READY_LINE = 'Robotics club app: ';

const running = new Set<ChildProcess>();
// A test run that dies half-way leaves no server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export type ServerProcess = {
  baseUrl: string;
  port: number;
  pid: number;
  /** What the process printed so far, for failure messages. */
  output(): string;
  /** SIGTERM, as a supervisor stops it; answers the exit code once it has exited. */
  stop(): Promise<number | null>;
  /** SIGKILL: the process dies mid-request, nothing flushed or closed. */
  kill(): Promise<void>;
};

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server with this environment (nothing inherited but PATH and HOME, so that the
 * developer's own DATABASE_URL or REDIS_URL never leak in) and waits until it listens.
 * Defaults: loopback on a free port, PUBLIC_URL = that address, no rate limits (the app's, the
 * intra's and the stand-in's), warnings only.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  for (let attempt = 1; ; attempt += 1) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    try {
      const start = () => spawnServer({ ...env, PORT: String(port) }, port);
      // It migrates its database as it starts: on PostgreSQL, beside the test files' migrations (schema-lock.ts).
      return await (env.DATABASE_URL?.startsWith('postgres') ? holdingScanLock('shared', start) : start());
    } catch (error) {
      // Another process took the free port between the probe and the listen: try another one.
      if (attempt < 3 && !env.PORT && String(error).includes('EADDRINUSE')) continue;
      throw error;
    }
  }
}

function spawnServer(env: Record<string, string>, port: number): Promise<ServerProcess> {
  const child = spawn(process.execPath, [serverBundle()], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? ROOT,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      RATE_LIMIT_PER_MINUTE: '0',
      FT_RATE_LIMIT: 'off',
      DEV_INTRA_LIMITS: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let output = '';
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolve(code);
    });
  });
  const handle: ServerProcess = {
    baseUrl: `http://127.0.0.1:${port}`,
    port,
    pid: child.pid!,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the server did not listen within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve(handle);
      }
    };
    child.stdout!.on('data', collect);
    child.stderr!.on('data', collect);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code ?? child.signalCode}) before listening:\n${output}`));
    });
  });
}
