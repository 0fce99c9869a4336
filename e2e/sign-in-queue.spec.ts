import AxeBuilder from '@axe-core/playwright';
import { expect, request, test } from '@playwright/test';
import { authorizeOnStandIn, ownServer } from './support';

/**
 * Opening day: sign-ins wait in line behind the intra's 2 calls a second. A server of this spec's
 * own with the default limits (the app's pace and the stand-in's), so that the line is known.
 */
const server = ownServer('sign-in-queue');
const baseURL = server.baseURL;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/** Candidates who reached the callback just before: their sign-ins take the first places in line. */
async function fillTheLine(count: number) {
  const context = await request.newContext({ baseURL });
  const pending = [];
  for (let i = 0; i < count; i++) {
    const start = await context.get('/api/auth/login', { maxRedirects: 0 });
    const authorize = new URL(start.headers().location!);
    const granted = await context.post(authorize.pathname, {
      form: { ...Object.fromEntries(authorize.searchParams), login: `ahead-${i}` },
      maxRedirects: 0,
    });
    const back = new URL(granted.headers().location!);
    // Each asks once and leaves: a claimed sign-in goes on without its browser.
    pending.push(
      context.get(`/api/auth/callback${back.search}`, {
        headers: { cookie: `oauth_state=${back.searchParams.get('state')}` },
      }),
    );
  }
  await Promise.all(pending);
  await context.dispose();
}

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 375, height: 740 },
]) {
  test(`the callback page shows the place in line while the intra is busy, then lands signed in, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    // Every heading each page shows, from its first paint: "Authentication Successful" is shown only
    // until the page moves on to the landing, and a loaded machine may spend that time on axe.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { headingsSeen: string[] }).headingsSeen = seen;
      new MutationObserver(() => {
        for (const heading of document.querySelectorAll('h1')) seen.push(heading.textContent ?? '');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await page.goto('/');
    await page.getByRole('link', { name: 'Login with 42' }).first().click();
    await expect(page).toHaveURL(/\/dev\/intra\/oauth\/authorize/);
    // Twelve ahead: the line lasts longer than a loaded machine takes to show the page (six did not).
    await fillTheLine(12);
    await authorizeOnStandIn(page, `patient-${width}`);
    await expect(page.getByRole('heading', { name: 'Completing Authentication' })).toBeVisible();
    await expect(page.getByText(/You are number \d+ in line, about \d+ seconds to go\./)).toBeVisible();
    await page.screenshot({ path: `test-results/sign-in-queue-${width}.png` });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(violations).toEqual([]);
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const seen = await page.evaluate(() => (window as unknown as { headingsSeen: string[] }).headingsSeen);
    expect(seen).toContain('Authentication Successful');
    const me = await page.request.get('/api/users/me');
    expect((await me.json()).intra_login).toBe(`patient-${width}`);
  });
}
