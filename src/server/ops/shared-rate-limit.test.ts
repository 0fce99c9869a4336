import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, type HttpAnswer } from '#test/server/http-client';
import { requireService, runsOnEngine } from '#test/server/required-service';
import { freePort, startServer, type ServerProcess } from '#test/server/server-process';

/**
 * The rate limit of two server processes, with and without a shared Redis. Each process keeps
 * its own SQLite file: the budget here is per client address, which a reverse proxy on the same
 * machine tells in X-Forwarded-For; the key is the same for a signed-in user's id.
 */
const BUDGET = 10;
const RATE_LIMITED = {
  error: 'Rate limit exceeded. Please wait a moment and try again.',
  code: 'RATE_LIMITED',
};

const runsHere = runsOnEngine('sqlite', 'The rate-limit suite');
const redisUrl = runsHere ? requireService('REDIS_URL', 'The shared rate limit across processes') : undefined;

const dataDirs: string[] = [];
function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-rate-'));
  dataDirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** A request of one client, as the proxy forwards it. */
function events(server: ServerProcess, client: string): Promise<HttpAnswer> {
  return call(server.baseUrl, 'GET', '/api/events', { headers: { 'x-forwarded-for': client } });
}

function expectRateLimited(answer: HttpAnswer): void {
  expect(answer.status).toBe(429);
  expect(answer.body).toEqual(RATE_LIMITED);
  expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
}

describe.runIf(runsHere && redisUrl)('two processes with one REDIS_URL', () => {
  // A namespace of this run's own: parallel runs on one Redis never share a budget.
  const prefix = `club-test-${randomBytes(6).toString('hex')}:`;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const env = { RATE_LIMIT_PER_MINUTE: String(BUDGET), REDIS_URL: redisUrl!, REDIS_KEY_PREFIX: prefix };
    [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: dataDir() }),
      startServer({ ...env, DATA_DIR: dataDir() }),
    ]);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    redis.disconnect();
  });

  it('shares one budget: 10 requests split over both pass, the 11th on either is 429', async () => {
    const client = '198.51.100.10';
    const within = await Promise.all(Array.from({ length: BUDGET }, (_, i) => events(i % 2 === 0 ? a : b, client)));
    expect(within.map((answer) => answer.status)).toEqual(Array(BUDGET).fill(200));
    expectRateLimited(await events(a, client));
    expectRateLimited(await events(b, client));
  });

  it('keeps the budgets of two clients apart', async () => {
    for (let i = 0; i < BUDGET; i += 1) await events(i % 2 === 0 ? a : b, '198.51.100.20');
    expectRateLimited(await events(b, '198.51.100.20'));
    expect((await events(a, '198.51.100.21')).status).toBe(200);
  });

  it('keeps its counters under REDIS_KEY_PREFIX', async () => {
    const redis = new Redis(redisUrl!);
    try {
      expect(await redis.keys(`${prefix}rate-limit:*`)).toContain(`${prefix}rate-limit:ip:198.51.100.10`);
    } finally {
      redis.disconnect();
    }
  });
});

describe.runIf(runsHere)('processes without Redis', () => {
  const started: ServerProcess[] = [];
  afterEach(async () => {
    await Promise.all(started.splice(0).map((server) => server.stop()));
  });

  it('limits each process on its own budget', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: String(BUDGET) };
    const [a, b] = await Promise.all([
      startServer({ ...env, DATA_DIR: dataDir() }),
      startServer({ ...env, DATA_DIR: dataDir() }),
    ]);
    started.push(a, b);
    const client = '198.51.100.30';
    for (const server of [a, b]) {
      for (let i = 0; i < BUDGET; i += 1) expect((await events(server, client)).status).toBe(200);
      expectRateLimited(await events(server, client));
    }
  }, 60_000);

  it('serves, without a limit, while its Redis is unreachable', async () => {
    const deadRedis = `redis://127.0.0.1:${await freePort()}`;
    const server = await startServer({ RATE_LIMIT_PER_MINUTE: '2', REDIS_URL: deadRedis, DATA_DIR: dataDir() });
    started.push(server);
    const answers = await Promise.all(Array.from({ length: 4 }, () => events(server, '198.51.100.40')));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
  }, 60_000);
});
