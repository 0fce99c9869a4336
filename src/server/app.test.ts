import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DEFAULT_SETTINGS } from '../contract/settings-defaults';
import { buildApp } from './app';
import { loadConfig } from './config';
import { rawRequest } from '#test/server/http-client';
import { latestRound } from '#test/server/rounds.fixtures';
import { upsertUserFromProfile } from './modules/users/users.repository';
import { signIn } from '#test/server/sign-in';
import { createTestApp, createTestDatabase, migrateTestDatabase, type TestApp } from '#test/server/test-app';

const errorShape = (body: unknown) =>
  expect(body).toEqual(
    expect.objectContaining({ error: expect.any(String), code: expect.stringMatching(/^[A-Z_]+$/) }),
  );

describe('the HTTP conventions of docs/product/api.md#api-conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers GET /api/health with status ok after checking the database', async () => {
    const answer = await t.app.inject({ url: '/api/health' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: 'ok' });
  });

  it('answers an unknown /api path with a JSON 404, for every method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const answer = await t.app.inject({ method, url: '/api/nope' });
      expect(answer.statusCode).toBe(404);
      expect(answer.headers['content-type']).toMatch(/application\/json/);
      expect(answer.json()).toEqual({ error: `There is no ${method} /api/nope.`, code: 'NOT_FOUND' });
    }
  });

  it('answers 400 VALIDATION_FAILED with details for a query that breaks its schema', async () => {
    const answer = await t.app.inject({ url: `/api/auth/callback?code=${'x'.repeat(3000)}&state=s` });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'code' }] });
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const answer = await t.app.inject({ url: '/api/users/me' });
    expect(answer.statusCode).toBe(401);
    errorShape(answer.json());
  });

  it('refuses a write whose Origin is another site with 403 CSRF, and accepts its own origin', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'https://evil.example' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ error: expect.any(String), code: 'CSRF' });
    const byReferer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { referer: 'https://evil.example/page' },
    });
    expect(byReferer.json().code).toBe('CSRF');
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(own.statusCode).toBe(204);
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(none.statusCode).toBe(204);
    const reads = await t.app.inject({ url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(reads.statusCode).toBe(200);
  });

  it('answers 413 to a body over 64 KiB', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ padding: 'x'.repeat(70 * 1024) }),
    });
    expect(answer.statusCode).toBe(413);
    expect(answer.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 415 to a body that is not JSON', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { 'content-type': type },
        payload: 'a=b',
      });
      expect(answer.statusCode).toBe(415);
      expect(answer.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('answers 400 INVALID_JSON to malformed JSON', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'content-type': 'application/json' },
      payload: '{"a":',
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('INVALID_JSON');
  });

  it('sends the security headers on every answer, without X-Powered-By', async () => {
    const answer = await t.app.inject({ url: '/api/health' });
    expect(answer.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(answer.headers['content-security-policy']).toContain("script-src 'self'");
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(answer.headers['x-powered-by']).toBeUndefined();
    expect(answer.headers['strict-transport-security']).toBeUndefined();
    expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the cross-site check compares scheme, host and port', () => {
  const logout = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });

  it('refuses a plain-http page writing to an https app, whatever the proxy says; accepts the https origin', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://club.example.org' });
    try {
      // As the reverse proxy on this machine (trusted) passes it on.
      const proxied = { host: 'club.example.org', 'x-forwarded-proto': 'https' };
      expect((await logout(t, { ...proxied, origin: 'http://club.example.org' })).json().code).toBe('CSRF');
      expect((await logout(t, { ...proxied, referer: 'http://club.example.org/apply' })).json().code).toBe('CSRF');
      expect((await logout(t, { ...proxied, origin: 'https://club.example.org:8443' })).json().code).toBe('CSRF');
      // A proxy that does not say the scheme: the request looks like http, the page still is not the app.
      expect((await logout(t, { host: 'club.example.org', origin: 'http://club.example.org' })).statusCode).toBe(403);
      expect((await logout(t, { ...proxied, origin: 'https://club.example.org' })).statusCode).toBe(204);
    } finally {
      await t.close();
    }
  });

  it("accepts the origin the request was sent to, beside PUBLIC_URL's, only with the same scheme and port", async () => {
    const t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    try {
      const direct = { host: '127.0.0.1:3000' };
      expect((await logout(t, { ...direct, origin: 'http://127.0.0.1:3000' })).statusCode).toBe(204);
      expect((await logout(t, { ...direct, origin: 'http://localhost:3000' })).statusCode).toBe(204);
      expect((await logout(t, { ...direct, origin: 'https://127.0.0.1:3000' })).json().code).toBe('CSRF');
      expect((await logout(t, { ...direct, origin: 'http://127.0.0.1:4000' })).json().code).toBe('CSRF');
      expect((await logout(t, { ...direct, origin: 'https://127.0.0.1' })).json().code).toBe('CSRF');
    } finally {
      await t.close();
    }
  });
});

describe('errors the server did not expect', () => {
  it('answers 500 INTERNAL without internals, and logs it with the request id', async () => {
    const logged: string[] = [];
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', RATE_LIMIT_PER_MINUTE: '0' });
    const app = await buildApp(config, { database, logStream: { write: (line) => logged.push(line) } });
    // Outside /api: the server registers an /api route only from the endpoint table (decision 0161).
    app.get('/test/boom', async () => {
      throw new Error('select secret from users where 1=1');
    });
    try {
      const answer = await app.inject({ url: '/test/boom' });
      expect(answer.statusCode).toBe(500);
      expect(answer.json()).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
      expect(answer.body).not.toContain('secret');
      const entry = JSON.parse(logged.find((line) => line.includes('select secret'))!);
      expect(entry.reqId).toBe(answer.headers['x-request-id']);
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('answers checked against their schema', () => {
  it('sends only the fields the schema names, and answers 500 INTERNAL when an answer breaks it', async () => {
    const { database, drop } = await createTestDatabase();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' });
    const app = await buildApp(config, { database });
    const response = { response: { 200: z.object({ login: z.string(), level: z.number().int() }) } };
    app.get('/test/extra', { schema: response }, async () => ({ login: 'jdoe', level: 3, token_hash: 'secret' }));
    app.get('/test/broken', { schema: response }, async () => ({ login: 'jdoe', level: 3.5 }));
    try {
      const extra = await app.inject({ url: '/test/extra' });
      expect(extra.statusCode).toBe(200);
      expect(extra.body).toBe('{"login":"jdoe","level":3}');
      const broken = await app.inject({ url: '/test/broken' });
      expect(broken.statusCode).toBe(500);
      expect(broken.json()).toEqual({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
    } finally {
      await app.close();
      await drop();
    }
  });
});

describe('rate limiting', () => {
  it('answers 429 RATE_LIMITED with the sentence of docs/product/api.md#error-codes and Retry-After past the budget', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ url: '/api/events' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({ url: '/api/events' });
      expect(limited.json()).toEqual({
        error: 'Rate limit exceeded. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      });
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect(limited.headers['cache-control']).toBe('no-store');
    } finally {
      await t.close();
    }
  });
});

describe('a request line that names a whole URL (absolute form)', () => {
  it('is read by its path: rate-limited, no-store and answered as the same path would be', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const host = new URL(t.baseUrl).host;
      const codes = [];
      for (const target of [
        'http://evil.example/api/users/me',
        'https://evil.example/api/users/me?x=1',
        'http://evil.example/api/users/me',
      ]) {
        const answer = await rawRequest(t.baseUrl, `GET ${target} HTTP/1.1`, { host });
        expect(answer.headers['cache-control'], target).toBe('no-store');
        codes.push(answer.status);
      }
      expect(codes).toEqual([401, 401, 429]);
      // The same budget as the path itself: the address has spent it.
      expect((await rawRequest(t.baseUrl, 'GET /api/users/me HTTP/1.1', { host })).status).toBe(429);
    } finally {
      await t.close();
    }
  });
});

describe('the built web app', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(
      path.join(webRoot, 'index.html'),
      '<!doctype html><head><title>Club</title></head><div id="root"></div>',
    );
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(webRoot, 'assets', 'app-abc123.js.br'), 'brotli bytes');
    t = await createTestApp({}, { webRoot });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true });
  });

  it('serves index.html for deep links of the SPA', async () => {
    const answer = await t.app.inject({ url: '/admin/users' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/text\/html/);
    expect(answer.body).toContain('<div id="root">');
  });

  it('embeds the public settings in the page, escaped, without the private ones', async () => {
    const admin = await signIn(t.app, 'admin');
    const board_members = DEFAULT_SETTINGS.board_members.map((member, i) =>
      i === 0 ? { ...member, name: 'Nadia </script><script>alert(1)</script>' } : member,
    );
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: admin.cookie },
      payload: { settings: { board_members } },
    });
    expect(saved.statusCode).toBe(200);

    const html = (await t.app.inject({ url: '/' })).body;
    const block = html.match(/<script id="public-settings" type="application\/json">(.*?)<\/script>/)?.[1];
    expect(block).toBeDefined();
    expect(block).not.toContain('<');
    const embedded = JSON.parse(block!);
    expect(embedded.board_members[0].name).toBe('Nadia </script><script>alert(1)</script>');
    expect(embedded).not.toHaveProperty('challenge_deadline_days');
    expect(html.indexOf('public-settings')).toBeLessThan(html.indexOf('</head>'));
  });

  it('serves the SPA with a 404 status for a path that is no page', async () => {
    const answer = await t.app.inject({ url: '/no/such/page' });
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toContain('<div id="root">');
  });

  it('marks every /api answer no-store, refusals included, unless the route sets its own; pages keep theirs', async () => {
    const { cookie } = await signIn(t.app, 'cache-candidate');
    const answers = {
      'signed-in read': await t.app.inject({ url: '/api/users/me', headers: { cookie } }),
      'not applied yet (404)': await t.app.inject({ url: '/api/applications/me', headers: { cookie } }),
      'signed out (401)': await t.app.inject({ url: '/api/users/me' }),
      'not an admin (403)': await t.app.inject({ url: '/api/admin/members', headers: { cookie } }),
      'another site (403 CSRF)': await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie, origin: 'https://evil.example' },
        payload: {},
      }),
      'unknown path (404)': await t.app.inject({ url: '/api/no/such/thing', headers: { cookie } }),
    };
    for (const [what, answer] of Object.entries(answers)) {
      expect(answer.headers['cache-control'], what).toBe('no-store');
    }
    expect(answers['not applied yet (404)'].statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/settings/public' })).headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/apply', headers: { cookie } })).headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets pre-compressed with a year of cache', async () => {
    const answer = await t.app.inject({ url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-encoding']).toBe('br');
    expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(answer.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(answer.body).toBe('brotli bytes');
  });

  it('serves a file as built to a client that takes no compression, and 304 to one that has it', async () => {
    const plain = await t.app.inject({ url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).not.toBe('brotli bytes');
    const again = await t.app.inject({
      url: '/assets/app-abc123.js',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });
});

describe('the database layer', () => {
  it('applies migrations once: applying them again is a no-op', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      expect(await migrateTestDatabase(database)).toEqual([]);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('returns booleans, ISO timestamps and numeric counts, the same on every engine', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const now = new Date('2026-11-22T10:52:05.000Z');
      const user = await upsertUserFromProfile(
        database.db,
        {
          intra_id: 42,
          intra_login: 'jdoe',
          email: 'jdoe@student.1337.ma',
          first_name: 'J',
          last_name: 'Doe',
          image_url: null,
          campus: 'Khouribga',
          campus_id: 16,
          level: 7.42,
          grade: 'Learner',
          is_starter: false,
        },
        true,
        now,
      );
      expect(user).toMatchObject({
        intra_id: 42,
        is_admin: true,
        is_banned: false,
        is_starter: false,
        level: 7.42,
        experience_points: 0,
        created_at: '2026-11-22T10:52:05.000Z',
      });
      const count = await database.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(count.n).toBe(1);
      const sum = await database.db
        .selectFrom('users')
        .select((eb) => eb.fn.sum<number>('experience_points').as('xp'))
        .executeTakeFirstOrThrow();
      expect(sum.xp).toBe(0);
      const flags = await database.db
        .selectFrom('users')
        .select(['is_admin', 'is_banned'])
        .where('is_admin', '=', true)
        .execute();
      expect(flags).toEqual([{ is_admin: true, is_banned: false }]);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('keeps one application per user, checked by the database itself', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const at = new Date().toISOString();
      const { id } = await database.db
        .insertInto('users')
        .values({
          intra_id: 1,
          intra_login: 'a',
          level: 0,
          is_starter: false,
          created_at: at,
          updated_at: at,
          email: null,
          first_name: null,
          last_name: null,
          image_url: null,
          campus: null,
          grade: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const application = {
        user_id: id,
        round_id: latestRound(database.db),
        motivation: 'I love robots a lot',
        experience_level: 'beginner' as const,
        github_profile: null,
        portfolio_url: null,
        selected_project_id: null,
        review_notes: null,
        reviewed_at: null,
        reviewed_by: null,
        created_at: at,
        updated_at: at,
      };
      await database.db.insertInto('applications').values(application).execute();
      await expect(database.db.insertInto('applications').values(application).execute()).rejects.toThrow();
      await expect(
        database.db
          .insertInto('applications')
          .values({ ...application, user_id: id, status: 'weird' as never })
          .execute(),
      ).rejects.toThrow();
      await expect(sql`select 1`.execute(database.db)).resolves.toBeTruthy();
    } finally {
      await database.close();
      await drop();
    }
  });
});
