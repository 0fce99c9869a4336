import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { apiSignIn, failOnConsoleErrors, ownServer, signInOverHttp } from './support';

/**
 * The Logs page's before → after, filters and export, and the Users page's filters done by the
 * server (docs/product/screens.md#logs-page, #users-page). A server of this spec's own, so that every
 * entry and every total is known; seeding signs many in at once, so the intra's pace is off.
 */
const server = ownServer('audit-users', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
const baseURL = server.baseURL;

test.describe.configure({ mode: 'serial' });
test.use({ baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

async function ok(answer: Promise<import('@playwright/test').APIResponse>) {
  const response = await answer;
  expect(response.ok(), `${response.url()}: ${response.status()}`).toBe(true);
  return response.json();
}

/** Signs `login` in over HTTP and answers their user id. */
async function userId(login: string): Promise<number> {
  const context = await apiSignIn(baseURL, login);
  const { id } = await ok(context.get('/api/users/me'));
  await context.dispose();
  return id as number;
}

let admin: APIRequestContext;
// The first person to sign in is the last on the newest-first Users list: on its second page.
let banned: number;

test.beforeAll(async () => {
  admin = await apiSignIn(baseURL, 'admin');
  const rovers: number[] = [];
  for (let n = 0; n <= 21; n++) rovers.push(await userId(`rover-${String(n).padStart(2, '0')}`));
  banned = rovers[0]!;
  await ok(admin.put(`/api/admin/members/${banned}/ban`, { data: { is_banned: true } }));
  await ok(admin.put(`/api/admin/members/${rovers[1]}/role`, { data: { role: 'member' } }));
});
test.afterAll(() => admin.dispose());

/** How far the page, and the log's table in its box, run past their width. */
const overflow = (page: Page) =>
  page.evaluate(() => {
    const box = document.querySelector('.log-table')!;
    return {
      page: document.documentElement.scrollWidth - window.innerWidth,
      table: box.scrollWidth - box.clientWidth,
    };
  });

test('an admin opens an audit entry on its before → after, narrows the log by entity and action, and exports it', async ({
  page,
}) => {
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  await page.goto('/admin/logs');

  const entry = page.getByRole('button', { name: 'Details of user.banned' });
  await expect(entry).toHaveAttribute('aria-expanded', 'false');
  const changes = page.getByRole('table', { name: 'What changed' });
  await expect(changes).toBeHidden();
  await entry.focus();
  await page.keyboard.press('Enter');
  await expect(entry).toHaveAttribute('aria-expanded', 'true');
  await expect(changes.getByRole('columnheader')).toHaveText(['Field', 'Before', 'After']);
  const banRow = changes.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'is_banned' }) });
  await expect(banRow.getByRole('cell')).toHaveText(['false', 'true']);
  await expect(page.getByText('sessions_revoked')).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    expect(await overflow(page), `at ${width} px`).toEqual({ page: 0, table: 0 });
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.keyboard.press('Space');
  await expect(changes).toBeHidden();
  await expect(entry).toBeFocused();

  const actions = page.locator('.log-action code');
  const address = () => Object.fromEntries(new URL(page.url()).searchParams);
  await expect(page.getByText(/^1–\d+ of \d+$/)).toBeVisible();
  await page.getByLabel('Entity').selectOption('user');
  await expect.poll(address).toEqual({ entity_type: 'user' });
  // The admin signed in twice (over HTTP, then here), the 22 rovers once; one ban, one role change.
  await expect(page.getByText('1–26 of 26')).toBeVisible();
  await page.getByLabel('Action').fill('ROLE');
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(actions).toHaveText(['user.role_changed']);
  await expect.poll(address).toEqual({ entity_type: 'user', action: 'ROLE' });

  const exportLink = page.getByRole('link', { name: 'Export CSV' });
  await expect(exportLink).toHaveAttribute('href', '/api/admin/audit-logs/export.csv?action=ROLE&entity_type=user');
  const csv = await (await page.request.get((await exportLink.getAttribute('href'))!)).text();
  const records = csv.trim().split('\r\n');
  expect(records).toHaveLength(2);
  expect(records[1]).toContain('"user.role_changed"');

  await page.getByLabel('Entity').selectOption('All');
  await page.getByLabel('Action').fill('sign_in');
  await expect(page.getByText('1–24 of 24')).toBeVisible();
  await expect(exportLink).toHaveAttribute('href', '/api/admin/audit-logs/export.csv?action=sign_in');
});

test("the Users page's filters are done by the server: a banned user on the second page, every role", async ({
  page,
}) => {
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  await page.goto('/admin/users');
  await expect(page.getByText('1–20 of 23')).toBeVisible();

  await page.getByLabel('Banned').selectOption('Banned');
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  const cards = page
    .getByRole('main')
    .getByRole('row')
    .filter({ has: page.getByText(/^(admin|rover-\d\d)$/) });
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('rover-00');
  await expect(cards.first().getByText('Banned', { exact: true })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('banned')).toBe('true');

  await page.getByLabel('Banned').selectOption('Not banned');
  await expect(page.getByText('1–20 of 22')).toBeVisible();

  await page.getByLabel('Banned').selectOption('All');
  const roles = page.getByLabel('Role');
  await expect(roles.getByRole('option')).toHaveText(['All', 'Student', 'Member', 'Board']);
  await roles.selectOption('Member');
  await expect(page.getByText('1–1 of 1')).toBeVisible();
  await expect(cards.first()).toContainText('rover-01');
  // Every rover but the member, and the admin (an admin flag, not a role).
  await roles.selectOption('Student');
  await expect(page.getByText('1–20 of 22')).toBeVisible();
  await page.getByLabel('Banned').selectOption('Banned');
  await expect(page.getByText('1–1 of 1')).toBeVisible();
});
