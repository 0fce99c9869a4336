import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import PO from 'pofile';
import { signIn } from './support';
import { catalogTells, untranslatedTexts } from './untranslated';

/**
 * The admin Emails page in French and Arabic (docs/decisions/0128-languages.md): translated, right
 * to left in Arabic, and the board editing the French wording of an email, which French readers
 * get and English ones do not. The page's language is the browser's (the admin's account keeps
 * no choice here: the shared server's other specs sign in as admin too).
 */

const KEY = 'welcome';
const BOARD_FRENCH = {
  subject: 'Bienvenue parmi nous, {{name}}',
  body: '# Bravo {{name}}\n\nVous êtes membre du club.',
};

/**
 * Fails on any error the page logs or throws, but for Playwright's own scripts, refused in the
 * preview's sandboxed frame (as in mail-templates.spec.ts).
 */
function failOnErrors(page: Page): void {
  page.on('pageerror', (error) => {
    throw error;
  });
  page.on('console', (message) => {
    const text = message.text();
    const expected = /Failed to load resource|^Blocked script execution in 'about:srcdoc'/.test(text);
    if (message.type() === 'error' && !expected) throw new Error(`console error: ${text}`);
  });
}

/** The sentences of this page's own catalog, and the contract's names and descriptions of the emails. */
const OURS = new Set(
  [
    ['src/web/features/admin-mail-templates/locales/en.po', 'src/web/features/admin-mail-templates/'],
    ['src/contract/locales/en.po', 'src/contract/mail-templates.ts'],
  ].flatMap(([file, source]) =>
    PO.parse(fs.readFileSync(file!, 'utf8'))
      .items.filter((item) => item.references.some((reference) => reference.startsWith(source!)))
      .map((item) => item.msgid),
  ),
);

/** None of the page's own English sentences left, and no message id (the app frame is the shell's to check). */
async function expectTranslated(page: Page, locale: 'fr' | 'ar') {
  await expect(page.locator('.spinner')).toHaveCount(0);
  const tells = catalogTells(locale);
  // "Emails" is also the admin sidebar's link, the admin shell's to translate: the h1 is checked by name.
  const english = tells.english.filter((sentence) => OURS.has(sentence) && sentence !== 'Emails');
  expect(english.length).toBeGreaterThan(20);
  expect(await untranslatedTexts(page, { english, ids: tells.ids })).toEqual([]);
}

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the board edits the French wording of an email on a French page, and English is left as it was', async ({
    page,
  }) => {
    failOnErrors(page);
    await signIn(page, 'admin');
    await page.goto('/admin/emails');
    await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // The English wording by default, under French names.
    const welcome = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Bienvenue au club' }) });
    await expect(welcome.getByText('Welcome to the 1337 Robotics Club!')).toBeVisible();
    await expectTranslated(page, 'fr');

    await page.getByLabel('Langue du texte').selectOption('fr');
    await expect(page).toHaveURL(/\?locale=fr$/);
    await expect(welcome.getByText('Bienvenue au 1337 Robotics Club\u202f!')).toBeVisible();
    await welcome.getByRole('link', { name: 'Modifier l’e-mail «\u202fBienvenue au club\u202f»' }).click();
    await expect(page).toHaveURL(/\?edit=welcome&locale=fr$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Bienvenue au club' })).toBeFocused();
    const subject = page.getByLabel('Objet');
    await expect(subject).toHaveAttribute('lang', 'fr');
    await expect(subject).toHaveValue('Bienvenue au 1337 Robotics Club\u202f!');
    // The preview speaks French too: the sample candidate's mail, its signature.
    const preview = page.getByRole('region', { name: 'Aperçu' });
    await expect(preview.locator('pre')).toContainText('Le bureau du 1337 Robotics Club');
    await expectTranslated(page, 'fr');

    try {
      await subject.fill(BOARD_FRENCH.subject);
      await page.getByLabel('Message', { exact: true }).fill(BOARD_FRENCH.body);
      await expect(preview.getByText('Bienvenue parmi nous, Amina')).toBeVisible();
      await page.getByRole('button', { name: 'Enregistrer' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Enregistré.' })).toBeFocused();
      await expect(page.getByText('Texte du bureau, enregistré par @admin')).toBeVisible();

      // Saved for French only: the English wording of the same email is still the club's.
      const french = await (await page.request.get('/api/admin/mail-templates?locale=fr')).json();
      expect(french.data.find((row: { key: string }) => row.key === KEY)).toMatchObject({
        ...BOARD_FRENCH,
        is_default: false,
      });
      const english = await (await page.request.get('/api/admin/mail-templates')).json();
      expect(english.data.find((row: { key: string }) => row.key === KEY)).toMatchObject({
        subject: 'Welcome to the 1337 Robotics Club!',
        is_default: true,
      });

      await page.getByRole('link', { name: '← Tous les e-mails' }).click();
      await expect(page).toHaveURL(/\/admin\/emails\?locale=fr$/);
      await expect(welcome.getByText('Modifié', { exact: true })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Modifier l’e-mail «.Bienvenue au club.»$/ })).toBeFocused();
    } finally {
      // The shared server's French readers get the club's default again.
      await page.request.delete(`/api/admin/mail-templates/${KEY}?locale=fr`);
    }
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the Emails page and its editor read right to left, with no English left', async ({ page }) => {
    failOnErrors(page);
    await signIn(page, 'admin');
    for (const [address, heading] of [
      ['/admin/emails?locale=ar', 'رسائل البريد'],
      [`/admin/emails?edit=${KEY}&locale=ar`, 'الترحيب في النادي'],
    ] as const) {
      await page.goto(address);
      await expect(page.getByRole('heading', { name: heading }).first()).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
      await expectTranslated(page, 'ar');
    }
    await expect(page.getByRole('button', { name: 'حفظ', exact: true })).toBeVisible();
    await expect(page.getByLabel('الموضوع')).toHaveValue('مرحبًا بكم في \u20681337 Robotics Club\u2069!');
    await expect(page.getByLabel('الموضوع')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('region', { name: 'معاينة' }).locator('pre')).toContainText(
      'مكتب \u20681337 Robotics Club\u2069',
    );
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `scrolls sideways by ${overflow} px at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`emails-editor-ar-${width}.png`), fullPage: true });
    }
  });
});
