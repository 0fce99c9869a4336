import { expect, test, type APIRequestContext, type Browser } from '@playwright/test';
import { apiSignIn, applyAndApprove, ownServer, signedInPageAt } from './support';

/**
 * The Submissions queue (issue 28 item 4): oldest first, a page at a time (20, 50 or 100 in the
 * address), one challenge or all, and after each decision the result where the reviewer was and
 * the focus on the next submission. A server of its own: the queue's counts are this spec's.
 */
const server = ownServer('submissions', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });

const CANDIDATES = 25;
/** The candidates, in the order they sent their challenge for review: the first waits longest. */
const logins = Array.from({ length: CANDIDATES }, (_, i) => `queue-${String(i + 1).padStart(2, '0')}`);

async function sendForReview(candidate: APIRequestContext, index: number) {
  const [line, sensor] = (await (await candidate.get('/api/challenges/me')).json()).data;
  // Odd candidates send the line follower, even ones the sensor challenge.
  const challenge = index % 2 === 0 ? line : sensor;
  expect((await candidate.post(`/api/challenges/${challenge.id}/start`)).status()).toBe(200);
  const link = { tinkercad_link: `https://www.tinkercad.com/things/queue-${index}` };
  expect((await candidate.post(`/api/challenges/${challenge.id}/exercise/1/submit`, { data: link })).status()).toBe(
    200,
  );
  expect((await candidate.post(`/api/challenges/${challenge.id}/submit`)).status()).toBe(200);
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await server.start();
  const admin = await apiSignIn(server.baseURL, 'admin');
  for (const title of ['Line follower', 'Light sensor']) {
    const challenge = { title, description: 'Two parts.', difficulty_level: 'beginner', grade: 10 };
    const parts = { exercise_1_title: 'Wire', exercise_2_title: 'Code' };
    expect((await admin.post('/api/challenges/admin/challenges', { data: { ...challenge, ...parts } })).status()).toBe(
      201,
    );
  }
  const candidates = await Promise.all(logins.map((login) => apiSignIn(server.baseURL, login)));
  for (const candidate of candidates) await applyAndApprove(candidate, admin);
  // One after the other: the order they are sent in is the order of the queue.
  for (const [index, candidate] of candidates.entries()) await sendForReview(candidate, index);
  await Promise.all([...candidates, admin].map((api) => api.dispose()));
});
test.afterAll(() => server.stop());

const boardPage = (browser: Browser, locale: 'en' | 'fr' | 'ar', width: number) =>
  signedInPageAt(browser, server.baseURL, 'admin', { locale, width });

test('oldest first, 20 a page, 50 or 100 on request, one challenge or all, all kept in the address', async ({
  browser,
}) => {
  const page = await boardPage(browser, 'en', 1280);
  await page.goto('/admin/submissions');
  const cards = page.locator('.data-table tbody > tr:not(.outcome-row)');
  await expect(cards).toHaveCount(20);
  await expect(cards.first()).toContainText('@queue-01');
  await expect(cards.nth(19)).toContainText('@queue-20');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('1–20 of 25');
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('button', { name: 'Next' }).click();
  await expect(page).toHaveURL(/offset=20/);
  await expect(cards).toHaveCount(5);
  await expect(cards.first()).toContainText('@queue-21');

  await page.getByLabel('Per page').selectOption('50');
  await expect(page).toHaveURL(/limit=50/);
  await expect(page).not.toHaveURL(/offset=/);
  await expect(cards).toHaveCount(25);

  await page.getByLabel('Challenge').selectOption({ label: 'Light sensor' });
  await expect(page).toHaveURL(/challenge_id=\d+/);
  await expect(cards).toHaveCount(12);
  await expect(cards.first()).toContainText('@queue-02');
  await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('1–12 of 12');
  // The address alone brings the same queue back.
  await page.reload();
  await expect(cards).toHaveCount(12);
  await expect(page.getByLabel('Per page')).toHaveValue('50');

  // A search on the candidate (issue 28 item 3), with the challenge: queue-20, 22 and 24.
  await page.getByLabel('Search').fill('QUEUE-2');
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText('@queue-20');
  await expect(page).toHaveURL(/q=QUEUE-2/);
  await page.context().close();
});

for (const [locale, width, validated] of [
  ['en', 1280, 'Challenge validated successfully!'],
  ['fr', 360, 'Défi validé\u202f!'],
  ['ar', 360, 'اعتُمد التحدي بنجاح!'],
  ['ar', 1280, 'اعتُمد التحدي بنجاح!'],
] as const) {
  test(`${locale} at ${width} px: a decision's result shows in its submission's place and the next one takes the focus`, async ({
    browser,
  }) => {
    const page = await boardPage(browser, locale, width);
    await page.goto('/admin/submissions');
    const cards = page.locator('.data-table tbody > tr:not(.outcome-row)');
    await expect(cards).toHaveCount(20);
    // Down the page: the third submission.
    const third = cards.nth(2);
    const nextLogin = (await cards.nth(3).locator('bdi').first().textContent())!;
    await third.scrollIntoViewIfNeeded();
    await third.locator('[data-decision="validated"]').click();
    const dialog = page.getByRole('dialog');
    // One exercise of two: the board awards what it judges the work is worth.
    await dialog.locator('#review-score').fill('80');
    await dialog.locator('button[type="submit"]').click();
    await expect(dialog).toBeHidden();
    const outcome = page.locator('.data-table [role="status"]');
    await expect(outcome).toHaveText(validated);
    await expect(outcome).toBeInViewport();
    // In the place of the one decided: two submissions above it, the next one below.
    await expect(page.locator('.data-table tbody > tr').nth(2)).toHaveText(validated);
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('data-decision', 'validated');
    await expect(page.locator('.data-table tbody > tr').filter({ has: focused })).toContainText(nextLogin);
    // No sideways scroll on a phone, with the result in the list.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.context().close();
  });
}
