import { afterEach, describe, expect, it } from 'vitest';
import { DEV_INTRA_CLIENT } from '../config';
import { authorizeAs, startSignIn } from '#test/server/sign-in';
import { createDrivenTestApp, drivenClock } from '#test/server/driven-clock';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

/** The stand-in must be as strict as the real intra, or the app's client code is never really exercised. */
describe('the local 42 stand-in', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function codeFor(login: string) {
    const { authorizeUrl } = await startSignIn(t.app);
    const { code } = await authorizeAs(t.app, authorizeUrl, login);
    return { code, redirectUri: authorizeUrl.searchParams.get('redirect_uri')! };
  }

  const exchange = (fields: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/dev/intra/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: DEV_INTRA_CLIENT.id,
        client_secret: DEV_INTRA_CLIENT.secret,
        ...fields,
      }).toString(),
    });

  const INVALID_GRANT = expect.objectContaining({ error: 'invalid_grant', error_description: expect.any(String) });

  it('has credentials of the real shape, hyphens included', () => {
    expect(DEV_INTRA_CLIENT.id).toMatch(/^u-s4t2ud-[0-9a-f]{64}$/);
    expect(DEV_INTRA_CLIENT.secret).toMatch(/^s-s4t2ud-[0-9a-f]{64}$/);
  });

  it('exchanges a code once: a replayed code is refused with JSON invalid_grant', async () => {
    t = await createTestApp();
    const { code, redirectUri } = await codeFor('jdoe');
    const first = await exchange({ code, redirect_uri: redirectUri });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      token_type: 'bearer',
      scope: 'public',
      secret_valid_until: expect.any(Number),
    });
    const replay = await exchange({ code, redirect_uri: redirectUri });
    expect(replay.statusCode).toBe(400);
    expect(replay.headers['content-type']).toMatch(/^application\/json/);
    expect(replay.json()).toEqual(INVALID_GRANT);
  });

  it('reads HTTP Basic as Doorkeeper does, split as it is and never form-decoded', async () => {
    t = await createTestApp();
    const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const withBasic = async (authorization: string) => {
      const grant = await codeFor('jdoe');
      return t.app.inject({
        method: 'POST',
        url: '/dev/intra/oauth/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        payload: new URLSearchParams({ grant_type: 'authorization_code', ...pick(grant) }).toString(),
      });
    };
    // What oauth4webapi's ClientSecretBasic sends: each part form-encoded first (RFC 6749 §2.3.1).
    const encoded = await withBasic(
      basic(encodeURIComponent(DEV_INTRA_CLIENT.id).replace(/-/g, '%2D'), DEV_INTRA_CLIENT.secret.replace(/-/g, '%2D')),
    );
    expect(encoded.statusCode).toBe(401);
    expect(encoded.headers['content-type']).toMatch(/^application\/json/);
    expect(encoded.json()).toEqual({ error: 'invalid_client', error_description: expect.any(String) });
    expect((await withBasic(basic(DEV_INTRA_CLIENT.id, DEV_INTRA_CLIENT.secret))).statusCode).toBe(200);
  });

  it('refuses a wrong client secret (401 invalid_client), another redirect uri and an expired code (400 invalid_grant)', async () => {
    const clock = testClock();
    t = await createTestApp({}, { clock });
    const wrongSecret = await codeFor('jdoe');
    const refused = await exchange({ ...pick(wrongSecret), client_secret: 'guess' });
    expect(refused.statusCode).toBe(401);
    expect(refused.json()).toMatchObject({ error: 'invalid_client' });
    // Doorkeeper uses a code up only when it is exchanged: a refused client leaves it valid.
    expect((await exchange(pick(wrongSecret))).statusCode).toBe(200);

    const otherRedirect = await codeFor('jdoe');
    const answer = await exchange({ code: otherRedirect.code, redirect_uri: 'https://evil.example/auth/callback' });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual(INVALID_GRANT);

    const late = await codeFor('jdoe');
    clock.advance(10 * 60_000 + 1000);
    expect((await exchange(pick(late))).json()).toEqual(INVALID_GRANT);
  });

  it('answers 400 invalid_request naming a missing parameter', async () => {
    t = await createTestApp();
    const { redirectUri } = await codeFor('jdoe');
    const answer = await exchange({ redirect_uri: redirectUri });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ error: 'invalid_request', error_description: 'Missing required parameter: code.' });
  });

  it('refuses a redirect_uri other than PUBLIC_URL/auth/callback on an error page, without redirecting', async () => {
    t = await createTestApp();
    const { authorizeUrl } = await startSignIn(t.app);
    const stolen = new URLSearchParams(authorizeUrl.searchParams);
    stolen.set('redirect_uri', 'https://evil.example/steal');
    const page = await t.app.inject({ url: `/dev/intra/oauth/authorize?${stolen}` });
    expect(page.statusCode).toBe(400);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).toContain('redirect uri');
    stolen.set('login', 'admin');
    const post = await t.app.inject({
      method: 'POST',
      url: '/dev/intra/oauth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: stolen.toString(),
    });
    expect(post.statusCode).toBe(400);
    expect(post.headers.location).toBeUndefined();
  });

  it('answers /v2/me only with a valid token, in the shape of the real intra', async () => {
    t = await createTestApp();
    expect((await t.app.inject({ url: '/dev/intra/v2/me' })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/dev/intra/v2/me', headers: { authorization: 'Bearer forged' } })).statusCode,
    ).toBe(401);

    const { access_token } = (await exchange(pick(await codeFor('ada-lovelace')))).json();
    const me = await t.app.inject({ url: '/dev/intra/v2/me', headers: { authorization: `Bearer ${access_token}` } });
    expect(me.json()).toMatchObject({
      id: expect.any(Number),
      login: 'ada-lovelace',
      email: 'ada-lovelace@student.1337.ma',
      first_name: 'Ada',
      last_name: 'Lovelace',
      image: { link: expect.stringMatching(/\/dev\/intra\/avatars\/ada-lovelace\.svg$/) },
      campus: [{ id: expect.any(Number), name: expect.any(String) }],
      campus_users: [{ is_primary: true }],
      cursus_users: expect.arrayContaining([
        expect.objectContaining({ level: expect.any(Number), cursus: { slug: '42cursus' } }),
      ]),
    });
    // The same login always gives the same person.
    const again = (await exchange(pick(await codeFor('ada-lovelace')))).json();
    const meAgain = await t.app.inject({
      url: '/dev/intra/v2/me',
      headers: { authorization: `Bearer ${again.access_token}` },
    });
    expect(meAgain.json()).toEqual(me.json());
  });

  it('refuses a login outside ^[a-z][a-z0-9-]{1,19}$ on its form', async () => {
    t = await createTestApp();
    const { authorizeUrl } = await startSignIn(t.app);
    const form = new URLSearchParams(authorizeUrl.searchParams);
    form.set('login', '1-not-a-login');
    const answer = await t.app.inject({
      method: 'POST',
      url: '/dev/intra/oauth/authorize',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(answer.statusCode).toBe(400);
    expect(answer.headers.location).toBeUndefined();
  });

  it('counts /oauth/token and /v2/me per client as the intra does: headers on each, 429 with Retry-After past 2 a second', async () => {
    // Three calls within one second of the limits' clock, driven by the test (decision 0193): it
    // stands still while they are made, just after a second begins.
    const driven = await createDrivenTestApp(
      { DEV_INTRA_LIMITS: '2/s,1200/h' },
      drivenClock(Date.parse('2026-11-23T10:00:00.010Z')),
    );
    const { clock } = driven;
    t = driven;
    const codes = [await codeFor('user-0'), await codeFor('user-1')];
    const first = await exchange(pick(codes[0]!));
    expect(first.statusCode).toBe(200);
    expect(first.headers['x-secondly-ratelimit-limit']).toBe('2');
    expect(first.headers['x-secondly-ratelimit-remaining']).toBe('1');
    expect(first.headers['x-hourly-ratelimit-limit']).toBe('1200');
    const me = await t.app.inject({
      url: '/dev/intra/v2/me',
      headers: { authorization: `Bearer ${first.json().access_token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.headers['x-secondly-ratelimit-remaining']).toBe('0');
    const refused = await exchange(pick(codes[1]!));
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['x-secondly-ratelimit-remaining']).toBe('0');
    // The second ends 990 ms later: told to wait 1 s, whole seconds as the intra counts them.
    expect(refused.headers['retry-after']).toBe('1');
    // The refused call was not served: its code still works once the second has passed.
    await clock.sleep(1000);
    expect((await exchange(pick(codes[1]!))).statusCode).toBe(200);

    const usage = (await t.app.inject({ url: '/dev/intra/usage' })).json();
    expect(usage.served).toHaveLength(3);
    expect(usage.refused).toBe(1);
    // A call refused for its secret named the client: it counts too, whatever its outcome.
    expect((await exchange({ ...pick(await codeFor('user-2')), client_secret: 'guess' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/dev/intra/usage' })).json().served).toHaveLength(4);
    // The authorize page is not an API call: it is never counted.
    const { authorizeUrl } = await startSignIn(t.app);
    for (let i = 0; i < 5; i++) await t.app.inject({ url: `${authorizeUrl.pathname}${authorizeUrl.search}` });
    expect((await t.app.inject({ url: '/dev/intra/usage' })).json().served).toHaveLength(4);
  });

  it('is not served when real 42 credentials are configured', async () => {
    t = await createTestApp({ FT_CLIENT_ID: 'real-id', FT_CLIENT_SECRET: 'real-secret' });
    expect((await t.app.inject({ url: '/dev/intra/oauth/authorize' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/dev/intra/oauth/token' })).statusCode).toBe(404);
  });
});

const pick = ({ code, redirectUri }: { code: string; redirectUri: string }) => ({ code, redirect_uri: redirectUri });
