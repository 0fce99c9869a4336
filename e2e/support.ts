import { expect, type Page } from '@playwright/test';

/** A login nobody else in the run uses: tests share one server and one database. */
export function uniqueLogin(prefix: string): string {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return `${prefix}-${suffix}`.slice(0, 20);
}

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
  await expect(page.getByRole('heading', { name: 'Authentication Successful' })).toBeVisible();
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/callback'));
}

/** Fails the test on any error the page logs or throws. */
export function failOnConsoleErrors(page: Page): void {
  page.on('pageerror', (error) => {
    throw error;
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
      throw new Error(`console error: ${message.text()}`);
    }
  });
}
