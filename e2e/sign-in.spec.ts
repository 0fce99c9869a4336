import { expect, test } from '@playwright/test';
import { authorizeOnStandIn, signIn, uniqueLogin } from './support';

test('a visitor signs in from the navigation through the 42 stand-in and lands on the tracker', async ({ page }) => {
  const login = uniqueLogin('cand');
  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login with 42' }).click();
  await authorizeOnStandIn(page, login);
  await expect(
    page
      .getByRole('heading', { name: 'Completing Authentication' })
      .or(page.getByRole('heading', { name: 'Authentication Successful' })),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authentication Successful' })).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('link', { name: 'Apply' })).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  await expect(page.getByText(`@${login}`)).toBeVisible();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Login with 42' }),
  ).toBeVisible();
});

test('an admin signing in from /admin/login lands on /admin/users with the sidebar', async ({ page }) => {
  await page.goto('/admin/login');
  await page.getByRole('button', { name: 'Sign in with 42' }).click();
  await authorizeOnStandIn(page, 'admin');
  await page.waitForURL('**/admin/users');
  const sidebar = page.getByRole('complementary', { name: 'Admin' });
  await expect(sidebar.getByText('admin', { exact: true })).toBeVisible();
  for (const section of ['Users', 'Applications', 'Challenges', 'Submissions', 'Hackathon', 'Logs']) {
    await expect(sidebar.getByRole('link', { name: section })).toBeVisible();
  }
  await sidebar.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/admin/login');
});

test("an admin signing in from the landing page's Login with 42 lands on /admin/users", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'Login with 42' }).click();
  await authorizeOnStandIn(page, 'admin');
  await page.waitForURL('**/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
});

test('an admin sent home from an admin page returns to it after signing in from the landing page', async ({ page }) => {
  await page.goto('/admin/logs?entity_type=user');
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('main').getByRole('link', { name: 'Login with 42' }).click();
  await authorizeOnStandIn(page, 'admin');
  await page.waitForURL('**/admin/logs?entity_type=user');
  await expect(page.getByRole('heading', { name: 'Logs', level: 1 })).toBeVisible();
});

test('a visitor who opened the app at 127.0.0.1 signs in on the address PUBLIC_URL names', async ({
  page,
  baseURL,
}) => {
  // The run's PUBLIC_URL is http://localhost:<port>; the same server answers on 127.0.0.1.
  const loopback = baseURL!.replace('localhost', '127.0.0.1');
  await page.goto(`${loopback}/api/auth/login`);
  await authorizeOnStandIn(page, uniqueLogin('loop'));
  await expect(page.getByRole('heading', { name: 'Authentication Successful' })).toBeVisible();
  expect(new URL(page.url()).origin).toBe(baseURL);
});

test('the callback page without code or state says Missing OAuth parameters and goes home', async ({ page }) => {
  await page.goto('/auth/callback');
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText('Missing OAuth parameters')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
});

test('a sign-in refused at the intra (error=access_denied) says Login failed and goes home', async ({ page }) => {
  await page.goto('/auth/callback?error=access_denied&state=abc');
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByText('Login failed. Please try again.')).toBeVisible();
  await page.waitForURL((url) => url.pathname === '/', { timeout: 5000 });
});

test('a signed-out visitor of /apply is sent home and returns to /apply after signing in', async ({ page }) => {
  await page.goto('/apply');
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/api/auth/login');
  await authorizeOnStandIn(page, uniqueLogin('back'));
  await page.waitForURL('**/apply');
});

test('a non-admin opening an admin page is sent to /apply', async ({ page }) => {
  await page.goto('/api/auth/login');
  await authorizeOnStandIn(page, uniqueLogin('nosy'));
  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/admin/users');
  await page.waitForURL('**/apply');
});

test('the mobile menu opens with the nav items and Join Now @phone', async ({ page }) => {
  await page.goto('/');
  const toggle = page.getByRole('button', { name: 'Menu' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByRole('link', { name: 'Join Now' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Rules' }).last()).toBeVisible();

  // A signed-in member has Apply in the menu, and is not asked to join.
  await signIn(page, uniqueLogin('menu'));
  await page.goto('/process');
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await expect(page.getByRole('link', { name: 'Apply' }).last()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join Now' })).toBeHidden();

  // The account menu opens inside the screen, whatever sits beside the avatar.
  await page.goto('/apply');
  await expect(page.getByRole('navigation', { name: 'Application progress' })).toBeVisible();
  await page.getByRole('button', { name: /Account menu/ }).click();
  const panel = page.locator('.user-menu-panel');
  const box = (await panel.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(width);
  await page.screenshot({ path: test.info().outputPath('tracker-menu-phone.png') });
});
