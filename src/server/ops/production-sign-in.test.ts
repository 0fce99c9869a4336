import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intraProfile, startFakeIntra, type FakeIntra } from '#test/server/fake-intra';
import { completeCallback } from '#test/server/http-client';
import { freePort, startServer, type ServerProcess } from '#test/server/server-process';
import { createTestDatabase } from '#test/server/test-app';

/**
 * The production build against an intra it does not serve itself (decisions §13): the server
 * process runs with NODE_ENV=production and only the FT_* variables pointing at an independent
 * fake of the intra (test/support/server/fake-intra.ts), which reads credentials as Doorkeeper
 * does. PUBLIC_URL is https, as production requires; the requests reach the process over plain
 * HTTP from loopback, which TRUST_PROXY's default trusts, saying `X-Forwarded-Proto: https` as the
 * club's reverse proxy would.
 */
const FORWARDED = { 'x-forwarded-proto': 'https' };

type Attempt = { status: number; body: Record<string, unknown>; code: string };

/** Starts a sign-in at the app, chooses `login` at the intra's page, then calls the callback until it is done. */
async function signIn(
  server: ServerProcess,
  intra: FakeIntra,
  login: string,
  options: { replayCode?: string; beforeCallback?: (code: string) => void } = {},
): Promise<Attempt> {
  const begin = await fetch(`${server.baseUrl}/api/auth/login`, { headers: FORWARDED, redirect: 'manual' });
  expect(begin.status).toBe(302);
  const authorizeUrl = new URL(begin.headers.get('location')!);
  expect(authorizeUrl.origin).toBe(intra.baseUrl);
  const state = begin.headers
    .getSetCookie()
    .find((line) => line.startsWith('oauth_state='))!
    .split(';')[0]!
    .slice('oauth_state='.length);
  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set('login', login);
  const granted = await fetch(`${intra.baseUrl}/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  expect(granted.status).toBe(302);
  const back = new URL(granted.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe(`${publicUrlOf(server)}/auth/callback`);
  const code = options.replayCode ?? back.searchParams.get('code')!;
  options.beforeCallback?.(code);
  const query = new URLSearchParams({ code, state: back.searchParams.get('state')! });
  const answer = await completeCallback(`${server.baseUrl}/api/auth/callback?${query}`, state);
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown>, code };
}

const publicUrls = new WeakMap<ServerProcess, string>();
const publicUrlOf = (server: ServerProcess) => publicUrls.get(server)!;

async function health(server: ServerProcess) {
  return (await fetch(`${server.baseUrl}/api/health`)).json();
}

describe('the production build signing in with an intra that behaves as the real one', () => {
  let intra: FakeIntra;
  let databaseEnv: Record<string, string>;
  let drop: () => Promise<void>;
  const servers: ServerProcess[] = [];

  /** The production server on the shared database, with these 42 credentials. */
  async function startProduction(credentials: Record<string, string>): Promise<ServerProcess> {
    const port = await freePort();
    const publicUrl = `https://127.0.0.1:${port}`;
    intra.application.redirectUri = `${publicUrl}/auth/callback`;
    const server = await startServer({
      ...databaseEnv,
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      FT_OAUTH_BASE_URL: intra.baseUrl,
      FT_CLIENT_ID: intra.application.clientId,
      // The intra's own pace, as in production.
      FT_RATE_LIMIT: '2/s,1200/h',
      LOG_LEVEL: 'info',
      ...credentials,
    });
    publicUrls.set(server, publicUrl);
    servers.push(server);
    return server;
  }

  beforeAll(async () => {
    intra = await startFakeIntra();
    const created = await createTestDatabase({ inFile: true });
    await created.database.close();
    drop = created.drop;
    if (created.config.engine === 'sqlite') databaseEnv = { DATA_DIR: path.dirname(created.config.file) };
    else {
      const url = new URL(created.config.url);
      url.searchParams.set('schema', created.config.schema!);
      databaseEnv = { DATABASE_URL: url.toString() };
    }
  });
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await intra?.close();
    await drop?.();
  });

  describe('with the right secret', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      server = await startProduction({ FT_CLIENT_SECRET: intra.application.secret });
    }, 60_000);

    it('signs in every profile shape the intra answers, mapping each as the app shows it', async () => {
      const shapes = [
        {
          profile: intraProfile('full-profile', 900_001),
          expected: { campus: 'Khouribga', level: 7.42, grade: 'Learner' },
        },
        {
          profile: intraProfile('no-image', 900_002, {
            image: { link: null, versions: { large: null, medium: null, small: null, micro: null } },
          }),
          expected: { image_url: null },
        },
        { profile: intraProfile('no-campus', 900_003, { campus: [], campus_users: [] }), expected: { campus: null } },
        {
          profile: intraProfile('two-campuses', 900_004, {
            campus: [
              { id: 1, name: 'Paris', time_zone: 'Europe/Paris', country: 'France' },
              { id: 21, name: 'Ben Guerir', time_zone: 'Africa/Casablanca', country: 'Morocco' },
            ],
            campus_users: [
              { id: 7, user_id: 900_004, campus_id: 1, is_primary: false },
              { id: 8, user_id: 900_004, campus_id: 21, is_primary: true },
            ],
          }),
          expected: { campus: 'Ben Guerir' },
        },
        {
          profile: intraProfile('piscine-only', 900_005, {
            cursus_users: [
              {
                level: 4.5,
                grade: null,
                begin_at: '2026-07-01T08:00:00.000Z',
                blackholed_at: null,
                cursus: { id: 9, name: 'C Piscine', slug: 'c-piscine' },
              },
            ],
          }),
          expected: { level: 4.5, grade: null },
        },
        { profile: intraProfile('staff-member', 900_006, { 'staff?': true }), expected: { role: 'student' } },
        {
          profile: intraProfile('null-grade', 900_007, {
            cursus_users: [
              {
                level: 2.1,
                grade: null,
                begin_at: '2026-01-05T08:00:00.000Z',
                blackholed_at: null,
                cursus: { id: 21, name: '42cursus', slug: '42cursus' },
              },
            ],
          }),
          expected: { grade: null, level: 2.1 },
        },
      ];
      for (const { profile, expected } of shapes) {
        intra.addProfile(profile);
        const answer = await signIn(server, intra, profile.login);
        expect(answer.status, `${profile.login}: ${JSON.stringify(answer.body)}`).toBe(200);
        expect(answer.body).toMatchObject({ intra_login: profile.login, ...expected });
      }
      // Seven sign-ins of two calls each at the intra's pace of two a second: 7 s of waiting, a third
      // of the 20 s default, before a loaded machine's own slowness.
    }, 60_000);

    it('tells the secret end date the intra announces on the health check', async () => {
      expect(await health(server)).toEqual({
        status: 'ok',
        intra_secret_expires_at: new Date(intra.application.secretValidUntil * 1000).toISOString(),
      });
    });

    it('waits as long as a 429 says and signs in', async () => {
      intra.addProfile(intraProfile('after-429', 900_010));
      intra.script({ status: 429, retryAfterSeconds: 2 });
      const started = Date.now();
      const answer = await signIn(server, intra, 'after-429');
      expect(answer.status).toBe(200);
      expect(Date.now() - started).toBeGreaterThanOrEqual(2000);
    });

    it('tries a 503 again and signs in; answers 502 Authentication failed when the intra keeps failing', async () => {
      intra.addProfile(intraProfile('after-503', 900_011));
      intra.script({ status: 503 });
      expect((await signIn(server, intra, 'after-503')).status).toBe(200);
      intra.script({ status: 503 }, { status: 503 }, { status: 503 });
      const failed = await signIn(server, intra, 'after-503');
      expect(failed).toMatchObject({ status: 502, body: { code: 'BAD_GATEWAY', error: 'Authentication failed' } });
    });

    it('gives up on a call the intra never answers and tries it again', async () => {
      intra.addProfile(intraProfile('after-timeout', 900_012));
      intra.script({ hang: true });
      expect((await signIn(server, intra, 'after-timeout')).status).toBe(200);
    }, 40_000);

    it('answers 502 Authentication failed for a used code and for an expired one, and creates nobody', async () => {
      intra.addProfile(intraProfile('code-reuse', 900_013));
      const first = await signIn(server, intra, 'code-reuse');
      expect(first.status).toBe(200);
      const profilesRead = () => intra.calls.filter((call) => call.path === '/v2/me').length;
      const before = profilesRead();
      const replay = await signIn(server, intra, 'code-reuse', { replayCode: first.code });
      expect(replay).toMatchObject({ status: 502, body: { code: 'BAD_GATEWAY', error: 'Authentication failed' } });

      intra.addProfile(intraProfile('late-code', 900_014));
      const late = await signIn(server, intra, 'late-code', { beforeCallback: (code) => intra.expireCode(code) });
      expect(late).toMatchObject({ status: 502, body: { code: 'BAD_GATEWAY', error: 'Authentication failed' } });
      // No profile was read for either: nobody was created or changed.
      expect(profilesRead()).toBe(before);
    });
  });

  describe("when the intra refuses the club's secret", () => {
    it('answers 502 INTRA_CREDENTIALS, logs it once, reports degraded health, and recovers with FT_CLIENT_SECRET_NEXT', async () => {
      const refused = await startProduction({ FT_CLIENT_SECRET: `s-s4t2ud-${'0'.repeat(64)}` });
      intra.addProfile(intraProfile('refused-one', 900_020));
      intra.addProfile(intraProfile('refused-two', 900_021));
      for (const login of ['refused-one', 'refused-two']) {
        const answer = await signIn(refused, intra, login);
        expect(answer).toEqual({
          status: 502,
          code: answer.code,
          body: {
            code: 'INTRA_CREDENTIALS',
            error: "Sign-in with 42 is unavailable: the club must renew its 42 application's secret.",
          },
        });
      }
      expect(await health(refused)).toMatchObject({ status: 'degraded', intra: 'credentials_refused' });
      // Once a minute at most, not once a sign-in.
      expect(refused.output().match(/refuses FT_CLIENT_ID\/FT_CLIENT_SECRET/g)).toHaveLength(1);
      await refused.stop();

      const rolling = await startProduction({
        FT_CLIENT_SECRET: `s-s4t2ud-${'0'.repeat(64)}`,
        FT_CLIENT_SECRET_NEXT: intra.application.secret,
      });
      expect(await health(rolling)).toMatchObject({ status: 'degraded' });
      expect((await signIn(rolling, intra, 'refused-one')).status).toBe(200);
      expect(rolling.output()).toContain('accepted FT_CLIENT_SECRET_NEXT');
      expect(await health(rolling)).toMatchObject({ status: 'ok' });
    }, 90_000);
  });
});
