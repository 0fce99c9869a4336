import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDrivenTestApp, drivenClock, type DrivenClock } from '#test/server/driven-clock';
import { startFakeIntra } from '#test/server/fake-intra';
import { authorizeAs, redirectTarget } from '#test/server/sign-in';
import type { TestApp } from '#test/server/test-app';
import type { App } from '../../deps';

/**
 * Signed-out callers cannot spend the club's 42 allowance (decision 0131): a code the intra
 * refuses counts against the address and visitor that sent it, and past a few a minute their
 * sign-ins wait without calling the intra; sign-in starts are limited per visitor and address.
 */
const CAMPUS = '196.200.150.7';
const SCRIPT = '41.250.3.99';

/** GET /api/auth/login from an address (and a visitor cookie, when given), as a browser on PUBLIC_URL's host. */
async function start(app: App, address: string, visitor?: string) {
  const moved = await app.inject({ url: '/api/auth/login', remoteAddress: address });
  const answer = await app.inject({
    url: redirectTarget(moved.headers.location as string),
    headers: { host: new URL(moved.headers.location as string).host },
    cookies: visitor ? { visitor } : {},
    remoteAddress: address,
  });
  if (answer.statusCode !== 302) return { status: answer.statusCode } as const;
  const authorizeUrl = new URL(answer.headers.location as string);
  return { status: 302, authorizeUrl, state: authorizeUrl.searchParams.get('state')! } as const;
}

const callback = (app: App, address: string, code: string, state: string, visitor?: string) =>
  app.inject({
    url: `/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    cookies: { oauth_state: state, ...(visitor && { visitor }) },
    remoteAddress: address,
  });

/** How long a held sign-in is told to wait: the longest wait the callback page is told. */
const HELD_RETRY_MS = 10_000;

/**
 * The callback page: again after retry_after_ms while it answers 202 (`untilHeld`: no longer once
 * the answer says the sign-in is held, as a test that ends the minute itself needs).
 */
async function complete(app: App, address: string, code: string, state: string, { untilHeld = false } = {}) {
  for (;;) {
    const answer = await callback(app, address, code, state);
    if (answer.statusCode !== 202) return answer;
    const { retry_after_ms: retryAfterMs } = answer.json();
    if (untilHeld && retryAfterMs === HELD_RETRY_MS) return answer;
    await clock.sleep(retryAfterMs);
  }
}

const tokenCalls = async (app: App) => (await app.inject({ url: '/dev/intra/usage' })).json().served.length;

/**
 * Each test's app, its intra's pace and the guard's minute run on a clock the test drives
 * (decision 0193): no call is late for its slot on a loaded machine, and a minute passes at once.
 */
let clock: DrivenClock;
let t: TestApp;
beforeEach(() => {
  clock = drivenClock();
});
afterEach(async () => {
  // Closing the app stops its clock; stopped again here should the test have failed before its app.
  await t.close();
  clock.stop();
});
const appWith = async (env: Record<string, string>) => {
  t = await createDrivenTestApp(env, clock);
};

describe('what a signed-out caller may spend of the intra allowance', () => {
  it('200 bogus callbacks from one address spend at most 4 intra calls, while 40 real sign-ins beside them all complete', async () => {
    // Unpaced, so that the real sign-ins run at once: the budget of refused codes is what binds.
    await appWith({ FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off', RATE_LIMIT_PER_MINUTE: '0' });
    const real = [];
    for (let i = 0; i < 40; i++) {
      const started = await start(t.app, CAMPUS);
      const { code } = await authorizeAs(t.app, started.authorizeUrl!, `campus-${i}`);
      real.push({ code, state: started.state! });
    }
    const before = await tokenCalls(t.app);

    const script = async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 200; i++) {
        // A script throws its cookies away: each bogus callback on a state of its own.
        const started = await start(t.app, SCRIPT);
        if (started.status !== 302) {
          statuses.push(started.status);
          continue;
        }
        statuses.push((await callback(t.app, SCRIPT, `bogus-${i}`, started.state!)).statusCode);
      }
      return statuses;
    };
    const [statuses, answers] = await Promise.all([
      script(),
      Promise.all(real.map(({ code, state }) => complete(t.app, CAMPUS, code, state))),
    ]);

    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(40).fill(200));
    // Real sign-ins: two calls each. The script: one token call per bogus code that got through.
    const spentByScript = (await tokenCalls(t.app)) - before - 80;
    expect(spentByScript).toBeGreaterThan(0);
    expect(spentByScript).toBeLessThanOrEqual(4);
    // Each bogus code that reached the intra was refused (502), or was still being refused when its
    // callback answered (202 on a loaded machine); the rest wait, told when to ask again, and
    // never reach the intra.
    expect(statuses.filter((status) => status !== 202 && status !== 502)).toEqual([]);
    expect(statuses.filter((status) => status === 502).length).toBeLessThanOrEqual(spentByScript);
    expect(statuses.filter((status) => status === 202).length).toBeGreaterThanOrEqual(200 - spentByScript);
  }, 60_000);

  it('spends 4 intra calls on bogus codes sent all at once: the others, already in line, are held at their slots', async () => {
    // At the intra's pace, as in production.
    await appWith({ FT_RATE_LIMIT: '2/s,1200/h', DEV_INTRA_LIMITS: '2/s,1200/h', RATE_LIMIT_PER_MINUTE: '0' });
    const states: string[] = [];
    for (let i = 0; i < 8; i++) states.push((await start(t.app, SCRIPT)).state!);
    const ask = (i: number) => complete(t.app, SCRIPT, `bogus-${i}`, states[i]!, { untilHeld: true });
    // Every callback at once: each takes its place in line before any code has been refused.
    const answers = await Promise.all(states.map((_, i) => ask(i)));
    expect(await tokenCalls(t.app)).toBe(4);
    expect(answers.filter((answer) => answer.statusCode === 502)).toHaveLength(4);
    const held = answers.flatMap((answer, i) => (answer.statusCode === 202 ? [i] : []));
    expect(held).toHaveLength(4);
    // Held, not lost: once the minute has passed, their codes go to the intra (and are refused).
    await clock.sleep(61_000);
    const later = await Promise.all(held.map((i) => ask(i)));
    expect(later.map((answer) => answer.statusCode)).toEqual([502, 502, 502, 502]);
    expect(await tokenCalls(t.app)).toBe(8);
  }, 30_000);

  it('counts a code still being refused: with 3 refused, the next code is held while the 4th is under way', async () => {
    // The intra slow to refuse the 4th code, as on a loaded machine or a slow day of the intra's:
    // its callback answers "waiting" before the refusal is known, and the script sends the next.
    const intra = await startFakeIntra({ perSecond: 100, clock });
    const publicUrl = 'http://127.0.0.1:3999';
    intra.application.redirectUri = `${publicUrl}/auth/callback`;
    try {
      await appWith({
        FT_RATE_LIMIT: 'off',
        RATE_LIMIT_PER_MINUTE: '0',
        FT_CLIENT_ID: intra.application.clientId,
        FT_CLIENT_SECRET: intra.application.secret,
        FT_OAUTH_BASE_URL: intra.baseUrl,
        PUBLIC_URL: publicUrl,
      });
      const tokenCallsAtIntra = () => intra.calls.filter((call) => call.path === '/oauth/token').length;
      for (let i = 0; i < 3; i++) {
        const started = await start(t.app, SCRIPT);
        expect((await callback(t.app, SCRIPT, `bogus-${i}`, started.state!)).statusCode).toBe(502);
      }
      intra.script({ slowMs: 3000 });
      const fourth = await start(t.app, SCRIPT);
      expect((await callback(t.app, SCRIPT, 'bogus-3', fourth.state!)).statusCode).toBe(202);
      const fifth = await start(t.app, SCRIPT);
      const held = await callback(t.app, SCRIPT, 'bogus-4', fifth.state!);
      expect(held.statusCode).toBe(202);
      // Once the 4th is refused (the intra's calls are listed as they are answered), the 5th
      // waits out the minute: it never went.
      expect((await complete(t.app, SCRIPT, 'bogus-3', fourth.state!)).statusCode).toBe(502);
      const heldAgain = await callback(t.app, SCRIPT, 'bogus-4', fifth.state!);
      expect(heldAgain.statusCode).toBe(202);
      expect(heldAgain.json().retry_after_ms).toBe(HELD_RETRY_MS);
      expect(tokenCallsAtIntra()).toBe(4);
    } finally {
      await intra.close();
    }
  }, 30_000);

  it('holds a visitor after 2 refused codes while its campus signs in, and lets it try again after the minute', async () => {
    await appWith({ FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off', RATE_LIMIT_PER_MINUTE: '0' });
    for (let i = 0; i < 2; i++) {
      const started = await start(t.app, CAMPUS, 'careless-visitor');
      expect((await callback(t.app, CAMPUS, `typo-${i}`, started.state!, 'careless-visitor')).statusCode).toBe(502);
    }
    const third = await start(t.app, CAMPUS, 'careless-visitor');
    const held = await callback(t.app, CAMPUS, 'typo-3', third.state!, 'careless-visitor');
    expect(held.statusCode).toBe(202);
    expect(held.json()).toEqual({ status: 'waiting', retry_after_ms: expect.any(Number), position: 1 });
    // Asked again every 10 s at most, the longest wait the callback page is told.
    expect(held.json().retry_after_ms).toBe(10_000);
    // Another student of the same campus: the address has refused codes to spare.
    const other = await start(t.app, CAMPUS, 'another-visitor');
    const { code } = await authorizeAs(t.app, other.authorizeUrl!, 'on-time');
    expect((await callback(t.app, CAMPUS, code, other.state!, 'another-visitor')).statusCode).toBe(200);
    // The minute passes: the held visitor's sign-in goes on (its code is still refused).
    await clock.sleep(61_000);
    expect((await callback(t.app, CAMPUS, 'typo-3', third.state!, 'careless-visitor')).statusCode).toBe(502);
  });

  it('limits sign-in starts: 10 a minute per visitor, and per address twice the sign-ins the intra pace allows', async () => {
    await appWith({ FT_RATE_LIMIT: '2/s,1200/h', RATE_LIMIT_PER_MINUTE: '0' });
    for (let i = 0; i < 10; i++) expect((await start(t.app, CAMPUS, 'one-browser')).status).toBe(302);
    expect((await start(t.app, CAMPUS, 'one-browser')).status).toBe(429);
    // 2 calls a second are 60 sign-ins a minute: an address may start 120.
    for (let i = 0; i < 110; i++) expect((await start(t.app, SCRIPT)).status).toBe(302);
    for (let i = 0; i < 10; i++) await start(t.app, SCRIPT, `visitor-${i}`);
    expect((await start(t.app, SCRIPT, 'fresh-visitor')).status).toBe(429);
    await clock.sleep(61_000);
    expect((await start(t.app, SCRIPT)).status).toBe(302);
  }, 30_000);

  it('serves the sign-ins in the order their callbacks came: places in line 1, 2, 3…', async () => {
    await appWith({ FT_RATE_LIMIT: '2/s,1200/h', DEV_INTRA_LIMITS: '2/s,1200/h', RATE_LIMIT_PER_MINUTE: '0' });
    const signs = [];
    for (let i = 0; i < 5; i++) {
      const started = await start(t.app, CAMPUS, `browser-${i}`);
      const { code } = await authorizeAs(t.app, started.authorizeUrl!, `in-line-${i}`);
      signs.push({ code, state: started.state! });
    }
    // The callbacks arrive one after the other, each before the sign-ins ahead of it are done.
    const pending = [];
    for (const { code, state } of signs) {
      pending.push(callback(t.app, CAMPUS, code, state));
      await clock.sleep(50);
    }
    const first = await Promise.all(pending);
    const places = first.map((answer) => (answer.statusCode === 202 ? answer.json().position : 0));
    // Each later callback is at least as far back in line as the one before it.
    for (let i = 1; i < places.length; i++) expect(places[i]).toBeGreaterThanOrEqual(places[i - 1]!);
    expect(places.at(-1)).toBeGreaterThan(1);
    const done = await Promise.all(
      signs.map(({ code, state }, i) =>
        first[i]!.statusCode === 202 ? complete(t.app, CAMPUS, code, state) : Promise.resolve(first[i]!),
      ),
    );
    expect(done.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
  }, 30_000);
});
