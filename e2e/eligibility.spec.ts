import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { failOnConsoleErrors, ownServer, signIn } from './support';

/** Only two campuses may apply here: a server of this spec's own, since the shared one lets everyone. */
const server = ownServer('eligibility', { ALLOWED_CAMPUSES: 'Khouribga, Ben Guerir' });
const SENTENCE = 'Applications are open to students of these campuses: Khouribga, Ben Guerir.';

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

for (const [project, width] of [
  ['desktop', 1280],
  ['phone', 375],
] as const) {
  test(`a student of another campus sees who may apply instead of the form, at ${width} px${project === 'phone' ? ' @phone' : ''}`, async ({
    page,
  }) => {
    failOnConsoleErrors(page);
    await page.setViewportSize({ width, height: 800 });
    // The stand-in puts this login at Rabat.
    await signIn(page, 'rabat-student');
    expect((await (await page.request.get('/api/users/me')).json()).campus).toBe('Rabat');
    await page.goto('/apply');

    const notice = page.getByRole('region', { name: 'Who can apply' });
    await expect(notice.getByText(SENTENCE, { exact: true })).toBeVisible();
    await expect(page.getByLabel('Motivation')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Submit Application' })).toHaveCount(0);
    await notice.getByRole('link', { name: 'Read the Rules' }).click();
    await expect(page).toHaveURL(/\/process$/);

    await page.goto('/apply');
    await expect(notice).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations).toEqual([]);
  });
}

test('a student of a listed campus gets the form', async ({ page }) => {
  failOnConsoleErrors(page);
  // The stand-in puts this login at Khouribga.
  await signIn(page, 'nadia');
  await page.goto('/apply');
  await expect(page.getByLabel('Motivation')).toBeVisible();
  await expect(page.getByText(SENTENCE)).toHaveCount(0);
});
