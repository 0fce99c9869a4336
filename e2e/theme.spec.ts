import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, failOnConsoleErrors, signIn, uniqueLogin } from './support';

// The dark theme of docs/decisions/0123-dark-theme.md: the system's setting unless a choice is saved.
test.use({ colorScheme: 'dark' });

/** The page's background as a relative luminance (WCAG's formula): under 0.1 is dark, over 0.8 light. */
const backgroundLuminance = (page: Page) =>
  page.evaluate(() => {
    const [r, g, b] = getComputedStyle(document.body)
      .backgroundColor.match(/\d+(\.\d+)?/g)!
      .slice(0, 3)
      .map((channel) => {
        const c = Number(channel) / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  });

const expectDark = async (page: Page) => expect.poll(() => backgroundLuminance(page)).toBeLessThan(0.1);
const expectLight = async (page: Page) => expect.poll(() => backgroundLuminance(page)).toBeGreaterThan(0.8);

/** The colour the browser gives its own bar: the theme-color tag whose media query holds. */
const themeColor = (page: Page) =>
  page.evaluate(
    () =>
      [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].find(
        (meta) => !meta.media || matchMedia(meta.media).matches,
      )?.content,
  );

const themeGroup = (page: Page) => page.getByRole('group', { name: 'Theme' });
/** The option as a person sees it: the label round the radio (icon and name), clicked. */
const option = (page: Page, name: string) =>
  themeGroup(page)
    .locator('label')
    .filter({ has: page.getByRole('radio', { name }) });

test('the system setting alone makes the page dark; Light overrides it across a reload and a new sign-in', async ({
  page,
}) => {
  failOnConsoleErrors(page);
  await page.goto('/');
  await expectDark(page);
  await expect(themeGroup(page).getByRole('radio', { name: 'System' })).toBeChecked();
  expect(await themeColor(page)).toBe('#05090f');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light dark');

  await option(page, 'Light').click();
  await expectLight(page);
  await expect(themeGroup(page).getByRole('radio', { name: 'Light' })).toBeChecked();
  expect(await themeColor(page)).toBe('#0b1220');
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).colorScheme)).toBe('light');

  await page.reload();
  await expectLight(page);
  await expect(themeGroup(page).getByRole('radio', { name: 'Light' })).toBeChecked();

  const login = uniqueLogin('theme');
  await signIn(page, login);
  await page.goto('/apply');
  await expectLight(page);
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('link', { name: 'Login with 42' }).first()).toBeVisible();
  await expectLight(page);
  await signIn(page, login);
  await page.goto('/apply');
  await expectLight(page);
  await expect(themeGroup(page).getByRole('radio', { name: 'Light' })).toBeChecked();

  // Back to System: the dark setting of the system holds again.
  await option(page, 'System').click();
  await expectDark(page);
  await page.reload();
  await expectDark(page);
});

test('a saved choice is on the page before the app’s script runs: no flash of the other theme', async ({ page }) => {
  failOnConsoleErrors(page);
  await page.goto('/');
  await option(page, 'Light').click();
  await expectLight(page);

  // Hold the app's scripts back: what shows then is the HTML, the stylesheet and index.html's inline script.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.reload({ waitUntil: 'commit' });
  await page.waitForFunction(() => document.body && [...document.styleSheets].some((sheet) => sheet.href));
  expect(await page.locator('#root').innerHTML()).toBe('');
  await expectLight(page);
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  expect(await themeColor(page)).toBe('#0b1220');
  release();
  await expect(themeGroup(page).getByRole('radio', { name: 'Light' })).toBeChecked();
});

test('the theme is chosen with the keyboard: one tab stop, the arrow keys move the choice, the focus shows', async ({
  page,
}) => {
  failOnConsoleErrors(page);
  await page.goto('/');
  // The language menu comes just before the theme in the top bar (docs/decisions/0128-languages.md).
  await page.getByRole('banner').getByLabel('Language').focus();
  await page.keyboard.press('Tab');
  const system = themeGroup(page).getByRole('radio', { name: 'System' });
  await expect(system).toBeFocused();
  const ring = (name: string) =>
    option(page, name)
      .locator('.theme-option')
      .evaluate((option) => getComputedStyle(option).boxShadow);
  expect(await ring('System')).not.toBe('none');

  await page.keyboard.press('ArrowRight');
  await expect(themeGroup(page).getByRole('radio', { name: 'Light' })).toBeChecked();
  await expectLight(page);
  await page.keyboard.press('ArrowRight');
  await expect(themeGroup(page).getByRole('radio', { name: 'Dark' })).toBeChecked();
  await expect(themeGroup(page).getByRole('radio', { name: 'Dark' })).toBeFocused();
  expect(await ring('Dark')).not.toBe('none');
  expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
  await expectDark(page);
  // One stop for the group: the next Tab leaves it.
  await page.keyboard.press('Tab');
  await expect(page.locator('input[type="radio"]:focus')).toHaveCount(0);
});

test('the phone menu offers the theme with its names, and the choice holds @phone', async ({ page }) => {
  failOnConsoleErrors(page);
  await page.goto('/');
  await expect(themeGroup(page)).toBeHidden();
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const group = themeGroup(page);
  await expect(group.getByText('Theme')).toBeVisible();
  await option(page, 'Light').click();
  await expectLight(page);
  await page.reload();
  await expectLight(page);
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(themeGroup(page).getByRole('radio', { name: 'Light' })).toBeChecked();
});

/** A candidate in the challenges step (signed in over HTTP), so that the tracker shows its done, current and upcoming dots. */
async function approvedCandidate(baseURL: string, admin: APIRequestContext): Promise<APIRequestContext> {
  const candidate = await apiSignIn(baseURL, uniqueLogin('dark'));
  const data = { motivation: 'I build line followers and want to learn control loops.', experience_level: 'beginner' };
  const sent = await candidate.post('/api/applications', { data });
  expect(sent.status()).toBe(201);
  const { id } = (await sent.json()) as { id: number };
  const review = await admin.put(`/api/admin/applications/${id}/review`, { data: { status: 'approved' } });
  expect(review.status()).toBe(200);
  return candidate;
}

// Pa11y checks every page's contrast in the dark theme at two widths (e2e/pa11y.spec.ts): here,
// that the system's dark setting reaches the tracker and the admin pages at all.
test('the system dark setting holds on a tracker, Applications and Overview', async ({ page, baseURL }) => {
  failOnConsoleErrors(page);
  const admin = await apiSignIn(baseURL!, 'admin');
  const candidate = await approvedCandidate(baseURL!, admin);
  const check = async (session: APIRequestContext, path: string, heading: string | RegExp) => {
    await page.context().clearCookies();
    await page.context().addCookies((await session.storageState()).cookies);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectDark(page);
  };
  await check(candidate, '/apply', /Hello/);
  await expect(page.locator('[aria-current="step"]')).toContainText('4 Challenges');
  await check(admin, '/admin/applications', 'Applications');
  await check(admin, '/admin/overview', 'Overview');
  await Promise.all([admin.dispose(), candidate.dispose()]);
});
