import { describe, expect, it, type TestContext } from 'vitest';
import { createDrivenTestApp, drivenClock, type DrivenClock } from '#test/server/driven-clock';
import { startFakeIntra, intraProfile } from '#test/server/fake-intra';
import { authorizeAs, cookieFrom, startSignIn } from '#test/server/sign-in';
import type { App } from '../../deps';

/** A sign-in up to the callback: the code and state the intra sent the browser back with. */
async function authorized(app: App, login: string) {
  const { authorizeUrl, state } = await startSignIn(app);
  const { code } = await authorizeAs(app, authorizeUrl, login);
  return { code, state };
}

const callback = (app: App, { code, state }: { code: string; state: string }) =>
  app.inject({
    url: `/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    cookies: { oauth_state: state },
  });

/** What the callback page does: call, and while it answers 202, call again after retry_after_ms. */
async function completeAsTheCallbackPage(
  { app, clock }: { app: App; clock: DrivenClock },
  sign: { code: string; state: string },
) {
  const waits: { position: number; retry_after_ms: number; tookMs: number }[] = [];
  for (;;) {
    const started = clock.nowMs();
    const answer = await callback(app, sign);
    if (answer.statusCode !== 202) return { answer, waits };
    const body = answer.json();
    expect(body).toEqual({ status: 'waiting', retry_after_ms: expect.any(Number), position: expect.any(Number) });
    // The state lives on while it waits: its cookie is not cleared.
    expect(cookieFrom(answer.headers['set-cookie'], 'oauth_state')).toBe(sign.state);
    waits.push({ position: body.position, retry_after_ms: body.retry_after_ms, tookMs: clock.nowMs() - started });
    await clock.sleep(body.retry_after_ms);
  }
}

const usage = async (app: App) => (await app.inject({ url: '/dev/intra/usage' })).json();

/**
 * An app of the test's own on a clock the test drives (decision 0193): the intra's pace, the
 * stand-in's limits and the callback page's waits all read it, so that no call is late for its
 * slot however loaded the machine, and the seconds of waiting in line take none. Closed when
 * the test ends (the context's hook: the tests run side by side).
 */
async function appFor({ onTestFinished }: TestContext, env: Record<string, string>, clock?: DrivenClock) {
  const t = await createDrivenTestApp(env, clock);
  onTestFinished(() => t.close());
  return t;
}

// Side by side: each test has its own app, stand-in and clock.
describe.concurrent('sign-ins waiting behind the intra’s limit', () => {
  it('paces the calls at 2 a second: the later sign-ins wait in line (202, place, under 2 s) and then succeed', async (test) => {
    const t = await appFor(test, { FT_RATE_LIMIT: '2/s,1200/h', DEV_INTRA_LIMITS: '2/s,1200/h' });
    const signs = [];
    for (let i = 0; i < 5; i++) signs.push(await authorized(t.app, `queued-${i}`));
    const results = await Promise.all(signs.map((sign) => completeAsTheCallbackPage(t, sign)));

    for (const [i, { answer }] of results.entries()) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().intra_login).toBe(`queued-${i}`);
      expect(cookieFrom(answer.headers['set-cookie'], 'sid')).toBeTruthy();
    }
    const waits = results.flatMap((result) => result.waits);
    // Five sign-ins are ten calls, five seconds at 2 a second: most of them waited, in line.
    expect(waits.length).toBeGreaterThan(3);
    expect(Math.max(...waits.map((wait) => wait.position))).toBeGreaterThanOrEqual(3);
    expect(Math.max(...waits.map((wait) => wait.tookMs))).toBeLessThan(2000);
    // Measured at the stand-in: every call served, none refused, each in its slot to the
    // millisecond (.250 or .750 of a second of the driven clock, one after another: none late).
    const seen = await usage(t.app);
    expect(seen).toMatchObject({ served: expect.any(Array), refused: 0 });
    expect(seen.served).toHaveLength(10);
    const [first] = seen.served as number[];
    expect(first! % 500).toBe(250);
    expect(seen.served.map((at: number) => at - first!)).toEqual([
      0, 500, 1000, 1500, 2000, 2500, 3000, 3500, 4000, 4500,
    ]);

    // The state is used up once the sign-in is done.
    const again = await callback(t.app, signs[0]!);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_STATE');
  }, 30_000);

  it('treats the intra’s 429 as "wait": an unpaced app meets it, honours Retry-After, and signs everyone in', async (test) => {
    // One call a second at the intra: four sign-ins asking at once meet its 429 however slowly
    // a loaded machine runs them (at 2 a second, three spread over a second never did).
    const t = await appFor(test, { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: '1/s,1200/h' });
    const signs = [];
    for (let i = 0; i < 4; i++) signs.push(await authorized(t.app, `hasty-${i}`));
    const results = await Promise.all(signs.map((sign) => completeAsTheCallbackPage(t, sign)));
    expect(results.map(({ answer }) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    // Told to wait by the intra, the later ones answered 202 with their place meanwhile.
    expect(results.flatMap((result) => result.waits).length).toBeGreaterThan(0);
    const seen = await usage(t.app);
    expect(seen.refused).toBeGreaterThan(0);
    expect(seen.served).toHaveLength(8);
    const users = await t.database.db.selectFrom('users').select('intra_login').orderBy('intra_login').execute();
    expect(users.map((user) => user.intra_login)).toEqual(['hasty-0', 'hasty-1', 'hasty-2', 'hasty-3']);
  }, 30_000);

  it('keeps the state valid while it waits, for that code only, and uses it up when the intra refuses the code', async (test) => {
    const t = await appFor(test, { FT_RATE_LIMIT: '2/s,1200/h' });
    // Fill the line so that this sign-in waits.
    const ahead = [];
    for (let i = 0; i < 6; i++) ahead.push(await authorized(t.app, `ahead-${i}`));
    const { state } = await startSignIn(t.app);
    // Each asks once: their sign-ins hold the first twelve slots, 6 s of the intra's time, so
    // this one still waits however slowly a loaded machine runs the steps below.
    await Promise.all(ahead.map((sign) => callback(t.app, sign)));
    const pending = Promise.all(ahead.map((sign) => completeAsTheCallbackPage(t, sign)));
    try {
      const forged = { code: 'not-a-code', state };
      const first = await callback(t.app, forged);
      expect(first.statusCode).toBe(202);
      // Another code for the same state is not the browser that started it.
      expect((await callback(t.app, { code: 'another-code', state })).json().code).toBe('INVALID_STATE');
      const { answer } = await completeAsTheCallbackPage(t, forged);
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toEqual({ error: 'Authentication failed', code: 'BAD_GATEWAY' });
      expect(String(answer.headers['set-cookie'])).toMatch(/oauth_state=;/);
      expect((await callback(t.app, forged)).json().code).toBe('INVALID_STATE');
    } finally {
      await pending;
    }
  }, 30_000);

  it('gives a call whose slot has passed a new one: after a slow answer, the next call never lands in another’s second', async (test) => {
    const clock = drivenClock();
    const intra = await startFakeIntra({ perSecond: 2, clock });
    const publicUrl = 'http://127.0.0.1:3999';
    intra.application.redirectUri = `${publicUrl}/auth/callback`;
    try {
      const t = await appFor(
        test,
        {
          FT_RATE_LIMIT: '2/s,1200/h',
          FT_CLIENT_ID: intra.application.clientId,
          FT_CLIENT_SECRET: intra.application.secret,
          FT_OAUTH_BASE_URL: intra.baseUrl,
          PUBLIC_URL: publicUrl,
        },
        clock,
      );
      const signs = [];
      for (let i = 0; i < 4; i++) {
        intra.addProfile(intraProfile(`late-${i}`, 900 + i));
        const { authorizeUrl, state } = await startSignIn(t.app);
        const form = new URLSearchParams(authorizeUrl.searchParams);
        form.set('login', `late-${i}`);
        const granted = await fetch(`${intra.baseUrl}/oauth/authorize`, {
          method: 'POST',
          body: form,
          redirect: 'manual',
        });
        signs.push({ code: new URL(granted.headers.get('location')!).searchParams.get('code')!, state });
      }
      // The first code exchange takes 1.2 s: the profile call reserved behind it has long passed
      // its slot, which now belongs to the next sign-ins' calls.
      intra.script({ slowMs: 1200 });
      const results = await Promise.all(signs.map((sign) => completeAsTheCallbackPage(t, sign)));
      expect(results.map(({ answer }) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(intra.calls.filter((call) => call.status === 429)).toEqual([]);
      expect(intra.calls.filter((call) => call.status === 200)).toHaveLength(8);
    } finally {
      await intra.close();
    }
  }, 30_000);
});
