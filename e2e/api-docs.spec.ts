import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, signInOverHttp } from './support';
import { API_PREFIX, routes } from '../src/contract/routes';

test('the API docs render at /api/docs in the built app, under its Content-Security-Policy, and try a call', async ({
  page,
}) => {
  // Chromium reports every Content-Security-Policy violation as a console error: this fails on any.
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  const docs = await page.goto('/api/docs');
  // The app's own scripts and index.html's theme script by its hash (decision 0123), nothing inline else.
  expect(docs?.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*';/);
  // Swagger UI's bundle (1.5 MB) is parsed first: on a loaded machine that takes more than the usual 10 s.
  await expect(page.getByRole('heading', { name: /1337 Robotics Club API/ })).toBeVisible({ timeout: 30_000 });
  for (const tag of ['Auth', 'Applications', 'Members', 'Challenges', 'Hackathon', 'Overview', 'Health']) {
    await expect(page.getByRole('heading', { name: new RegExp(`^${tag} `), level: 3 })).toBeVisible();
  }

  await page.locator('#operations-Overview-getOverview').getByRole('button').first().click();
  await page.getByRole('button', { name: 'Try it out' }).click();
  await page.getByRole('button', { name: 'Execute' }).click();
  await expect(page.locator('.live-responses-table .response .response-col_status')).toHaveText('200');
});

test('every route of the contract table the web client calls is an operation the server documents', async ({
  request,
}) => {
  const document = (await (await request.get('/api/docs/json')).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const missing = Object.entries(routes)
    .filter(([, route]) => {
      const path = `${API_PREFIX}${route.path}`.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      return !document.paths[path]?.[route.method.toLowerCase()];
    })
    .map(([name, route]) => `${name}: ${route.method} ${route.path}`);
  expect(missing).toEqual([]);
  expect(Object.keys(routes).length).toBeGreaterThan(50);
});
