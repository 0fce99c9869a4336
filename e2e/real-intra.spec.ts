import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { intraProfile, startFakeIntra, type FakeIntra } from '../test/support/server/fake-intra';
import { startTlsProxy } from '../test/support/server/tls-proxy';
import { freePortSync, ownServer } from './support';

/**
 * The whole sign-in in Chromium, against the production build (NODE_ENV=production) and an
 * intra it does not serve itself: the independent fake of test/support, which reads client
 * credentials as Doorkeeper does (decisions §13). The app sits behind an HTTPS proxy on loopback,
 * as behind the club's nginx, so that its https PUBLIC_URL is where the browser really goes.
 */
const proxyPort = freePortSync();
const publicUrl = `https://localhost:${proxyPort}`;
const env: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: publicUrl,
  ADMIN_LOGINS: 'board-admin',
  FT_RATE_LIMIT: '2/s,1200/h',
};
const server = ownServer('real-intra', env);
let intra: FakeIntra;
let proxy: Awaited<ReturnType<typeof startTlsProxy>>;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: publicUrl, ignoreHTTPSErrors: true });

test.beforeAll(async () => {
  intra = await startFakeIntra();
  intra.application.redirectUri = `${publicUrl}/auth/callback`;
  Object.assign(env, {
    FT_OAUTH_BASE_URL: intra.baseUrl,
    FT_CLIENT_ID: intra.application.clientId,
    FT_CLIENT_SECRET: intra.application.secret,
  });
  await server.start();
  proxy = await startTlsProxy(Number(new URL(server.baseURL).port), Number(proxyPort));
  intra.addProfile(intraProfile('salma', 910_001));
  intra.addProfile(intraProfile('board-admin', 910_002, { first_name: 'Nadia', last_name: 'Alaoui' }));
  intra.addProfile(intraProfile('yassine', 910_003, { first_name: 'Yassine', last_name: 'Idrissi' }));
});

test.afterAll(async () => {
  await proxy?.close();
  await server.stop();
  await intra?.close();
});

/** From the landing page's "Login with 42" to the intra's page, where this person says yes. */
async function signInAt(page: Page, login: string): Promise<void> {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Login with 42' }).click();
  await page.waitForURL((url) => url.origin === intra.baseUrl);
  await page.getByLabel('Login').fill(login);
  await page.getByRole('button', { name: 'Authorize' }).click();
}

test('a candidate signs in with 42 through the production build and an intra that reads credentials as Doorkeeper does', async ({
  page,
}) => {
  await signInAt(page, 'salma');
  await expect(page.getByRole('heading', { name: 'Authentication Successful' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByText('@salma')).toBeVisible();
});

test("when the intra refuses the club's secret, the candidate is told why and every admin sees it; the end date shows 14 days ahead", async ({
  browser,
}) => {
  // Two sign-ins and axe over the Users table at two widths: several seconds each on a loaded machine.
  test.setTimeout(180_000);
  // The intra announces that the club's secret ends in 5 days.
  intra.application.secretValidUntil = Math.floor(Date.now() / 1000) + 5 * 86_400;
  // A context of its own: axe (below) runs in a page of a context.
  const adminContext = await browser.newContext({ baseURL: publicUrl, ignoreHTTPSErrors: true });
  const admin = await adminContext.newPage();
  await signInAt(admin, 'board-admin');
  await admin.waitForURL('**/admin/users');
  await expect(admin.getByRole('status').filter({ hasText: "The club's 42 secret expires on" })).toBeVisible();

  // Then the secret is replaced at the intra, and not in the app: every sign-in is refused.
  intra.application.secret = `s-s4t2ud-${randomBytes(32).toString('hex')}`;
  const candidate = await browser.newPage({ baseURL: publicUrl, ignoreHTTPSErrors: true });
  await signInAt(candidate, 'yassine');
  await expect(
    candidate.getByText("Sign-in with 42 is unavailable: the club must renew its 42 application's secret."),
  ).toBeVisible();

  await admin.reload();
  await expect(admin.getByRole('alert').filter({ hasText: "refuses the club's 42 application secret" })).toBeVisible();
  // The banner passes axe (WCAG 2 AA) at both widths, beside the page it sits on.
  expect((await new AxeBuilder({ page: admin }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
  await admin.setViewportSize({ width: 375, height: 800 });
  expect((await new AxeBuilder({ page: admin }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations).toEqual([]);
  await adminContext.close();
  await candidate.close();
});
