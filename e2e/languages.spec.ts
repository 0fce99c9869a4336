import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, signIn, uniqueLogin } from './support';

// The language of the interface (decisions.md §12, docs/decisions/0128-languages.md): the user's
// choice, else the browser's Accept-Language, else English; <html lang dir> follow it.

const footer = (page: Page) => page.getByRole('contentinfo');
const languageMenu = (page: Page) => page.getByRole('banner').getByLabel(/^(Language|Langue|اللغة)$/);

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('gets the pages in French, left to right, with English still one choice away', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(footer(page)).toContainText('Des questions ? Écrivez à');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await languageMenu(page).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('a visitor’s choice of Arabic is laid out right to left and kept across a reload', async ({ page }) => {
  failOnConsoleErrors(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await languageMenu(page).selectOption('ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

test('a member’s choice is saved on the account: a new sign-in in another browser speaks it', async ({
  browser,
  baseURL,
}) => {
  const login = uniqueLogin('lang');
  const first = await (await browser.newContext({ baseURL })).newPage();
  failOnConsoleErrors(first);
  await signIn(first, login);
  const saved = first.waitForResponse((answer) => answer.url().endsWith('/api/users/me/preferences'));
  await languageMenu(first).selectOption('fr');
  expect((await saved).status()).toBe(200);
  await expect(footer(first)).toContainText('Des questions ? Écrivez à');
  await first.context().close();

  // Another browser, English by its settings and with nothing remembered: the account decides.
  const second = await (await browser.newContext({ baseURL, locale: 'en-US' })).newPage();
  failOnConsoleErrors(second);
  await signIn(second, login);
  await expect(footer(second)).toContainText('Des questions ? Écrivez à');
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr');
  expect((await (await second.request.get('/api/users/me')).json()).locale).toBe('fr');
  await second.context().close();
});
