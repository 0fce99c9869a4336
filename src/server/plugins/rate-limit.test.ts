import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { ADDRESS_BUDGETS } from './rate-limit';
import { authorizeAs, cookieFrom } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';

/** Everyone here comes through one campus address, as a reverse proxy on this machine tells it. */
const CAMPUS = '196.200.150.7';
/** ...and the public Host it was sent to (PUBLIC_URL's, the test config's default). */
const fromCampus = { 'x-forwarded-for': CAMPUS, host: new URL(loadConfig({}).publicUrl).host };
const DEFAULT_BUDGET = String(loadConfig({}).rateLimitPerMinute);

let webRoot: string;
beforeAll(() => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><head><title>Club</title></head><div id="root">');
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(() => fs.rmSync(webRoot, { recursive: true, force: true }));

/** A browser on the campus: it keeps the cookies the app sets, as browsers do. */
function browser(t: TestApp) {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    async request(url: string, init: { method?: 'GET' | 'POST'; payload?: unknown } = {}) {
      const answer = await t.app.inject({
        url,
        method: init.method ?? 'GET',
        payload: init.payload as object,
        headers: { ...fromCampus, cookie: cookie() },
      });
      for (const line of ([] as string[]).concat(answer.headers['set-cookie'] ?? [])) {
        const [pair = ''] = line.split(';');
        const [name = '', value = ''] = pair.split('=');
        if (value) jar.set(name, value);
        else jar.delete(name);
      }
      return answer;
    },
  };
}

describe('the rate limit on opening day', () => {
  it('lets a campus behind one address sign in and apply with the default budget: nobody refused', async () => {
    // The intra's own pace is another matter (sign-in-queue.test.ts): here the app's limit alone.
    const t = await createTestApp(
      { RATE_LIMIT_PER_MINUTE: DEFAULT_BUDGET, FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' },
      { webRoot },
    );
    try {
      const statuses: number[] = [];
      const candidate = async (i: number) => {
        const b = browser(t);
        for (const url of ['/', '/assets/index-abc123.js', '/favicon.svg'])
          statuses.push((await b.request(url)).statusCode);
        statuses.push((await b.request('/api/events')).statusCode);
        const login = await b.request('/api/auth/login');
        statuses.push(login.statusCode);
        const { code, state } = await authorizeAs(t.app, new URL(login.headers.location as string), `campus-${i}`);
        statuses.push((await b.request('/auth/callback')).statusCode);
        // A loaded machine may answer 202 (wait in line) even with the intra unpaced: ask again, as the page does.
        let callback;
        do callback = await b.request(`/api/auth/callback?code=${code}&state=${state}`);
        while (callback.statusCode === 202);
        statuses.push(callback.statusCode);
        statuses.push((await b.request('/api/applications/me')).statusCode);
        const applied = await b.request('/api/applications', {
          method: 'POST',
          payload: { motivation: 'I want to build robots with the club.', experience_level: 'beginner' },
        });
        statuses.push(applied.statusCode);
        statuses.push((await b.request('/api/applications/me')).statusCode);
      };
      // 150 candidates: 450 signed-out API calls from one address, past the 300 of a single budget.
      for (let wave = 0; wave < 150; wave += 30) {
        await Promise.all(Array.from({ length: 30 }, (_, i) => candidate(wave + i)));
      }
      expect(statuses.filter((status) => status === 429)).toEqual([]);
      expect(await t.database.db.selectFrom('applications').select('id').execute()).toHaveLength(150);
    } finally {
      await t.close();
    }
  }, 120_000);

  it('never limits pages, assets, the favicon nor the health check', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '2' }, { webRoot });
    try {
      for (const url of ['/', '/apply', '/assets/index-abc123.js', '/favicon.svg', '/api/health', '/no-such-page']) {
        const codes = [];
        for (let i = 0; i < 5; i++) codes.push((await t.app.inject({ url, headers: fromCampus })).statusCode);
        expect(codes, url).not.toContain(429);
      }
      // The API is limited all the same.
      const api = [];
      for (let i = 0; i < 3; i++)
        api.push((await t.app.inject({ url: '/api/events', headers: fromCampus })).statusCode);
      expect(api).toEqual([200, 200, 429]);
    } finally {
      await t.close();
    }
  });

  it('gives each browser a budget of its own from its first page; forged or absent visitor ids share the address’s', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' }, { webRoot });
    try {
      const page = await t.app.inject({ url: '/', headers: fromCampus });
      const visitor = cookieFrom(page.headers['set-cookie'], 'visitor')!;
      expect(visitor).toMatch(/^[\w-]+\.[\w-]+$/);
      expect(String(page.headers['set-cookie'])).toMatch(/visitor=[^;]+;.*HttpOnly/i);
      const events = (cookie?: string) =>
        t.app.inject({ url: '/api/events', headers: { ...fromCampus, ...(cookie ? { cookie } : {}) } });
      const statuses = async (cookie?: string) => {
        const codes = [];
        for (let i = 0; i < 4; i++) codes.push((await events(cookie)).statusCode);
        return codes;
      };
      expect(await statuses(`visitor=${visitor}`)).toEqual([200, 200, 200, 429]);
      const other = cookieFrom(
        (await t.app.inject({ url: '/', headers: fromCampus })).headers['set-cookie'],
        'visitor',
      );
      expect(other).not.toBe(visitor);
      expect(await statuses(`visitor=${other}`)).toEqual([200, 200, 200, 429]);
      // A made-up id is no id: it spends the address's budget, as a client without cookies does.
      const [id] = visitor.split('.');
      expect(await statuses(`visitor=${id}.forgedsignatureforged0`)).toEqual([200, 200, 200, 429]);
      expect((await events()).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('refuses a client that throws its visitor cookies away: every new cookie spends its address’s shared budget', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '3' }, { webRoot });
    try {
      const shared = 3 * ADDRESS_BUDGETS;
      const events = (headers: Record<string, string>) => t.app.inject({ url: '/api/events', headers });
      // The review's script: its address's own budget spent without cookies, then a page for a fresh cookie.
      const bare = [];
      for (let i = 0; i < 4; i++) bare.push((await events(fromCampus)).statusCode);
      expect(bare).toEqual([200, 200, 200, 429]);
      let served = bare.filter((status) => status === 200).length;
      let lastPage;
      let lastStatus = 0;
      for (let round = 0; round < ADDRESS_BUDGETS + 5; round++) {
        lastPage = await t.app.inject({ url: '/', headers: fromCampus });
        const visitor = cookieFrom(lastPage.headers['set-cookie'], 'visitor');
        const headers = visitor ? { ...fromCampus, cookie: `visitor=${visitor}` } : fromCampus;
        for (let i = 0; i < 3; i++) {
          lastStatus = (await events(headers)).statusCode;
          if (lastStatus === 200) served += 1;
        }
      }
      // Cookies and calls together never pass the address's shared budget, and then stop.
      expect(served).toBeLessThan(shared);
      expect(lastStatus).toBe(429);
      expect(lastPage!.statusCode).toBe(200);
      expect(cookieFrom(lastPage!.headers['set-cookie'], 'visitor')).toBeUndefined();
      const refused = await events(fromCampus);
      expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is another budget.
      const elsewhere = { ...fromCampus, 'x-forwarded-for': '203.0.113.50' };
      const page = await t.app.inject({ url: '/', headers: elsewhere });
      const visitor = cookieFrom(page.headers['set-cookie'], 'visitor')!;
      expect((await events({ ...elsewhere, cookie: `visitor=${visitor}` })).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('refuses most of a burst of 1,000 calls from one signed-in client, and from one client without cookies', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: DEFAULT_BUDGET });
    try {
      const b = browser(t);
      const login = await b.request('/api/auth/login');
      const { code, state } = await authorizeAs(t.app, new URL(login.headers.location as string), 'hasty');
      expect((await b.request(`/api/auth/callback?code=${code}&state=${state}`)).statusCode).toBe(200);
      const signedIn = await Promise.all(Array.from({ length: 1000 }, () => b.request('/api/users/me')));
      const refused = signedIn.filter((answer) => answer.statusCode === 429).length;
      expect(refused).toBeGreaterThanOrEqual(1000 - Number(DEFAULT_BUDGET));

      const bare = await Promise.all(
        Array.from({ length: 1000 }, () =>
          t.app.inject({ url: '/api/events', headers: { 'x-forwarded-for': '203.0.113.9' } }),
        ),
      );
      expect(bare.filter((answer) => answer.statusCode === 429).length).toBeGreaterThanOrEqual(
        1000 - Number(DEFAULT_BUDGET),
      );
    } finally {
      await t.close();
    }
  }, 60_000);
});
