import { expect, test, type Page } from '@playwright/test';
import { authorizeOnStandIn, failOnConsoleErrors, signIn, uniqueLogin } from './support';

// The language of the interface (decisions.md §12, docs/decisions/0128-languages.md): the user's
// choice, else the browser's Accept-Language, else English; <html lang dir> follow it. Every page in
// French and Arabic is the layout matrix's to check (e2e/layout.spec.ts); here, what a language
// changes beyond a page's words: the choice and where it is kept, the server's refusals, the emails.

const footer = (page: Page) => page.getByRole('contentinfo');
const languageMenu = (page: Page) => page.getByRole('banner').getByLabel(/^(Language|Langue|اللغة)$/);

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('gets the pages in French, left to right, with English still one choice away', async ({ page }) => {
    failOnConsoleErrors(page);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { level: 1, name: 'Page introuvable' })).toBeVisible();
    await expect(footer(page)).toContainText('Des questions ? Écrivez à');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');

    await languageMenu(page).selectOption('en');
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
});

test('a visitor’s choice of Arabic is laid out right to left and kept across a reload', async ({ page }) => {
  failOnConsoleErrors(page);
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await languageMenu(page).selectOption('ar');
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'الصفحة غير موجودة' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
});

test('a member’s choice is saved on the account: a new sign-in in another browser speaks it', async ({
  browser,
  baseURL,
}) => {
  const login = uniqueLogin('lang');
  const first = await (await browser.newContext({ baseURL })).newPage();
  failOnConsoleErrors(first);
  await signIn(first, login);
  const saved = first.waitForResponse((answer) => answer.url().endsWith('/api/users/me/preferences'));
  await languageMenu(first).selectOption('fr');
  expect((await saved).status()).toBe(200);
  await expect(footer(first)).toContainText('Des questions ? Écrivez à');
  await first.context().close();

  // Another browser, English by its settings and with nothing remembered: the account decides.
  const second = await (await browser.newContext({ baseURL, locale: 'en-US' })).newPage();
  failOnConsoleErrors(second);
  await second.goto('/api/auth/login');
  await authorizeOnStandIn(second, login);
  // The callback page knows the user: from there on, the account's language.
  await expect(second.getByRole('heading', { name: 'Connexion réussie' })).toBeVisible();
  await second.waitForURL((url) => !url.pathname.startsWith('/auth/callback'));
  await expect(footer(second)).toContainText('Des questions ? Écrivez à');
  await expect(second.locator('html')).toHaveAttribute('lang', 'fr');
  expect((await (await second.request.get('/api/users/me')).json()).locale).toBe('fr');
  await second.context().close();
});

// The server's refusals reach the page in the page's language: the web asks the API with
// Accept-Language set to the active locale, and the server tells its sentences in it
// (docs/decisions/0128-languages.md). The webhook address rule is checked on the server only.

const ENGLISH = 'The address must start with https:// (http:// only to this machine, outside production)';
const REFUSED: Record<'fr' | 'ar', string> = {
  fr: 'L’adresse doit commencer par https:// (http:// seulement vers cette machine, hors production)',
  ar: 'يجب أن يبدأ الرابط بـ https:// (ولا يُقبل http:// إلا نحو هذا الجهاز، خارج بيئة الإنتاج)',
};

for (const [browserLocale, locale] of [
  ['fr-FR', 'fr'],
  ['ar', 'ar'],
] as const) {
  test.describe(`a ${locale} browser`, () => {
    test.use({ locale: browserLocale });

    test('shows a form’s server refusal in its language, never in English', async ({ page }) => {
      failOnConsoleErrors(page);
      await signIn(page, 'admin');
      await page.goto('/admin/webhooks');
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const form = page.locator('form[aria-labelledby="webhook-form-title"]');
      // Located by id and type: the form's own labels are translated by the page's catalogs.
      await form.locator('#webhook-url').fill('http://example.com/hook');
      await form.getByRole('checkbox').first().check();
      const refused = page.waitForResponse(
        (answer) => answer.url().endsWith('/api/admin/webhooks') && answer.request().method() === 'POST',
      );
      await form.locator('button[type="submit"]').click();
      const answer = await refused;
      expect(answer.status()).toBe(400);
      expect(await answer.request().headerValue('accept-language')).toBe(locale);
      expect(await answer.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      // Under the field, and in the form's banner.
      await expect(form.locator('#webhook-url-error')).toHaveText(REFUSED[locale]);
      await expect(form.getByRole('alert').filter({ hasText: REFUSED[locale] })).toBeVisible();
      await expect(form.locator('#webhook-url')).toBeFocused();
      await expect(page.getByText(ENGLISH)).toHaveCount(0);
    });
  });
}

/**
 * Each language's wording of an email: the board edits the French one, which French readers get
 * and English ones do not. The page's language is the browser's (the admin's
 * account keeps no choice here: the shared server's other specs sign in as admin too).
 */
const KEY = 'welcome';
const BOARD_FRENCH = {
  subject: 'Bienvenue parmi nous, {{name}}',
  body: '# Bravo {{name}}\n\nVous êtes membre du club.',
};

test.describe('an email’s wording in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the board edits the French wording of an email on a French page, and English is left as it was', async ({
    page,
  }) => {
    failOnConsoleErrors(page);
    await signIn(page, 'admin');
    await page.goto('/admin/emails');
    await expect(page.getByRole('heading', { level: 1, name: 'E-mails' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    // The English wording by default, under French names.
    const welcome = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: 'Bienvenue au club' }) });
    await expect(welcome.getByText('Welcome to the 1337 Robotics Club!')).toBeVisible();

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

test.describe('an email’s wording in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the Arabic wording of an email reads right to left in its editor and its preview', async ({ page }) => {
    failOnConsoleErrors(page);
    await signIn(page, 'admin');
    await page.goto(`/admin/emails?edit=${KEY}&locale=ar`);
    await expect(page.getByRole('heading', { level: 2, name: 'مرحبًا بكم في النادي' })).toBeVisible();
    await expect(page.getByLabel('الموضوع')).toHaveValue('مرحبًا بكم في \u20681337 Robotics Club\u2069!');
    await expect(page.getByLabel('الموضوع')).toHaveAttribute('dir', 'rtl');
    const preview = page.getByRole('region', { name: 'معاينة' }).locator('pre');
    await expect(preview).toContainText('مكتب \u20681337 Robotics Club\u2069');
    // Each line of the wording and of the text part in its own direction (a {{#section}} marker left
    // to right among Arabic sentences), in a face that has Arabic letters (monospace ones do not).
    for (const text of [page.locator('textarea'), preview]) {
      const style = await text.evaluate((element) => getComputedStyle(element));
      expect(style.unicodeBidi).toBe('plaintext');
      expect(style.fontFamily).not.toMatch(/monospace/);
    }
  });
});
