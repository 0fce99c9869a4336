import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, request, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { longToken } from './longest-values';

/** A login nobody else in the run uses: tests share one server and one database. */
export function uniqueLogin(prefix: string): string {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return `${prefix}-${suffix}`.slice(0, 20);
}

/**
 * A unique login of the longest length the intra gives (20 characters), for the layout of long
 * values. A unique login cut to ten characters kept only the slow digits of its clock: two made
 * within a minute were one.
 */
export const uniqueLongestLogin = (prefix: string): string => longToken(20, uniqueLogin(prefix));

/** Fills the local 42 stand-in's form, after the app sent the browser there. */
export async function authorizeOnStandIn(page: Page, login: string): Promise<void> {
  await expect(page).toHaveURL(/\/dev\/intra\/oauth\/authorize/);
  await page.getByLabel('Login').fill(login);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

/** Signs in through the real flow: the app's login route, the stand-in's form, the callback page. */
export async function signIn(page: Page, login: string): Promise<void> {
  await page.goto('/api/auth/login');
  await authorizeOnStandIn(page, login);
  // In the account's language once the callback knows the user (docs/decisions/0128-languages.md).
  await expect(
    page.getByRole('heading', { name: /^(Authentication Successful|Connexion réussie|تمت المصادقة بنجاح)$/ }),
  ).toBeVisible();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/callback'));
}

/** Signs in through the stand-in over HTTP, as the browser would: a request context holding the session. */
/**
 * A page of its own for `login`, signed in over HTTP, at `width` (a phone's touch below 700 px),
 * in `locale` and `timezoneId` when given; it fails its test on a console error.
 */
export async function signedInPageAt(
  browser: Browser,
  baseURL: string,
  login: string,
  { width, locale, timezoneId }: { width: number; locale?: string; timezoneId?: string },
): Promise<Page> {
  const phone = width < 700;
  const context = await browser.newContext({
    baseURL,
    ...(locale ? { locale } : {}),
    ...(timezoneId ? { timezoneId } : {}),
    viewport: { width, height: 800 },
    isMobile: phone,
    hasTouch: phone,
  });
  const api = await apiSignIn(baseURL, login);
  await context.addCookies((await api.storageState()).cookies);
  await api.dispose();
  const page = await context.newPage();
  failOnConsoleErrors(page);
  return page;
}

export async function apiSignIn(baseURL: string, login: string): Promise<APIRequestContext> {
  const context = await request.newContext({ baseURL });
  await signInOver(context, login);
  return context;
}

/**
 * Signs the page's browser context in over HTTP (its `request` shares the context's cookies): for
 * a test about what comes after, it spares the stand-in's form and the callback page, whose flow
 * e2e/sign-in.spec.ts drives in the browser. The page stays where it was: go to a page next.
 */
export async function signInOverHttp(page: Page, login: string): Promise<void> {
  await signInOver(page.request, login);
}

async function signInOver(context: APIRequestContext, login: string): Promise<void> {
  const start = await context.get('/api/auth/login', { maxRedirects: 0 });
  const authorize = new URL(start.headers().location!);
  const form = { ...Object.fromEntries(authorize.searchParams), login };
  const back = new URL((await context.post(authorize.pathname, { form, maxRedirects: 0 })).headers().location!);
  for (;;) {
    const answer = await context.get(`/api/auth/callback${back.search}`);
    // A server at the intra's pace may answer 202: waiting in line, ask again after retry_after_ms.
    if (answer.status() === 202) {
      const { retry_after_ms } = await answer.json();
      await new Promise((resolve) => setTimeout(resolve, retry_after_ms));
      continue;
    }
    expect(answer.status(), `sign-in of ${login}`).toBe(200);
    return;
  }
}

/** The signed-in candidate applies and the board approves, through the API: step 1. */
export async function applyAndApprove(candidate: APIRequestContext, admin: APIRequestContext): Promise<void> {
  const application = await (
    await candidate.post('/api/applications', { data: { motivation: 'I want to build robots with a team.' } })
  ).json();
  expect(
    (await admin.put(`/api/admin/applications/${application.id}/review`, { data: { status: 'approved' } })).status(),
  ).toBe(200);
}

export const HOUR = 3_600_000;
/** The moment `offset` milliseconds from now (before it when negative), as the API takes dates. */
export const fromNow = (offset: number): string => new Date(Date.now() + offset).toISOString();

/** The call answered with `status`; its JSON body. */
export async function expectAnswer(
  answer: Promise<{ status(): number; json(): Promise<unknown> }>,
  status = 200,
): Promise<Record<string, unknown>> {
  const response = await answer;
  expect(response.status()).toBe(status);
  return response.json() as Promise<Record<string, unknown>>;
}

/** axe finds no violation of WCAG 2.1 A and AA on the page as it is (each named by its rule and first element). */
export async function expectAccessible(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
}

/**
 * A hackathon's registration open to candidates as soon as their challenges are validated, with one
 * challenge of one exercise for them to validate (on a spec's own server, the only challenge).
 */
export async function openHackathonRegistration(admin: APIRequestContext, tag: string): Promise<void> {
  await expectAnswer(
    admin.put('/api/admin/settings', { data: { settings: { hackathon_registration_delay_days: 0 } } }),
  );
  const challenge = {
    title: `${tag} ${uniqueLogin('c')}`,
    description: 'One exercise.',
    difficulty_level: 'beginner',
    grade: 10,
    exercise_1_title: 'Wire',
  };
  await expectAnswer(admin.post('/api/challenges/admin/challenges', { data: challenge }), 201);
}

/** Brings a candidate to step 2 through the API: applied, approved, every challenge done and validated. */
export async function toStepTwo(candidate: APIRequestContext, admin: APIRequestContext): Promise<void> {
  await applyAndApprove(candidate, admin);
  await completeChallenges(candidate, admin);
}

/** From step 1 to step 2 through the API: every challenge of the approved candidate done and validated. */
export async function completeChallenges(candidate: APIRequestContext, admin: APIRequestContext): Promise<void> {
  const mine = await (await candidate.get('/api/challenges/me')).json();
  for (const challenge of mine.data) {
    expect((await candidate.post(`/api/challenges/${challenge.id}/start`)).status()).toBe(200);
    for (const n of [1, 2, 3, 4]) {
      if (!challenge[`exercise_${n}_title`]) continue;
      const link = `https://www.tinkercad.com/things/hack${challenge.id}e${n}`;
      expect(
        (
          await candidate.post(`/api/challenges/${challenge.id}/exercise/${n}/submit`, {
            data: { tinkercad_link: link },
          })
        ).status(),
      ).toBe(200);
    }
    expect((await candidate.post(`/api/challenges/${challenge.id}/submit`)).status()).toBe(200);
    expect(
      (
        await admin.post(`/api/challenges/${challenge.id}/validate`, { data: { status: 'validated', awarded_xp: 100 } })
      ).status(),
    ).toBe(200);
  }
  expect((await (await candidate.get('/api/applications/me')).json()).step).toBe(2);
}

/** A page signed in as `login` (over HTTP) in a browser context of its own (each person has their own cookies). */
export async function signedInPage(browser: Browser, baseURL: string, login: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL })).newPage();
  failOnConsoleErrors(page);
  await signInOverHttp(page, login);
  return page;
}

/** The path of every page of the admin sidebar, read from the sidebar itself so that a new admin page is covered too. */
export async function adminSectionPaths(page: Page): Promise<string[]> {
  await page.goto('/admin/users');
  // The sidebar, found by an address only it has (the top bar's Admin link leads to /admin/users,
  // and the sidebar is drawn later, with the lazy admin layout); not by its name, which is in the
  // page's language.
  const links = page
    .getByRole('navigation')
    .filter({ has: page.locator('a[href="/admin/overview"]') })
    .getByRole('link');
  await expect(links.first()).toBeVisible();
  const paths = await links.evaluateAll((anchors) =>
    anchors.map((a) => new URL((a as HTMLAnchorElement).href).pathname),
  );
  expect(paths.length).toBeGreaterThanOrEqual(6);
  return paths;
}

/**
 * Fails the test on any error the page logs or throws, and on a text shown that no catalog holds,
 * but for one: Playwright's own scripts, which it tries to run in every frame to find elements
 * there, are refused in the email preview's frame (sandboxed, no scripts). Chromium alone logs
 * nothing there.
 */
export function failOnConsoleErrors(page: Page): void {
  page.on('pageerror', (error) => {
    throw error;
  });
  page.on('console', (message) => {
    const text = message.text();
    // Lingui's warning for a text shown that no catalog holds: it is shown untranslated (issue 28).
    if (text.startsWith('Uncompiled message detected!')) throw new Error(`console warning: ${text}`);
    if (message.type() !== 'error' || /Failed to load resource/.test(text)) return;
    if (/^Blocked script execution in 'about:srcdoc'/.test(text)) return;
    throw new Error(`console error: ${text}`);
  });
}

/** A port nobody listens on now, known when a spec file loads. */
export function freePortSync(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

/**
 * A server and a database of a spec's own, for counts the shared server of the run cannot keep
 * or a configuration it does not have. Its address is known when the spec file loads (for
 * `test.use({ baseURL })`); `start` runs the built server there and answers once it is healthy.
 */
export function ownServer(name: string, env: Record<string, string> = {}) {
  const port = freePortSync();
  const baseURL = `http://localhost:${port}`;
  let stop = async () => {};
  let dataDir = '';
  return {
    baseURL,
    /** The server's SQLite file, for a spec that must set up what no route can (a review weeks ago). */
    get databaseFile() {
      return path.join(dataDir, 'club.sqlite');
    },
    async start(): Promise<void> {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `club-${name}-e2e-`));
      const server = spawn(process.execPath, ['dist/server/main.js'], {
        env: {
          ...process.env,
          PORT: port,
          HOST: '127.0.0.1',
          PUBLIC_URL: baseURL,
          DATA_DIR: dataDir,
          RATE_LIMIT_PER_MINUTE: '0',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'test',
          // A club of its own: with REDIS_URL set (as in CI), servers of one prefix share their
          // rate limits and the intra's pace, and one spec's line of sign-ins kept another's waiting.
          REDIS_KEY_PREFIX: `club-e2e-${name}-${port}:`,
          ...env,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      stop = async () => {
        if (server.exitCode === null) {
          const exited = new Promise((resolve) => server.once('exit', resolve));
          server.kill('SIGTERM');
          await exited;
        }
        fs.rmSync(dataDir, { recursive: true, force: true });
      };
      for (let tries = 0; ; tries++) {
        const up = await fetch(`${baseURL}/api/health`).then(
          (answer) => answer.ok,
          () => false,
        );
        if (up) return;
        if (tries > 150) throw new Error(`the ${name} spec server did not start`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    stop: () => stop(),
  };
}
