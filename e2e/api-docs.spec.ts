import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, signIn } from './support';

test('the API docs render at /api/docs in the built app, under its Content-Security-Policy, and try a call', async ({
  page,
}) => {
  // Chromium reports every Content-Security-Policy violation as a console error: this fails on any.
  failOnConsoleErrors(page);
  await signIn(page, 'admin');
  const docs = await page.goto('/api/docs');
  expect(docs?.headers()['content-security-policy']).toContain("script-src 'self';");
  await expect(page.getByRole('heading', { name: /1337 Robotics Club API/ })).toBeVisible();
  for (const tag of ['Auth', 'Applications', 'Members', 'Challenges', 'Hackathon', 'Overview', 'Health']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${tag} `), level: 3 })).toBeVisible();
  }

  await page.locator('#operations-Overview-getOverview').getByRole('button').first().click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.live-responses-table .response .response-col_status')).toHaveText('200');
});
