import { expect, test } from '@playwright/test';
import { apiSignIn, failOnConsoleErrors, ownServer, signInOverHttp } from './support';

/**
 * An admin list keeps its filters and page in the address (docs/decisions/0113). A server of
 * this spec's own, so that exactly the people it signs in match its search; seeding signs many
 * in at once, so the intra's pace is off.
 */
const server = ownServer('list-address', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
const baseURL = server.baseURL;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/** One person signed in through the stand-in over HTTP, so that the Users list holds them. */
async function register(login: string): Promise<void> {
  await (await apiSignIn(baseURL, login)).dispose();
}

test('a filtered admin list survives a reload and opens the same from a shared link', async ({ page, browser }) => {
  // 21 rovers: two pages of 20 once the search finds them, and one person the search leaves out.
  for (let n = 1; n <= 21; n++) await register(`rover-${String(n).padStart(2, '0')}`);
  await register('walker-01');
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  await page.goto('/admin/users');
  await expect(page.getByText('1–20 of 23')).toBeVisible();

  await page.getByLabel('Search').fill('rover');
  await page.getByLabel('Banned').selectOption('Not banned');
  await expect(page.getByText('1–20 of 21')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('21–21 of 21')).toBeVisible();
  const address = () => Object.fromEntries(new URL(page.url()).searchParams);
  await expect.poll(address).toEqual({ q: 'rover', banned: 'false', offset: '20' });
  const cards = page
    .getByRole('main')
    .getByRole('row')
    .filter({ hasText: /^rover-\d\d/ });
  await expect(cards).toHaveCount(1);

  await page.reload();
  await expect(page.getByLabel('Search')).toHaveValue('rover');
  await expect(page.getByLabel('Banned')).toHaveValue('false');
  await expect(page.getByText('21–21 of 21')).toBeVisible();
  await expect(cards).toHaveCount(1);

  const shared = page.url();
  const colleague = await (await browser.newContext({ baseURL })).newPage();
  failOnConsoleErrors(colleague);
  await signInOverHttp(colleague, 'admin');
  await colleague.goto(shared);
  await expect(colleague.getByLabel('Search')).toHaveValue('rover');
  await expect(colleague.getByText('21–21 of 21')).toBeVisible();
  await colleague.context().close();

  // A new search, typed key by key into the box the address fills, starts again on the first page.
  await page.getByLabel('Search').fill('');
  await page.getByLabel('Search').pressSequentially('rover-0');
  await expect(page.getByLabel('Search')).toHaveValue('rover-0');
  await expect(page.getByText('1–9 of 9')).toBeVisible();
  await expect.poll(address).toEqual({ q: 'rover-0', banned: 'false' });
});
