import fs from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { longestLogin, longText } from './longest-values';
import { apiSignIn, signedInPageAt, uniqueLogin } from './support';

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
  await page.getByLabel('J’ai lu la politique de confidentialité').check();
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
  expect(data.applications[0].privacy_accepted_at).toEqual(data.applications[0].created_at);
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
    await page.getByLabel('J’ai lu la politique de confidentialité').check();
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

/**
 * The notice's headings and what it says of how long data is kept, in each language: the longest
 * retention period the setting takes (decision 0168; 0, "until you ask", in retention-notice.test.tsx).
 */
const NOTICE = {
  en: {
    title: 'Privacy notice',
    where: 'Where it is stored',
    months:
      'If you are not a member of the club and have not signed in for 120 months, your account is erased automatically',
    footer: 'Privacy notice',
  },
  fr: {
    title: 'Politique de confidentialité',
    where: 'Où elles sont stockées',
    months:
      'Si vous n’êtes pas membre du club et ne vous êtes pas connecté depuis 120 mois, votre compte est effacé automatiquement',
    footer: 'Politique de confidentialité',
  },
  ar: {
    title: 'إشعار الخصوصية',
    where: 'أين تُخزَّن',
    months: 'إذا لم تكن عضوًا في النادي ولم تسجّل الدخول منذ 120 شهرًا، يُمحى حسابك تلقائيًا',
    footer: 'إشعار الخصوصية',
  },
} as const;

test.describe('the privacy notice', () => {
  // In one worker, one after the other: another worker's afterAll would put the settings back under them.
  test.describe.configure({ mode: 'default' });
  // The longest place, contact and retention period the settings take; put back after, for the other specs.
  const LONGEST = {
    retention_months: 120,
    data_location: longText(200, 'A server of the club in a data centre in Benguerir, Morocco'),
    contact_email: `${'board-of-the-robotics-club-'.repeat(7).slice(0, 187)}@club.example`,
  };
  let before: Record<string, unknown>;
  test.beforeAll(async ({ baseURL }) => {
    const admin = await apiSignIn(baseURL!, 'admin');
    before = (await (await admin.get('/api/admin/settings')).json()).settings;
    const saved = await admin.put('/api/admin/settings', { data: { settings: LONGEST } });
    expect(saved.status(), await saved.text()).toBe(200);
    await admin.dispose();
  });
  test.afterAll(async ({ baseURL }) => {
    const admin = await apiSignIn(baseURL!, 'admin');
    const { data_location, contact_email, retention_months } = before;
    await admin.put('/api/admin/settings', { data: { settings: { data_location, contact_email, retention_months } } });
    await admin.dispose();
  });

  for (const locale of ['en', 'fr', 'ar'] as const) {
    for (const width of [375, 1280]) {
      test(`/privacy in ${locale} at ${width} px, with the longest place and contact, from the footer`, async ({
        browser,
        baseURL,
      }) => {
        const context = await browser.newContext({ baseURL, locale, viewport: { width, height: 900 } });
        const page = await context.newPage();
        const words = NOTICE[locale];
        await page.goto('/contact');
        await page.getByRole('contentinfo').getByRole('link', { name: words.footer }).click();
        await expect(page).toHaveURL(/\/privacy$/);
        await expect(page.getByRole('heading', { level: 1, name: words.title })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        const where = page.locator('section').filter({ has: page.getByRole('heading', { name: words.where }) });
        await expect(where.locator('bdi')).toHaveText(LONGEST.data_location);
        await expect(page.getByRole('main').getByRole('link', { name: LONGEST.contact_email })).toHaveAttribute(
          'href',
          `mailto:${LONGEST.contact_email}`,
        );
        await expect(page.getByRole('main')).toContainText(words.months);
        // Nothing wider than the page.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        const { violations } = await new AxeBuilder({ page })
          .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
          .analyze();
        expect(
          violations.map((violation) => violation.id),
          JSON.stringify(violations.map((v) => v.nodes.map((n) => [n.target, n.failureSummary]))),
        ).toEqual([]);
        await page.screenshot({ path: test.info().outputPath(`privacy-${locale}-${width}.png`), fullPage: true });
        await context.close();
      });
    }
  }
});
