import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, signIn, uniqueLogin } from './support';

/**
 * A failed load stands in for the content, says what failed and offers Retry
 * (docs/product.md#client-sentences): never an empty form or "nothing matches" beside it. The
 * network is cut, so the screen's own sentence shows (the query's retries are spent first).
 */

test('the tracker whose application fails to load shows Retry, not an empty application form', async ({ page }) => {
  failOnConsoleErrors(page);
  await signIn(page, uniqueLogin('retry'));
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
  await signIn(page, 'admin');
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
