import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSignIn, ownServer, signedInPageAt } from './support';

/**
 * The board's lists made for 500 people (issue 28 item 3, decision 0154): Users and Applications
 * as tables (a card per row on a phone) with a search, sortable columns, the step and campus as
 * columns and filters, 20/50/100 a page in the address, a selection to approve, decline or
 * message, and Delete in a row's menu. A server of its own: its counts are this spec's.
 */
const server = ownServer('admin-tables', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });

/** 24 candidates who applied; the first four approved (step "4 Challenges"). */
const logins = Array.from({ length: 24 }, (_, i) => `table-${String(i + 1).padStart(2, '0')}`);

test.beforeAll(async () => {
  test.setTimeout(180_000);
  await server.start();
  const admin = await apiSignIn(server.baseURL, 'admin');
  const candidates = await Promise.all(logins.map((login) => apiSignIn(server.baseURL, login)));
  for (const candidate of candidates) {
    const sent = await candidate.post('/api/applications', { data: { motivation: 'I want to build robots here.' } });
    expect(sent.status()).toBe(201);
  }
  const { data } = await (await admin.get('/api/admin/applications?sort=created_at&limit=4')).json();
  for (const application of data) {
    const review = await admin.put(`/api/admin/applications/${application.id}/review`, {
      data: { status: 'approved' },
    });
    expect(review.status()).toBe(200);
  }
  await Promise.all([...candidates, admin].map((api) => api.dispose()));
});
test.afterAll(() => server.stop());

const boardPage = (browser: Browser, width: number) => signedInPageAt(browser, server.baseURL, 'admin', { width });

const address = (page: Page) => Object.fromEntries(new URL(page.url()).searchParams);
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
const rowsOf = (page: Page) => page.getByRole('main').locator('tbody > tr');

for (const width of [1280, 360]) {
  test(`Users at ${width} px: search, sort, step filter and page size in the address; Delete in the row's menu`, async ({
    browser,
  }) => {
    const page = await boardPage(browser, width);
    await page.goto('/admin/users');
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('1–20 of 25')).toBeVisible();

    // A search on the email, which the old list did not read.
    await page.getByLabel('Search').fill('table-1');
    await expect(page.getByText('1–10 of 10')).toBeVisible();
    await page.getByLabel('Search').fill('table-07@student');
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText('table-07');
    await expect.poll(() => address(page)).toEqual({ q: 'table-07@student' });
    await page.getByLabel('Search').fill('table-');

    // The User column sorts A to Z, then Z to A; its header says which.
    const byLogin = page.getByRole('button', { name: 'User: sort ascending' });
    await expect(byLogin).toBeVisible();
    await byLogin.click();
    await expect.poll(() => address(page)).toEqual({ q: 'table-', sort: 'login' });
    await expect(rows.first()).toContainText('table-01');
    await expect(page.getByRole('columnheader', { name: /User/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByRole('button', { name: 'User: sort descending' }).click();
    await expect(rows.first()).toContainText('table-24');

    // The step as a column and a filter.
    await page.getByLabel('Step').selectOption({ label: '4 Challenges' });
    await expect(page.getByText('1–4 of 4')).toBeVisible();
    await expect(rows.first()).toContainText('4 Challenges');
    await page.getByLabel('Step').selectOption({ label: 'All' });

    // 50 a page, in the address, back after a reload.
    await page.getByLabel('Per page').selectOption('50');
    await expect.poll(() => address(page)).toEqual({ q: 'table-', sort: '-login', limit: '50' });
    await page.reload();
    await expect(rows).toHaveCount(24);
    await expect(page.getByLabel('Per page')).toHaveValue('50');

    // Delete waits in the row's menu, not on the row.
    const row = rows.filter({ hasText: 'table-24' });
    await expect(row.getByRole('button', { name: 'Delete' })).toBeHidden();
    await row.getByLabel('More actions for @table-24').click();
    await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(row.getByRole('button', { name: 'Delete' })).toBeHidden();

    expect(await sidewaysScroll(page)).toBe(0);
    if (width === 360) {
      // A card per user: the values named by their column, the row one above the other.
      await expect(rows.first().locator('td[data-label="Step"]')).toBeVisible();
      const boxes = await rows
        .first()
        .locator('td[data-label]')
        .evaluateAll((cells) => cells.map((cell) => cell.getBoundingClientRect().top));
      expect(new Set(boxes).size).toBe(boxes.length);
    }
    await page.context().close();
  });
}

test('Users at 360 px: a message to a selection', async ({ browser }) => {
  const page = await boardPage(browser, 360);
  await page.goto('/admin/users?q=table-2&sort=login');
  const rows = rowsOf(page);
  await expect(rows).toHaveCount(5);
  await page.getByRole('checkbox', { name: 'Select @table-20' }).check();
  await page.getByRole('checkbox', { name: 'Select @table-21' }).check();
  await expect(page.getByText('2 users selected')).toBeVisible();
  await page.getByRole('button', { name: 'Message the selected' }).click();
  const dialog = page.getByRole('dialog', { name: 'Message 2 people' });
  await dialog.getByLabel('Subject').fill('Workshop on Saturday');
  await dialog.getByLabel('Message').fill('Bring your laptop.');
  await dialog.getByRole('button', { name: 'Send' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Sent to 2 people')).toBeVisible();
  expect(await sidewaysScroll(page)).toBe(0);
  await page.context().close();
});

for (const width of [1280, 360]) {
  test(`Applications at ${width} px: search, oldest first, step filter, page size, bulk decline of a selection`, async ({
    browser,
  }) => {
    const page = await boardPage(browser, width);
    await page.goto('/admin/applications');
    const rows = rowsOf(page);
    await expect(rows).toHaveCount(20);
    await expect(page.getByText('1–20 of 24')).toBeVisible();

    await page.getByRole('button', { name: 'Sent: sort ascending' }).click();
    await expect.poll(() => address(page)).toEqual({ sort: 'created_at' });
    await expect(rows.first()).toContainText('table-01');
    await expect(rows.first()).toContainText('4 Challenges');

    // 20 waiting at step 0, two fewer after the test at 1280 px declined two.
    await page.getByLabel('Step').selectOption({ label: 'Application' });
    const waiting = width === 1280 ? 20 : 18;
    await expect(page.getByText(`1–${waiting} of ${waiting}`)).toBeVisible();
    await page.getByLabel('Per page').selectOption('100');
    await expect.poll(() => address(page)).toEqual({ sort: 'created_at', step: '0', limit: '100' });

    const who = width === 1280 ? ['table-23', 'table-24'] : ['table-21', 'table-22'];
    // table-20 … table-24 are waiting, or only three of them once the test at 1280 px declined two.
    await page.getByLabel('Search').fill('table-2');
    const found = width === 1280 ? 5 : 3;
    await expect(page.getByText(`1–${found} of ${found}`)).toBeVisible();
    for (const login of who) await page.getByRole('checkbox', { name: `Select the application of ${login}` }).check();
    await page.getByRole('button', { name: 'Decline selected' }).click();
    const confirm = page.getByRole('dialog', { name: 'Decline 2 applications?' });
    await confirm.getByRole('button', { name: 'Decline 2' }).click();
    await expect(page.getByText('2 reviewed.')).toBeVisible();
    for (const login of who) await expect(rows.filter({ hasText: login })).toHaveCount(0);
    expect(await sidewaysScroll(page)).toBe(0);
    await page.context().close();
  });
}
