import { expect, test } from '@playwright/test';
import { apiSignIn, failOnConsoleErrors, signIn, uniqueLogin } from './support';

/**
 * No dead end for a candidate (decision 0145): a pending application can be edited and
 * withdrawn from the tracker, and the declined and withdrawn views lead to the landing page,
 * not back to the same tracker.
 */

test('a candidate edits a pending application, then withdraws it, and goes back to the landing page', async ({
  page,
}) => {
  failOnConsoleErrors(page);
  const login = uniqueLogin('withdraw');
  await signIn(page, login);
  await page.goto('/apply');
  await page.getByLabel('Motivation').fill('I build line followers and want to learn control loops.');
  await page.getByLabel('I have read the privacy notice').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();

  // Edit: the form comes back filled in; Cancel leaves it as it was, Save changes keeps the new words.
  await page.getByRole('button', { name: 'Edit application' }).click();
  const form = page.getByRole('form', { name: 'Edit your application' });
  await expect(form.getByLabel('Motivation')).toHaveValue('I build line followers and want to learn control loops.');
  await form.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Edit application' }).click();
  await form.getByLabel('Motivation').fill('I build line followers and balancing robots, and want to learn PID.');
  await form.getByLabel('GitHub profile (optional)').fill('https://github.com/someone');
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await page.getByText('Your motivation').click();
  await expect(page.getByText('balancing robots, and want to learn PID.')).toBeVisible();

  // Withdraw: asked first; Cancel changes nothing.
  await page.getByRole('button', { name: 'Withdraw application' }).click();
  const ask = page.getByRole('dialog', { name: 'Withdraw your application?' });
  await expect(ask).toContainText('you cannot apply again in this recruitment round');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await page.getByRole('button', { name: 'Withdraw application' }).click();
  await ask.getByRole('button', { name: 'Withdraw application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Withdrawn' })).toBeVisible();
  await expect(page.getByText('You can apply again when the club opens its next recruitment round.')).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Application progress' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Application Withdrawn' })).toBeVisible();

  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Application Withdrawn' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('the declined view’s Back to Home leads to the landing page, not back to the tracker', async ({
  page,
  baseURL,
}) => {
  failOnConsoleErrors(page);
  const login = uniqueLogin('declined');
  await signIn(page, login);
  await page.goto('/apply');
  await page.getByLabel('Motivation').fill('I want to build robots with the club, for real.');
  await page.getByLabel('I have read the privacy notice').check();
  await page.getByRole('button', { name: 'Submit Application' }).click();
  await expect(page.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();

  const admin = await apiSignIn(baseURL!, 'admin');
  const pending = await (await admin.get('/api/admin/applications?status=pending&limit=100')).json();
  const mine = pending.data.find((item: { user: { intra_login: string } }) => item.user.intra_login === login);
  expect(
    (await admin.put(`/api/admin/applications/${mine.id}/review`, { data: { status: 'declined' } })).status(),
  ).toBe(200);
  await admin.dispose();

  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Application Declined' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Application Declined' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Rules', exact: true }).first()).toBeVisible();
});
