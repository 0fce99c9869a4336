import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { authorizeOnStandIn, failOnConsoleErrors } from './support';

// The web shell, the public pages and sign-in in French and Arabic (docs/decisions/0128-languages.md):
// each page's key heading and button in the browser's language, <html lang dir>, and none of the
// English sentences of their catalogs left on screen.

type Language = 'fr' | 'ar';

/** The English sentences of a catalog whose translation differs: any of them on screen is a string left untranslated. */
function englishSentences(catalog: string, language: Language): string[] {
  const entries = (file: string) =>
    [...fs.readFileSync(`${catalog}/${file}.po`, 'utf8').matchAll(/msgid "(.+)"\nmsgstr "(.*)"/g)].map(
      ([, id = '', text = '']) => [id.replace(/\\"/g, '"'), text] as const,
    );
  const translated = new Map(entries(language));
  return entries('en')
    .map(([id]) => id)
    .filter((id) => !/[{<]/.test(id) && /\s/.test(id) && translated.get(id) !== id);
}

const ENGLISH: Record<Language, string[]> = {
  fr: [],
  ar: [],
};
for (const language of ['fr', 'ar'] as const) {
  for (const catalog of ['src/web/locales', 'src/web/features/public/locales', 'src/web/features/auth/locales']) {
    ENGLISH[language].push(...englishSentences(catalog, language));
  }
}

/** The English sentences still in `text`. */
const leftInEnglish = (text: string, language: Language) =>
  ENGLISH[language].filter((sentence) => text.includes(sentence));

async function expectNoEnglish(page: Page, language: Language, where = page.locator('body')) {
  expect(leftInEnglish(await where.innerText(), language)).toEqual([]);
}

type Expected = { path: string; heading: string; button?: string; link?: string };

const PAGES: Record<Language, Expected[]> = {
  fr: [
    {
      path: '/',
      heading: 'Construisez des robots qui bougent, perçoivent et réfléchissent — ensemble.',
      link: 'Se connecter avec 42',
    },
    { path: '/process', heading: 'Comment rejoindre le club', link: 'Connectez-vous pour commencer votre candidature' },
    { path: '/contact', heading: 'Contacter le club', link: 'Ouvrir la carte' },
    { path: '/login', heading: 'Connexion', button: 'Continuer avec 42' },
    { path: '/admin/login', heading: 'Connexion administrateur', button: 'Se connecter avec 42' },
    { path: '/no-such-page', heading: 'Page introuvable', link: 'Retour à l’accueil' },
  ],
  ar: [
    { path: '/', heading: 'اصنعوا روبوتات تتحرك وتستشعر وتفكر — معًا.', link: 'الدخول عبر 42' },
    { path: '/process', heading: 'كيف تنضمون إلى النادي', link: 'سجّلوا الدخول لبدء طلبكم' },
    { path: '/contact', heading: 'تواصلوا مع النادي', link: 'فتح الخريطة' },
    { path: '/login', heading: 'تسجيل الدخول', button: 'المتابعة عبر 42' },
    { path: '/admin/login', heading: 'دخول الإدارة', button: 'الدخول عبر 42' },
    { path: '/no-such-page', heading: 'الصفحة غير موجودة' },
  ],
};

const SIGNED_IN: Record<Language, { success: string; sidebar: string; logout: string; menu: string; signOut: string }> =
  {
    fr: {
      success: 'Authentification réussie',
      sidebar: 'Sections de l’administration',
      logout: 'Se déconnecter',
      menu: 'Menu du compte de',
      signOut: 'Se déconnecter',
    },
    ar: {
      success: 'تمت المصادقة بنجاح',
      sidebar: 'أقسام الإدارة',
      logout: 'تسجيل الخروج',
      menu: 'قائمة حساب',
      signOut: 'تسجيل الخروج',
    },
  };

for (const language of ['fr', 'ar'] as const) {
  test.describe(`in ${language === 'fr' ? 'French' : 'Arabic'}`, () => {
    // The browser asks for the language; nobody chose one, so the page follows it.
    test.use({ locale: language === 'fr' ? 'fr-FR' : 'ar' });

    test('the public pages and sign-in pages speak it, with no English sentence left', async ({ page }) => {
      failOnConsoleErrors(page);
      for (const expected of PAGES[language]) {
        await page.goto(expected.path);
        await expect(page.getByRole('heading', { level: 1, name: expected.heading })).toBeVisible();
        if (expected.button) await expect(page.getByRole('button', { name: expected.button })).toBeVisible();
        if (expected.link) await expect(page.getByRole('link', { name: expected.link }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
        await expectNoEnglish(page, language);
      }
      // The page title translates too.
      await page.goto('/process');
      await expect(page).toHaveTitle(language === 'fr' ? 'Règlement · 1337 Robotics Club' : /^القواعد · /);
    });

    test('the callback page, the admin sidebar and the account menu speak it', async ({ page }) => {
      failOnConsoleErrors(page);
      const words = SIGNED_IN[language];
      await page.goto('/api/auth/login');
      await authorizeOnStandIn(page, 'admin');
      await expect(page.getByRole('heading', { name: words.success })).toBeVisible();
      await page.waitForURL(/\/admin\/users/);
      const sidebar = page.getByRole('navigation', { name: words.sidebar });
      await expect(sidebar.getByRole('link').first()).toBeVisible();
      await expect(page.getByRole('button', { name: words.logout })).toBeVisible();
      await expectNoEnglish(page, language, page.getByRole('complementary'));
      await expectNoEnglish(page, language, page.getByRole('banner'));

      await page.getByRole('button', { name: words.menu }).click();
      await expect(page.getByRole('button', { name: words.signOut }).last()).toBeVisible();
      await expectNoEnglish(page, language, page.getByRole('banner'));
    });
  });
}

test.describe('Arabic on a phone and a desktop', () => {
  test.use({ locale: 'ar' });

  test('the landing fits at 360 px and 1280 px (screenshots for a look)', async ({ page }) => {
    failOnConsoleErrors(page);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `horizontal overflow at ${width} px`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: test.info().outputPath(`landing-ar-${width}.png`), fullPage: true });
    }
  });
});
