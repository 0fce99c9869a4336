import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_INTRA_CLIENT } from '../config';
import type { Database } from '../db/database';
import { completeCallback } from '#test/server/http-client';
import { requireService, runsOnEngine } from '#test/server/required-service';
import { freePort, startServer, type ServerProcess } from '#test/server/server-process';
import { createTestDatabase } from '#test/server/test-app';

/**
 * Two server processes on one PostgreSQL schema call one intra (the stand-in served by the first,
 * which the second reaches with client credentials, as it would the real one): together they stay
 * within the intra's 2 calls a second, measured at the stand-in, sharing their pace through Redis,
 * or through PostgreSQL without it.
 */
const SIGN_INS = 8;
const LIMITS = '2/s,1200/h';

const runsHere = runsOnEngine('postgres', 'The intra pace across processes');
const redisUrl = runsHere ? requireService('REDIS_URL', 'The intra pace shared through Redis') : undefined;

/**
 * Login at `server`, the intra's form wherever its authorize URL points, then the callback until
 * done. Both processes serve one PUBLIC_URL, the first's address (the redirect_uri the stand-in
 * has registered): the request says so as the club's proxy would.
 */
async function signIn(server: ServerProcess, publicUrl: string, login: string): Promise<number> {
  const begin = await fetch(`${server.baseUrl}/api/auth/login`, {
    headers: { 'x-forwarded-host': new URL(publicUrl).host },
    redirect: 'manual',
  });
  const state = begin.headers
    .getSetCookie()
    .find((line) => line.startsWith('oauth_state='))!
    .split(';')[0]!
    .slice('oauth_state='.length);
  const authorize = new URL(begin.headers.get('location')!);
  const form = new URLSearchParams(authorize.searchParams);
  form.set('login', login);
  const granted = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const back = new URL(granted.headers.get('location')!);
  const answer = await completeCallback(`${server.baseUrl}/api/auth/callback${back.search}`, state);
  return answer.status;
}

/** The most calls the stand-in served in any one second of the clock. */
function busiestSecond(served: number[]): number {
  const perSecond = new Map<number, number>();
  for (const at of served) perSecond.set(Math.floor(at / 1000), (perSecond.get(Math.floor(at / 1000)) ?? 0) + 1);
  return Math.max(...perSecond.values());
}

describe.runIf(runsHere)('two processes calling one intra', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let url: string;

  beforeAll(async () => {
    const created = await createTestDatabase();
    ({ database, drop } = created);
    const parsed = new URL(process.env.TEST_DATABASE_URL!);
    parsed.searchParams.set('schema', created.config.engine === 'postgres' ? created.config.schema! : '');
    url = parsed.toString();
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  const cases: { name: string; env: Record<string, string> }[] = [
    ...(redisUrl ? [{ name: 'sharing Redis', env: { REDIS_URL: redisUrl } }] : []),
    { name: 'sharing PostgreSQL only', env: {} },
  ];
  for (const { name, env } of cases) {
    it(`never exceed 2 calls a second at the stand-in, ${name}, and sign everyone in`, async () => {
      const shared = {
        DATABASE_URL: url,
        FT_RATE_LIMIT: LIMITS,
        REDIS_KEY_PREFIX: `club-test-${randomBytes(6).toString('hex')}:`,
        ...env,
      };
      const port = await freePort();
      const publicUrl = `http://127.0.0.1:${port}`;
      const intra = await startServer({ ...shared, PORT: String(port), DEV_INTRA_LIMITS: LIMITS });
      const other = await startServer({
        ...shared,
        PUBLIC_URL: publicUrl,
        FT_CLIENT_ID: DEV_INTRA_CLIENT.id,
        FT_CLIENT_SECRET: DEV_INTRA_CLIENT.secret,
        FT_OAUTH_BASE_URL: `${intra.baseUrl}/dev/intra`,
      });
      try {
        const tag = randomBytes(3).toString('hex');
        const statuses = await Promise.all(
          Array.from({ length: SIGN_INS }, (_, i) =>
            signIn(i % 2 === 0 ? intra : other, publicUrl, `pace-${tag}-${i}`),
          ),
        );
        expect(statuses).toEqual(Array(SIGN_INS).fill(200));
        const usage = (await (await fetch(`${intra.baseUrl}/dev/intra/usage`)).json()) as {
          served: number[];
          refused: number;
        };
        expect(usage.served).toHaveLength(2 * SIGN_INS);
        expect(usage.refused).toBe(0);
        expect(busiestSecond(usage.served)).toBeLessThanOrEqual(2);
      } finally {
        await Promise.all([intra.stop(), other.stop()]);
      }
    }, 60_000);
  }
});
