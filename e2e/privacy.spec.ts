import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { longestLogin } from './longest-values';
import { signedInPageAt, uniqueLogin } from './support';

/**
 * A person's rights over their data (decisions §15, decisions 0165 and 0166), from the account
 * menu, in French: a copy of what the app holds (a JSON file), and the erasure of the account,
 * confirmed by typing one's login, at a phone's width and a desktop's.
 */
test('a candidate downloads a copy of their data from the account menu, in French', async ({ browser, baseURL }) => {
  const login = uniqueLogin('copy');
  const page = await signedInPageAt(browser, baseURL!, login, { width: 1280, locale: 'fr' });
  await page.goto('/apply');
  await page.getByLabel('Motivation').fill('Je construis des robots suiveurs de ligne.');
  await page.getByRole('button', { name: 'Envoyer ma candidature' }).click();
  await expect(page.getByRole('heading', { name: 'Candidature envoyée\u202f!' })).toBeVisible();

  await page.getByRole('button', { name: /Menu du compte/ }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Télécharger mes données' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(new RegExp(`^robotics-club-${login}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
  const data = JSON.parse(fs.readFileSync((await file.path())!, 'utf8'));
  expect(data.profile.intra_login).toBe(login);
  expect(data.applications[0].motivation).toBe('Je construis des robots suiveurs de ligne.');
  await page.context().close();
});

for (const width of [375, 1280]) {
  test(`a candidate deletes their account in French at ${width} px, typing their login to confirm`, async ({
    browser,
    baseURL,
  }) => {
    const login = uniqueLogin('erase');
    const page = await signedInPageAt(browser, baseURL!, login, { width, locale: 'fr' });
    await page.goto('/apply');
    await page.getByLabel('Motivation').fill('Je construis des robots suiveurs de ligne.');
    await page.getByRole('button', { name: 'Envoyer ma candidature' }).click();
    await expect(page.getByRole('heading', { name: 'Candidature envoyée\u202f!' })).toBeVisible();

    await page.getByRole('button', { name: /Menu du compte/ }).click();
    await page.getByRole('button', { name: 'Supprimer mon compte' }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer votre compte\u202f?' });
    await expect(dialog).toContainText('Cette action est définitive.');
    const confirm = dialog.getByRole('button', { name: 'Supprimer mon compte' });
    await expect(confirm).toBeDisabled();
    const { violations } = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      violations.map((violation) => violation.id),
      JSON.stringify(violations.map((v) => v.nodes.map((n) => [n.target, n.failureSummary]))),
    ).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`erase-${width}.png`) });

    // A wrong login keeps the button off; the right one, typed, erases and signs out.
    await dialog.getByLabel(/Saisissez votre login/).fill(`${login}x`);
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Saisissez votre login/).fill(login);
    await confirm.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: /Se connecter avec 42/ }).first()).toBeVisible();
    expect((await page.request.get('/api/users/me')).status()).toBe(401);
    await page.context().close();
  });
}

test('the erasure dialog in Arabic at 360 px, with the longest login: right to left, the login isolated, nothing wider than its box', async ({
  browser,
  baseURL,
}) => {
  const login = longestLogin('erase');
  const page = await signedInPageAt(browser, baseURL!, login, { width: 360, locale: 'ar' });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: /قائمة حساب/ }).click();
  await page.getByRole('button', { name: 'حذف حسابي' }).click();
  const dialog = page.getByRole('dialog', { name: 'حذف حسابكم؟' });
  await expect(dialog.locator('label bdi')).toHaveText(login);
  // On one line: a login broken at its hyphen reads backwards in a right-to-left page.
  expect(await dialog.locator('label bdi').evaluate((bdi) => bdi.getClientRects().length)).toBe(1);
  const overflow = await dialog.evaluate(
    (box) =>
      [box, ...box.querySelectorAll('*')].filter((element) => element.scrollWidth > element.clientWidth + 1).length,
  );
  expect(overflow).toBe(0);
  const { violations } = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => violation.id)).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('erase-ar-360.png') });
  await dialog.getByRole('button', { name: 'إلغاء' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get('/api/users/me')).status()).toBe(200);
  await page.context().close();
});
