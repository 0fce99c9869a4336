import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEV_INTRA_CLIENT, loadConfig } from '../../config';
import { devProfile } from '../../dev-intra/dev-intra.routes';
import { authorizeAs, cookieFrom, signIn, startSignIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { intraProfileSchema, profileToUserFields } from './intra-profile';

describe('sign in with 42 through the local stand-in', () => {
  let t: TestApp;
  const clock = testClock();
  beforeEach(async () => {
    t = await createTestApp({ ADMIN_LOGINS: 'boss' }, { clock });
  });
  afterEach(() => t.close());

  it('redirects to the authorize endpoint with client id, redirect uri, code response, public scope and a state cookie', async () => {
    const { login, authorizeUrl, state } = await startSignIn(t.app);
    expect(login.statusCode).toBe(302);
    expect(authorizeUrl.pathname).toBe('/dev/intra/oauth/authorize');
    expect(authorizeUrl.searchParams.get('client_id')).toBe(DEV_INTRA_CLIENT.id);
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/callback');
    expect(authorizeUrl.searchParams.get('response_type')).toBe('code');
    expect(authorizeUrl.searchParams.get('scope')).toBe('public');
    expect(authorizeUrl.searchParams.get('state')).toBe(state);
    const cookie = ([] as string[])
      .concat(login.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('oauth_state='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Max-Age=600/);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("sends a sign-in started on another host to the same path and query on PUBLIC_URL's, writing no state there", async () => {
    const elsewhere = await t.app.inject({ url: '/api/auth/login?from=apply', headers: { host: '127.0.0.1:3000' } });
    expect(elsewhere.statusCode).toBe(302);
    expect(elsewhere.headers.location).toBe('http://localhost:3000/api/auth/login?from=apply&moved=1');
    expect(elsewhere.headers['set-cookie']).toBeUndefined();
    expect(elsewhere.headers['cache-control']).toBe('no-store');
    expect(await t.database.db.selectFrom('oauth_states').selectAll().execute()).toEqual([]);

    // On PUBLIC_URL's host, directly or as a trusted proxy names it, the sign-in starts.
    // A proxy that does not pass the public Host would bring the moved browser back here: no loop.
    for (const [url, headers] of [
      ['/api/auth/login', { host: 'localhost:3000' }],
      ['/api/auth/login', { host: '10.0.0.11:3000', 'x-forwarded-host': 'localhost:3000' }],
      ['/api/auth/login?from=apply&moved=1', { host: 'club-upstream:3000' }],
    ] as const) {
      const here = await t.app.inject({ url, headers });
      expect(new URL(here.headers.location as string).pathname).toBe('/dev/intra/oauth/authorize');
      expect(cookieFrom(here.headers['set-cookie'], 'oauth_state')).toBeDefined();
    }
  });

  it('shows an authorize page with one post form and a login input', async () => {
    const { authorizeUrl } = await startSignIn(t.app);
    const page = await t.app.inject({ method: 'GET', url: `${authorizeUrl.pathname}${authorizeUrl.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body.match(/<form method="post"/g)).toHaveLength(1);
    expect(page.body).toContain('name="login"');
  });

  it('signs a new user in over HTTP: profile fields, student role, session cookie flags and an audit entry', async () => {
    const { authorizeUrl, state } = await startSignIn(t.app);
    const { code, state: echoed } = await authorizeAs(t.app, authorizeUrl, 'jdoe');
    expect(echoed).toBe(state);
    const callback = await t.app.inject({
      url: `/api/auth/callback?code=${code}&state=${state}`,
      cookies: { oauth_state: state },
    });
    expect(callback.statusCode).toBe(200);
    const user = callback.json();
    expect(user).toMatchObject({
      intra_login: 'jdoe',
      email: 'jdoe@student.1337.ma',
      first_name: 'Jdoe',
      role: 'student',
      is_admin: false,
      is_banned: false,
      experience_points: 0,
    });
    expect(typeof user.level).toBe('number');
    const [campus] = devProfile('jdoe', '').campus;
    expect(user).toMatchObject({ campus: campus!.name, campus_id: campus!.id });
    expect(user.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(user).not.toHaveProperty('intra_id');
    const sid = ([] as string[]).concat(callback.headers['set-cookie'] as string[]).find((c) => c.startsWith('sid='))!;
    expect(sid).toMatch(/HttpOnly/i);
    expect(sid).toMatch(/SameSite=Lax/i);
    expect(sid).toMatch(/Path=\//);
    expect(sid).not.toMatch(/Secure/i);
    const hint = ([] as string[])
      .concat(callback.headers['set-cookie'] as string[])
      .find((c) => c.startsWith('signed_in='))!;
    expect(hint).toMatch(/^signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);

    const me = await t.app.inject({
      url: '/api/users/me',
      headers: { cookie: `sid=${cookieFrom(callback.headers['set-cookie'], 'sid')}` },
    });
    expect(me.json().id).toBe(user.id);

    const token = cookieFrom(callback.headers['set-cookie'], 'sid')!;
    const stored = await t.database.db.selectFrom('sessions').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);
    expect(stored[0]!.token_hash).toHaveLength(64);

    const audit = await t.database.db.selectFrom('audit_logs').selectAll().execute();
    expect(audit).toMatchObject([
      { action: 'auth.sign_in', entity_type: 'user', entity_id: user.id, user_name: 'jdoe' },
    ]);
  });

  it('refreshes the profile at the next sign-in and keeps one user', async () => {
    const first = await signIn(t.app, 'jdoe');
    await t.database.db.updateTable('users').set({ email: 'old@example.com', campus: 'Paris', campus_id: 1 }).execute();
    const second = await signIn(t.app, 'jdoe');
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.email).toBe('jdoe@student.1337.ma');
    expect(second.user).toMatchObject({ campus: first.user.campus, campus_id: first.user.campus_id });
    expect(second.cookie).not.toBe(first.cookie);
    const users = await t.database.db.selectFrom('users').select('id').execute();
    expect(users).toHaveLength(1);
  });

  it('makes an ADMIN_LOGINS account admin when it is created, and no other', async () => {
    expect((await signIn(t.app, 'boss')).user.is_admin).toBe(true);
    expect((await signIn(t.app, 'other')).user.is_admin).toBe(false);
  });

  it('keeps an admin flag removed in the panel removed when the ADMIN_LOGINS account signs in again', async () => {
    const boss = await signIn(t.app, 'boss');
    const other = await signIn(t.app, 'other');
    const setAdmin = (cookie: string, id: number, isAdmin: boolean) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/members/${id}/admin`,
        headers: { cookie },
        payload: { is_admin: isAdmin },
      });
    expect((await setAdmin(boss.cookie, other.user.id, true)).statusCode).toBe(200);
    expect((await setAdmin(other.cookie, boss.user.id, false)).json().is_admin).toBe(false);

    expect((await signIn(t.app, 'boss')).user.is_admin).toBe(false);
    const stored = await t.database.db.selectFrom('users').select('is_admin').where('id', '=', boss.user.id).execute();
    expect(stored).toEqual([{ is_admin: false }]);
  });

  it('makes an ADMIN_LOGINS account admin again at sign-in while the club has no active admin at all', async () => {
    const boss = await signIn(t.app, 'boss');
    await signIn(t.app, 'other');
    const users = t.database.db.updateTable('users');
    // No admin left, as in a club set up before ADMIN_LOGINS named anyone: the listed login takes over.
    await users.set({ is_admin: false }).execute();
    expect((await signIn(t.app, 'other')).user.is_admin).toBe(false);
    expect((await signIn(t.app, 'boss')).user.is_admin).toBe(true);

    // A banned admin is no admin: the club would be locked out.
    await users.set({ is_admin: true, is_banned: true }).where('intra_login', '=', 'other').execute();
    await users.set({ is_admin: false }).where('id', '=', boss.user.id).execute();
    expect((await signIn(t.app, 'boss')).user.is_admin).toBe(true);
  });

  it('answers 400 Missing OAuth parameters when code or state is missing', async () => {
    for (const query of ['?code=abc', '?state=abc', '']) {
      const answer = await t.app.inject({ url: `/api/auth/callback${query}` });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toEqual({ error: 'Missing OAuth parameters', code: 'MISSING_OAUTH_PARAMETERS' });
    }
  });

  it('refuses a state that differs from the cookie, has no cookie, is reused or has expired', async () => {
    const { authorizeUrl, state } = await startSignIn(t.app);
    const { code } = await authorizeAs(t.app, authorizeUrl, 'jdoe');
    const forged = await t.app.inject({
      url: `/api/auth/callback?code=${code}&state=forged`,
      cookies: { oauth_state: state },
    });
    expect(forged.json().code).toBe('INVALID_STATE');
    const noCookie = await t.app.inject({ url: `/api/auth/callback?code=${code}&state=${state}` });
    expect(noCookie.json().code).toBe('INVALID_STATE');
    expect(noCookie.statusCode).toBe(400);

    const ok = await t.app.inject({
      url: `/api/auth/callback?code=${code}&state=${state}`,
      cookies: { oauth_state: state },
    });
    expect(ok.statusCode).toBe(200);
    const reused = await t.app.inject({
      url: `/api/auth/callback?code=${code}&state=${state}`,
      cookies: { oauth_state: state },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('INVALID_STATE');

    const late = await startSignIn(t.app);
    const lateCode = await authorizeAs(t.app, late.authorizeUrl, 'jdoe');
    clock.advance(10 * 60 * 1000 + 1);
    const expired = await t.app.inject({
      url: `/api/auth/callback?code=${lateCode.code}&state=${late.state}`,
      cookies: { oauth_state: late.state },
    });
    expect(expired.json().code).toBe('INVALID_STATE');
  });

  it('answers 502 Authentication failed when the provider refuses the code, and creates nobody', async () => {
    const { state } = await startSignIn(t.app);
    const answer = await t.app.inject({
      url: `/api/auth/callback?code=not-a-code&state=${state}`,
      cookies: { oauth_state: state },
    });
    expect(answer.statusCode).toBe(502);
    expect(answer.json()).toEqual({ error: 'Authentication failed', code: 'BAD_GATEWAY' });
    expect(await t.database.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('refuses a banned user at sign-in and on every call with a surviving session', async () => {
    const { cookie, user } = await signIn(t.app, 'jdoe');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', user.id).execute();
    const me = await t.app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(403);
    expect(me.json()).toEqual({ error: 'Your account has been banned', code: 'BANNED' });
    await expect(signIn(t.app, 'jdoe')).rejects.toThrow(/403/);
    const sessions = await t.database.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(1);
  });

  it('logs out: 204, cookie cleared, session row deleted, audit entry; the old cookie no longer works', async () => {
    const { cookie, user } = await signIn(t.app, 'jdoe');
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(String(out.headers['set-cookie'])).toMatch(/sid=;/);
    expect(String(out.headers['set-cookie'])).toMatch(/signed_in=;/);
    expect(await t.database.db.selectFrom('sessions').select('id').execute()).toHaveLength(0);
    const me = await t.app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(me.statusCode).toBe(401);
    const actions = await t.database.db
      .selectFrom('audit_logs')
      .select(['action', 'entity_id'])
      .orderBy('id')
      .execute();
    expect(actions).toEqual([
      { action: 'auth.sign_in', entity_id: user.id },
      { action: 'auth.sign_out', entity_id: user.id },
    ]);
  });

  it('expires a session after 14 days without use, and slides the expiry when used', async () => {
    const { cookie } = await signIn(t.app, 'jdoe');
    clock.advance(13 * 24 * 3600 * 1000);
    expect((await t.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    clock.advance(13 * 24 * 3600 * 1000);
    expect((await t.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(200);
    clock.advance(14 * 24 * 3600 * 1000 + 1000);
    expect((await t.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
  });

  it('answers 401 to /api/users/me without a session', async () => {
    const me = await t.app.inject({ url: '/api/users/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ error: 'Unauthorized. Please check your authentication.', code: 'UNAUTHENTICATED' });
  });
});

describe('an https PUBLIC_URL behind a proxy that does not say the scheme', () => {
  it('starts the sign-in on its host rather than sending the browser round in circles', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://club.example.org' });
    try {
      const login = await t.app.inject({ url: '/api/auth/login', headers: { host: 'club.example.org' } });
      expect(new URL(login.headers.location as string).pathname).toBe('/dev/intra/oauth/authorize');
    } finally {
      await t.close();
    }
  });
});

describe('cookies over https', () => {
  it('marks the session cookie Secure when PUBLIC_URL is https', async () => {
    const t = await createTestApp({ PUBLIC_URL: 'https://club.example.org' });
    try {
      const { authorizeUrl, state } = await startSignIn(t.app);
      expect(authorizeUrl.origin).toBe('https://club.example.org');
      const { code } = await authorizeAs(t.app, authorizeUrl, 'jdoe');
      const callback = await t.app.inject({
        url: `/api/auth/callback?code=${code}&state=${state}`,
        cookies: { oauth_state: state },
        headers: { origin: 'https://club.example.org' },
      });
      expect(String(callback.headers['set-cookie'])).toMatch(/sid=[^;]+;.*Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('configuration', () => {
  it('uses the stand-in with admin as the default admin when FT_CLIENT_ID is unset', () => {
    const config = loadConfig({});
    expect(config.devIntra).toBe(true);
    expect(config.adminLogins).toEqual(['admin']);
  });

  it('refuses to start in production without FT_CLIENT_ID or FT_CLIENT_SECRET, naming the missing one', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/FT_CLIENT_ID/);
    expect(() => loadConfig({ NODE_ENV: 'production', FT_CLIENT_ID: 'x' })).toThrow(/FT_CLIENT_SECRET/);
    const config = loadConfig({
      NODE_ENV: 'production',
      FT_CLIENT_ID: 'x',
      FT_CLIENT_SECRET: 'y',
      PUBLIC_URL: 'https://club.example.org',
    });
    expect(config.devIntra).toBe(false);
    expect(config.oauth.baseUrl).toBe('https://api.intra.42.fr');
    expect(config.adminLogins).toEqual([]);
  });
});

describe('the 42 profile', () => {
  it('keeps the primary campus, its name and its id, even when it is not listed first', () => {
    const profile = intraProfileSchema.parse({
      id: 7,
      login: 'jdoe',
      campus: [
        { id: 1, name: 'Paris' },
        { id: 21, name: 'Ben Guerir' },
      ],
      campus_users: [
        { campus_id: 1, is_primary: false },
        { campus_id: 21, is_primary: true },
      ],
    });
    expect(profileToUserFields(profile)).toMatchObject({ campus: 'Ben Guerir', campus_id: 21 });
    expect(profileToUserFields({ ...profile, campus: [], campus_users: [] })).toMatchObject({
      campus: null,
      campus_id: null,
    });
  });
});
