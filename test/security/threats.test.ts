import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/contract/settings-defaults';
import { errorBodySchema } from '../../src/contract/errors';
import { ADDRESS_BUDGETS } from '../../src/server/plugins/rate-limit';
import { NUL_MESSAGE, THEME_SCRIPT_HASH } from '../../src/server/plugins/security';
import { hashToken, newToken } from '../../src/server/modules/auth/session-token';
import { rawRequest } from '#test/server/http-client';
import { authorizeAs, cookieFrom, signIn, startSignIn } from '#test/server/sign-in';
import { createTestApp } from '#test/server/test-app';
import { buildWorld, LINK, registeredRoutes, type World } from '#test/server/security-world';

/**
 * The threats of docs/security.md that no feature's own tests already prove. Each test names
 * the attack and shows it failing.
 */

const writeRoutes = (await registeredRoutes()).filter((route) => ['POST', 'PUT', 'DELETE'].includes(route.method));
const errorShape = (body: unknown) => errorBodySchema.strict().safeParse(body).success;

describe('threats', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(() => world?.t.close());
  afterEach(() => world.restore());

  const app = () => world.t.app;
  const db = () => world.t.database.db;
  const as = (caller: 'admin' | 'member' | 'applicant', applicant?: 'newcomer' | 'pending' | 'candidate') => ({
    cookie: world.cookie(caller, applicant)!,
  });
  /** The world's rows must not have moved. */
  const expectUnchanged = async () => expect((await world.dump()).text).toBe(world.initial.text);

  describe('account takeover through sign-in', () => {
    it('refuses an authorization code that was used once, even with a fresh state: no second session', async () => {
      const first = await startSignIn(app());
      const { code } = await authorizeAs(app(), first.authorizeUrl, 'candidate');
      const used = await app().inject({
        url: `/api/auth/callback?code=${code}&state=${first.state}`,
        cookies: { oauth_state: first.state },
      });
      expect(used.statusCode).toBe(200);
      const sessions = await db().selectFrom('sessions').select('id').execute();

      const second = await startSignIn(app());
      const replay = await app().inject({
        url: `/api/auth/callback?code=${code}&state=${second.state}`,
        cookies: { oauth_state: second.state },
      });
      expect(replay.statusCode).toBe(502);
      expect(replay.json()).toEqual({ error: 'Authentication failed', code: 'BAD_GATEWAY' });
      expect(cookieFrom(replay.headers['set-cookie'], 'sid')).toBeUndefined();
      expect(await db().selectFrom('sessions').select('id').execute()).toHaveLength(sessions.length);
    });

    it('sends the provider the configured callback address, whatever Host, X-Forwarded-Host or the query say', async () => {
      const url = '/api/auth/login?redirect_uri=https%3A%2F%2Fevil.example%2Fsteal&next=https%3A%2F%2Fevil.example';
      // Another host is first sent back to PUBLIC_URL's, never to one the request names.
      const elsewhere = await app().inject({
        url,
        headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' },
      });
      expect(elsewhere.statusCode).toBe(302);
      expect(new URL(elsewhere.headers.location as string).origin).toBe('http://localhost:3000');
      const login = await app().inject({ url, headers: { host: 'localhost:3000', 'x-forwarded-proto': 'https' } });
      expect(login.statusCode).toBe(302);
      const authorize = new URL(login.headers.location as string);
      expect(authorize.origin).toBe('http://localhost:3000');
      expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
      expect(login.headers.location).not.toContain('evil');
    });

    it('redirects a sign-in whose request line names another host to PUBLIC_URL, keeping only the path and query', async () => {
      const publicHost = new URL(world.t.baseUrl).host;
      for (const target of [
        'http://evil.example/api/auth/login',
        'https://evil.example:8443/api/auth/login?next=%2Fapply',
        'HTTP://user@evil.example/api/auth/login',
      ]) {
        // The app's own address (127.0.0.1), not PUBLIC_URL's (localhost:3000): the sign-in moves first.
        const answer = await rawRequest(world.t.baseUrl, `GET ${target} HTTP/1.1`, { host: publicHost });
        expect(answer.status, target).toBe(302);
        const location = new URL(answer.headers.location!);
        expect(location.origin, target).toBe('http://localhost:3000');
        expect(`${location.pathname}${location.search}`, target).toBe(
          `/api/auth/login${new URL(target).search ? `${new URL(target).search}&` : '?'}moved=1`,
        );
      }
      await expectUnchanged();
    });

    it('gives a new session token at every sign-in and never adopts a session cookie the browser brought', async () => {
      const planted = (await signIn(app(), 'spare-user')).cookie.slice('sid='.length);
      const { authorizeUrl, state } = await startSignIn(app());
      const { code } = await authorizeAs(app(), authorizeUrl, 'candidate');
      const callback = await app().inject({
        url: `/api/auth/callback?code=${code}&state=${state}`,
        cookies: { oauth_state: state, sid: planted },
      });
      const issued = cookieFrom(callback.headers['set-cookie'], 'sid')!;
      expect(issued).toBeDefined();
      expect(issued).not.toBe(planted);
      const me = await app().inject({ url: '/api/users/me', headers: { cookie: `sid=${issued}` } });
      expect(me.json().intra_login).toBe('candidate');
      const stillTheirs = await app().inject({ url: '/api/users/me', headers: { cookie: `sid=${planted}` } });
      expect(stillTheirs.json().intra_login).toBe('spare-user');
    });

    it('refuses (409) a second 42 account arriving with a login already held here, signing nobody in', async () => {
      // The intra gave "candidate" to another person: the holder here has another intra id.
      await db().updateTable('users').set({ intra_id: 1 }).where('intra_login', '=', 'candidate').execute();
      const before = await db().selectFrom('sessions').select('id').execute();
      const { authorizeUrl, state } = await startSignIn(app());
      const { code } = await authorizeAs(app(), authorizeUrl, 'candidate');
      const callback = await app().inject({
        url: `/api/auth/callback?code=${code}&state=${state}`,
        cookies: { oauth_state: state },
      });
      expect(callback.statusCode).toBe(409);
      expect(callback.json().code).toBe('CONFLICT');
      expect(cookieFrom(callback.headers['set-cookie'], 'sid')).toBeUndefined();
      expect(await db().selectFrom('sessions').select('id').execute()).toHaveLength(before.length);
    });

    it('escapes what the stand-in’s sign-in page echoes back from the query', async () => {
      const { authorizeUrl } = await startSignIn(app());
      authorizeUrl.searchParams.set('state', '"><script>alert(1)</script>');
      const page = await app().inject({ url: `${authorizeUrl.pathname}${authorizeUrl.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('<script>alert(1)</script>');
      expect(page.body).toContain('&#34;&#62;&#60;script&#62;');
    });
  });

  describe('cross-site request forgery', () => {
    it('refuses every write route from another site with 403 CSRF, whatever the session and the body', async () => {
      for (const route of writeRoutes) {
        const url = route.path.replace(/:\w+/g, '1');
        for (const headers of [{ origin: 'https://evil.example' }, { referer: 'https://evil.example/form.html' }]) {
          const answer = await app().inject({
            method: route.method as 'POST',
            url,
            headers: { ...headers, cookie: as('admin').cookie },
            payload: {},
          });
          expect(answer.statusCode, `${route.method} ${url}`).toBe(403);
          expect(answer.json(), `${route.method} ${url}`).toEqual({ error: expect.any(String), code: 'CSRF' });
        }
      }
      await expectUnchanged();
    });
  });

  describe('privilege escalation', () => {
    it('ignores the fields a candidate may not set on their application: status, owner, review', async () => {
      const sneaky = {
        motivation: 'Let me in, I am very motivated.',
        status: 'approved',
        user_id: world.ids.adminUser,
        reviewed_at: '2026-01-01T00:00:00.000Z',
        reviewed_by: world.ids.adminUser,
        review_notes: 'approved by myself',
        is_admin: true,
        role: 'board',
      };
      const created = await app().inject({
        method: 'POST',
        url: '/api/applications',
        headers: as('applicant', 'newcomer'),
        payload: sneaky,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ status: 'pending', reviewed_at: null, review_notes: null });
      const edited = await app().inject({
        method: 'PUT',
        url: `/api/applications/${world.ids.pendingApplication}`,
        headers: as('applicant', 'pending'),
        payload: sneaky,
      });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ status: 'pending', reviewed_at: null, review_notes: null });
      const authors = await db().selectFrom('applications').select(['user_id', 'status']).execute();
      expect(authors.filter((row) => row.user_id === world.ids.adminUser)).toEqual([]);
      const users = await db().selectFrom('users').select(['is_admin', 'role']).where('is_admin', '=', true).execute();
      expect(users).toEqual([{ is_admin: true, role: 'student' }]);
    });

    it('refuses a body carrying __proto__ or constructor.prototype keys with 400 INVALID_JSON', async () => {
      for (const payload of [
        '{"motivation":"I want to build robots.","__proto__":{"is_admin":true}}',
        '{"motivation":"I want to build robots.","constructor":{"prototype":{"is_admin":true}}}',
      ]) {
        const answer = await app().inject({
          method: 'POST',
          url: '/api/applications',
          headers: { ...as('applicant', 'newcomer'), 'content-type': 'application/json' },
          payload,
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json().code).toBe('INVALID_JSON');
      }
      expect(({} as { is_admin?: boolean }).is_admin).toBeUndefined();
      await expectUnchanged();
    });

    it('ignores XP, status and completion sent along with an exercise link', async () => {
      const answer = await app().inject({
        method: 'POST',
        url: `/api/challenges/${world.ids.ucInProgress}/exercise/1/submit`,
        headers: as('applicant'),
        payload: { tinkercad_link: LINK, total_xp_earned: 100, status: 'validated', completed: true, awarded_xp: 100 },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ status: 'in_progress', total_xp_earned: 25, completed: false });
      const user = await db()
        .selectFrom('users')
        .select('experience_points')
        .where('id', '=', Number(world.ids.candidateUser))
        .executeTakeFirstOrThrow();
      expect(user.experience_points).toBe(0);
    });
  });

  describe('script through links and text', () => {
    const HOSTILE_LINKS = [
      'javascript:alert(document.cookie)',
      'JavaScript:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
      'vbscript:msgbox(1)',
      '//evil.example/x',
    ];

    it('refuses javascript:, data: and every other non-http link in each link field, changing nothing', async () => {
      const admin = as('admin');
      const attempts: { method: 'POST' | 'PUT'; url: string; cookie: string; payload: (link: string) => object }[] = [
        {
          method: 'PUT',
          url: `/api/applications/${world.ids.pendingApplication}`,
          cookie: as('applicant', 'pending').cookie,
          payload: (link) => ({ github_profile: link }),
        },
        {
          method: 'PUT',
          url: `/api/applications/${world.ids.pendingApplication}`,
          cookie: as('applicant', 'pending').cookie,
          payload: (link) => ({ portfolio_url: link }),
        },
        {
          method: 'POST',
          url: '/api/applications',
          cookie: as('applicant', 'newcomer').cookie,
          payload: (link) => ({ motivation: 'Robots are my life, truly.', github_profile: link }),
        },
        {
          method: 'POST',
          url: `/api/challenges/${world.ids.ucInProgress}/exercise/1/submit`,
          cookie: as('applicant').cookie,
          payload: (link) => ({ tinkercad_link: link }),
        },
        {
          method: 'PUT',
          url: `/api/challenges/admin/challenges/${world.ids.spareChallenge}`,
          ...admin,
          payload: (link) => ({ subject_pdf_url: link }),
        },
        ...(
          [
            (link: string) => ({ contact_map_url: link }),
            (link: string) => ({ social_links: [{ label: 'GitHub', url: link }] }),
            (link: string) => ({
              board_members: DEFAULT_SETTINGS.board_members.map((member) => ({ ...member, photo_url: link })),
            }),
            (link: string) => ({ sponsors: [{ name: 'Acme', logo_url: link, url: null }] }),
            (link: string) => ({ sponsors: [{ name: 'Acme', logo_url: null, url: link }] }),
          ] as const
        ).map((settings) => ({
          method: 'PUT' as const,
          url: '/api/admin/settings',
          ...admin,
          payload: (link: string) => ({ settings: settings(link) }),
        })),
      ];
      for (const attempt of attempts) {
        for (const link of HOSTILE_LINKS) {
          const answer = await app().inject({
            method: attempt.method,
            url: attempt.url,
            headers: { cookie: attempt.cookie },
            payload: attempt.payload(link),
          });
          expect(answer.statusCode, `${attempt.url} ${JSON.stringify(attempt.payload(link))}`).toBe(400);
          expect(answer.json().code).toBe('VALIDATION_FAILED');
        }
      }
      await expectUnchanged();
    });

    it('answers user text as JSON with nosniff and a script-src self policy, never as a page', async () => {
      const text = '<script>alert(1)</script><img src=x onerror=alert(2)> is how I say hello';
      const created = await app().inject({
        method: 'POST',
        url: '/api/applications',
        headers: as('applicant', 'newcomer'),
        payload: { motivation: text },
      });
      expect(created.json().motivation).toBe(text);
      const read = await app().inject({ url: '/api/admin/applications', headers: as('admin') });
      expect(read.headers['content-type']).toMatch(/^application\/json/);
      expect(read.headers['x-content-type-options']).toBe('nosniff');
      // The app's own files, and the one inline script of index.html by its hash (decision 0123).
      expect(read.headers['content-security-policy']).toContain(`script-src 'self' ${THEME_SCRIPT_HASH};`);
      expect(read.headers['content-security-policy']).not.toContain('unsafe-inline');
    });
  });

  describe('enumeration', () => {
    it('answers another user’s application or challenge exactly as one that does not exist', async () => {
      const pairs = [
        ['PUT', `/api/applications/${world.ids.pendingApplication}`, '/api/applications/999999'],
        ['POST', `/api/challenges/${world.ids.ucPending}/start`, '/api/challenges/999999/start'],
        ['POST', `/api/challenges/${world.ids.ucReady}/submit`, '/api/challenges/999999/submit'],
        [
          'POST',
          `/api/challenges/${world.ids.ucInProgress}/exercise/1/submit`,
          '/api/challenges/999999/exercise/1/submit',
        ],
      ] as const;
      for (const [method, someoneElses, missing] of pairs) {
        const send = (url: string) =>
          app().inject({
            method,
            url,
            headers: as('member'),
            payload: { motivation: 'A motivation long enough.', tinkercad_link: LINK },
          });
        const [theirs, none] = [await send(someoneElses), await send(missing)];
        expect(theirs.statusCode, someoneElses).toBe(404);
        expect(theirs.body, someoneElses).toBe(none.body);
      }
      await expectUnchanged();
    });

    it('answers a non-admin 403 on admin routes whether the id exists or not', async () => {
      for (const [existing, missing] of [
        [`/api/admin/members/${world.ids.candidateUser}`, '/api/admin/members/999999'],
        [`/api/admin/applications/${world.ids.pendingApplication}`, '/api/admin/applications/999999'],
      ]) {
        const [known, unknown] = [
          await app().inject({ url: existing!, headers: as('member') }),
          await app().inject({ url: missing!, headers: as('member') }),
        ];
        expect(known.statusCode).toBe(403);
        expect(known.body).toBe(unknown.body);
      }
    });
  });

  describe('SQL injection', () => {
    it('treats SQL and LIKE wildcards in search filters as text: nothing more is found', async () => {
      for (const q of ["' OR '1'='1", "candidate' --", '%', '_%', '\\']) {
        const members = await app().inject({
          url: `/api/admin/members?q=${encodeURIComponent(q)}`,
          headers: as('admin'),
        });
        expect(members.statusCode, q).toBe(200);
        expect(members.json().total, q).toBe(0);
        const logs = await app().inject({
          url: `/api/admin/audit-logs?action=${encodeURIComponent(q)}&entity_type=${encodeURIComponent(q)}`,
          headers: as('admin'),
        });
        expect(logs.statusCode, q).toBe(200);
        expect(logs.json().total, q).toBe(0);
      }
    });

    it('stores SQL sent as text verbatim, and the tables stay', async () => {
      const motivation = "Robert'); DROP TABLE users; -- and 1=1";
      const created = await app().inject({
        method: 'POST',
        url: '/api/applications',
        headers: as('applicant', 'newcomer'),
        payload: { motivation },
      });
      expect(created.statusCode).toBe(201);
      const stored = await db()
        .selectFrom('applications')
        .select('motivation')
        .where('id', '=', created.json().id)
        .executeTakeFirstOrThrow();
      expect(stored.motivation).toBe(motivation);
      expect((await db().selectFrom('users').select('id').execute()).length).toBeGreaterThan(5);
    });
  });

  describe('hostile values the fuzz suite found', () => {
    it('refuses a NUL character anywhere in a body, a query or a nested value with 400, writing nothing', async () => {
      const motivation = await app().inject({
        method: 'POST',
        url: '/api/applications',
        headers: as('applicant', 'newcomer'),
        payload: { motivation: 'I love robots very much\u0000' },
      });
      expect(motivation.statusCode).toBe(400);
      expect(motivation.json()).toEqual({
        error: NUL_MESSAGE,
        code: 'VALIDATION_FAILED',
        details: [{ path: 'motivation', message: NUL_MESSAGE }],
      });
      const nested = await app().inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: as('admin'),
        payload: { settings: { social_links: [{ label: 'Git\u0000Hub', url: 'https://github.com/club' }] } },
      });
      expect(nested.json().details).toEqual([{ path: 'settings.social_links.0.label', message: NUL_MESSAGE }]);
      const query = await app().inject({ url: '/api/admin/members?q=%00', headers: as('admin') });
      expect(query.statusCode).toBe(400);
      expect(query.json().details).toEqual([{ path: 'q', message: NUL_MESSAGE }]);
      await expectUnchanged();
    });

    it('still answers an anonymous caller 401 when the body carries a NUL: who may call comes first', async () => {
      const answer = await app().inject({
        method: 'POST',
        url: '/api/applications',
        payload: { motivation: '\u0000' },
      });
      expect(answer.statusCode).toBe(401);
    });

    it('refuses ids past 32 bits with 400 instead of asking the database', async () => {
      const big = 2 ** 31;
      const admin = as('admin');
      const attempts = [
        { method: 'POST', url: '/api/hackathon/register', payload: { event_id: big }, ...as('applicant') },
        { method: 'DELETE', url: `/api/hackathon/register?event_id=${big}`, ...as('applicant') },
        { method: 'POST', url: '/api/hackathon/assign', payload: { event_id: big }, ...admin },
        { method: 'POST', url: '/api/hackathon/teams', payload: { event_id: big, member_user_ids: [1] }, ...admin },
        {
          method: 'POST',
          url: '/api/hackathon/teams',
          payload: { event_id: world.ids.springEvent, member_user_ids: [big] },
          ...admin,
        },
        {
          method: 'POST',
          url: '/api/admin/applications/bulk-review',
          payload: { ids: [big], status: 'approved' },
          ...admin,
        },
        { method: 'GET', url: `/api/hackathon/registrations?event_id=${big}`, ...admin },
        { method: 'GET', url: `/api/hackathon/teams?event_id=${big}`, ...admin },
        { method: 'GET', url: `/api/admin/members/${big}`, ...admin },
      ] as const;
      for (const { method, url, cookie, ...rest } of attempts) {
        const answer = await app().inject({ method, url, headers: { cookie }, ...rest });
        expect(answer.statusCode, `${method} ${url}`).toBe(400);
        expect(answer.json().code).toBe('VALIDATION_FAILED');
      }
      await expectUnchanged();
    });

    it('refuses event dates outside 1970-9999 with 400, writing nothing', async () => {
      const admin = as('admin');
      for (const [start_at, end_at] of [
        ['0000-01-01T00:00:00Z', '2027-01-01T00:00:00Z'],
        ['0001-01-01T00:00:00+14:00', '2027-01-01T00:00:00Z'],
        ['1969-12-31T23:59:59Z', '2027-01-01T00:00:00Z'],
        ['2027-01-01T00:00:00Z', '9999-12-31T23:59:59-14:00'],
      ]) {
        const created = await app().inject({
          method: 'POST',
          url: '/api/hackathon/events',
          headers: admin,
          payload: { name: 'Time travel', start_at, end_at },
        });
        expect(created.statusCode, `${start_at} ${end_at}`).toBe(400);
        const moved = await app().inject({
          method: 'PUT',
          url: `/api/hackathon/events/${world.ids.springEvent}`,
          headers: admin,
          payload: start_at!.startsWith('2027') ? { end_at } : { start_at },
        });
        expect(moved.statusCode, `${start_at} ${end_at}`).toBe(400);
      }
      const latest = await app().inject({
        method: 'POST',
        url: '/api/hackathon/events',
        headers: admin,
        payload: { name: 'Far future', start_at: '9999-12-30T00:00:00Z', end_at: '9999-12-31T23:59:59Z' },
      });
      expect(latest.statusCode).toBe(201);
      expect(latest.json().end_at).toBe('9999-12-31T23:59:59.000Z');
    });

    it('answers a path parameter over 100 characters or a malformed path escape in the error shape, echoing nothing', async () => {
      for (const url of [`/api/admin/members/${'9'.repeat(101)}/role`, '/api/admin/members/%E0%A4%A/role']) {
        const answer = await app().inject({ method: 'PUT', url, headers: as('admin'), payload: { role: 'board' } });
        expect(answer.statusCode, url).toBe(400);
        expect(errorShape(answer.json()), url).toBe(true);
        expect(answer.body).not.toContain('999999');
        expect(answer.headers['cache-control'], url).toBe('no-store');
      }
    });
  });
});

describe('session theft', () => {
  it('asks browsers to use https only (HSTS) when served over https, so the session cookie never travels in clear', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://club.example.org' });
    try {
      const answer = await t.app.inject({ url: '/api/health' });
      expect(answer.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await t.close();
    }
  });
});

describe('abuse by rate', () => {
  it('gives each signed-in user a budget of their own, and signed-out callers one per address, forged cookies and refused calls included', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      // Sessions written straight in: signing in through the stand-in would spend the address's budget.
      const at = new Date().toISOString();
      const session = async (login: string, intraId: number) => {
        const { id } = await t.database.db
          .insertInto('users')
          .values({
            intra_id: intraId,
            intra_login: login,
            email: null,
            first_name: null,
            last_name: null,
            image_url: null,
            campus: null,
            level: 0,
            grade: null,
            is_starter: false,
            created_at: at,
            updated_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const token = newToken();
        await t.database.db
          .insertInto('sessions')
          .values({
            user_id: id,
            token_hash: hashToken(token),
            expires_at: new Date(Date.now() + 86_400_000).toISOString(),
            created_at: at,
          })
          .execute();
        return `sid=${token}`;
      };
      const [first, second] = [await session('first-user', 1), await session('second-user', 2)];
      const me = async (cookie?: string) =>
        (await t.app.inject({ url: '/api/users/me', headers: cookie ? { cookie } : {} })).statusCode;
      const four = async (cookie?: string) => [await me(cookie), await me(cookie), await me(cookie), await me(cookie)];

      expect(await four(first)).toEqual([200, 200, 200, 429]);
      expect(await me(second)).toBe(200);
      expect([await me('sid=forged-one'), await me('sid=forged-two'), await me(), await me('sid=forged-3')]).toEqual([
        401, 401, 401, 429,
      ]);
      // Refused and unknown calls count too: the limit runs before any route's own guard.
      expect((await t.app.inject({ url: '/api/admin/members' })).statusCode).toBe(429);
      expect((await t.app.inject({ url: '/api/no/such/path' })).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('keeps serving, unshared, while Redis cannot be reached instead of answering 500', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: 'redis://127.0.0.1:1' });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await t.app.inject({ url: '/api/events' })).statusCode);
      expect(codes).toEqual([200, 200, 200, 200]);
    } finally {
      await t.close();
    }
  });

  // Several processes behind one proxy share one budget through Redis (README). .ci/run starts Redis
  // and sets REDIS_URL; without it, CI fails here rather than skipping quietly.
  const redisUrl = process.env.REDIS_URL;
  if (process.env.CI === 'true' && !redisUrl) throw new Error('CI runs the shared rate limit test: set REDIS_URL.');
  it.skipIf(!redisUrl)('shares one budget between two server processes through Redis', async () => {
    const env = { RATE_LIMIT_PER_MINUTE: '3', REDIS_URL: redisUrl! };
    const [one, two] = [await createTestApp(env), await createTestApp(env)];
    try {
      // An address of its own, so that no other run sharing this Redis spends the same budget.
      const address = `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}`;
      const events = async (t: typeof one) =>
        (await t.app.inject({ url: '/api/events', headers: { 'x-forwarded-for': address } })).statusCode;
      expect([await events(one), await events(two), await events(one), await events(two), await events(one)]).toEqual([
        200, 200, 200, 429, 429,
      ]);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it.skipIf(!redisUrl)(
    'shares an address’s signed-out budget, new visitor cookies included, through Redis',
    async () => {
      // One call a minute each: the address's visitors and cookies share ADDRESS_BUDGETS of them.
      const env = { RATE_LIMIT_PER_MINUTE: '1', REDIS_URL: redisUrl! };
      const [one, two] = [await createTestApp(env), await createTestApp(env)];
      try {
        const address = `2001:db8::${randomBytes(6).toString('hex').match(/.{4}/g)!.join(':')}`;
        let cookies = 0;
        let calls = 0;
        // A fresh cookie from one process, spent on the other: two of the shared budget a round.
        for (let round = 0; round < ADDRESS_BUDGETS; round++) {
          const page = await one.app.inject({ url: '/', headers: { 'x-forwarded-for': address } });
          const visitor = cookieFrom(page.headers['set-cookie'], 'visitor');
          if (!visitor) continue;
          cookies += 1;
          const call = await two.app.inject({
            url: '/api/events',
            headers: { 'x-forwarded-for': address, cookie: `visitor=${visitor}` },
          });
          if (call.statusCode === 200) calls += 1;
        }
        expect(cookies + calls).toBe(ADDRESS_BUDGETS);
      } finally {
        await one.close();
        await two.close();
      }
    },
  );
});
