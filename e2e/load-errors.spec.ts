import { expect, test } from '@playwright/test';
import { adminSectionPaths, failOnConsoleErrors, signInOverHttp, uniqueLogin } from './support';

/**
 * A failed load stands in for the content, says what failed and offers Retry
 * (docs/product/api.md#client-sentences): never an empty form or "nothing matches" beside it. The
 * network is cut, so the screen's own sentence shows (the query's retries are spent first).
 */

test('the tracker whose application fails to load shows Retry, not an empty application form', async ({ page }) => {
  failOnConsoleErrors(page);
  await signInOverHttp(page, uniqueLogin('retry'));
  await page.route('**/api/applications/me', (route) => route.abort('connectionrefused'));
  await page.goto('/apply');
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load your application' });
  await expect(failure).toBeVisible();
  await expect(page.getByLabel('Motivation')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Submit Application' })).toBeHidden();

  await page.unroute('**/api/applications/me');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeHidden();
  await expect(page.getByLabel('Motivation')).toBeVisible();
});

test('an admin list that fails to load shows Retry, neither "No users match" nor a pager', async ({ page }) => {
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  await page.route('**/api/admin/members?**', (route) => route.abort('connectionrefused'));
  await page.goto('/admin/users');
  const failure = page.getByRole('alert').filter({ hasText: 'Failed to load users' });
  await expect(failure).toBeVisible();
  await expect(page.getByText('No users match these filters.')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Next' })).toBeHidden();

  await page.unroute('**/api/admin/members?**');
  await failure.getByRole('button', { name: 'Retry' }).click();
  await expect(failure).toBeHidden();
  await expect(page.getByRole('button', { name: 'View' }).first()).toBeVisible();
});

/**
 * Every admin page that loads data, from the sidebar (a new page is covered too): its reads cut,
 * it says what failed with Retry, and shows none of what it would show without data: no empty
 * state, no pager, no form. The session's own call still answers, so the page itself opens.
 */
test('every admin page whose data fails to load shows Retry and nothing of its content', async ({ page }) => {
  test.setTimeout(120_000);
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  const paths = await adminSectionPaths(page);
  const cut = (url: URL) => url.pathname.startsWith('/api/') && url.pathname !== '/api/users/me';
  // A refusal rather than a cut network: the client does not ask a 4xx again, so each page fails at once.
  const refusal = { status: 400, json: { error: 'This read was refused by the test.', code: 'VALIDATION_FAILED' } };
  await page.route(cut, (route) => (route.request().method() === 'GET' ? route.fulfill(refusal) : route.continue()));
  // Their form writes something new (a message, a webhook) and needs none of the list that failed.
  const composing = new Set(['/admin/messages', '/admin/webhooks']);
  const missing: string[] = [];
  for (const path of [...paths, '/admin/applications/1']) {
    await page.goto(path);
    const main = page.locator('main');
    const failure = main.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Retry' }) });
    await expect(failure.first(), `${path} says what failed, with Retry`).toBeVisible();
    for (const selector of [
      '.empty-state',
      '.pager',
      '.card-grid',
      'table',
      ...(composing.has(path) ? [] : ['form']),
    ]) {
      if ((await main.locator(selector).count()) > 0) missing.push(`${path} still shows ${selector}`);
    }
  }
  expect(missing).toEqual([]);
});
