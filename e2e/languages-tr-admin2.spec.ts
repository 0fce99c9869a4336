import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, signIn } from './support';

// The admin's Projects, Events, Messages, Settings and Webhooks pages in French and Arabic
// (issue 19, docs/decisions/0128-languages.md): the browser's language decides, Arabic is laid out
// right to left, and none of these pages' English sentences is left on screen.

const FEATURES = [
  'admin-projects',
  'admin-maintenance',
  'admin-club-events',
  'admin-messages',
  'admin-settings',
  'admin-webhooks',
];

/** The English sentences of these features whose French is another text: a catalog's msgid and msgstr. */
function englishSentences(): string[] {
  const sentences = new Set<string>();
  for (const feature of FEATURES) {
    const po = fs.readFileSync(path.join('src/web/features', feature, 'locales/fr.po'), 'utf8');
    for (const [, id = '', french = ''] of po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) {
      // Whole sentences only: a single word ("Format") or a message with values is no evidence.
      if (id !== french && id.includes(' ') && !/[{<]/.test(id)) sentences.add(id.replaceAll('\\"', '"'));
    }
  }
  return [...sentences];
}

type Check = { path: string; heading: string; button: string };

const PAGES: Record<'fr' | 'ar', Check[]> = {
  fr: [
    { path: '/admin/projects', heading: 'Projets', button: 'Lancer la maintenance' },
    { path: '/admin/events', heading: 'Événements', button: 'Ajouter un événement' },
    { path: '/admin/messages', heading: 'Messages', button: 'Envoyer' },
    { path: '/admin/settings', heading: 'Paramètres', button: 'Enregistrer les paramètres' },
    { path: '/admin/webhooks', heading: 'Webhooks', button: 'Ajouter le webhook' },
  ],
  ar: [
    { path: '/admin/projects', heading: 'المشاريع', button: 'تشغيل الصيانة' },
    { path: '/admin/events', heading: 'الفعاليات', button: 'إضافة فعالية' },
    { path: '/admin/messages', heading: 'الرسائل', button: 'إرسال' },
    { path: '/admin/settings', heading: 'الإعدادات', button: 'حفظ الإعدادات' },
    { path: '/admin/webhooks', heading: 'خطافات الويب', button: 'إضافة' },
  ],
};

async function visitAll(page: Page, language: 'fr' | 'ar') {
  const english = englishSentences();
  expect(english.length).toBeGreaterThan(50);
  for (const check of PAGES[language]) {
    await page.goto(check.path);
    await expect(page.getByRole('heading', { level: 1, name: check.heading, exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: check.button, exact: true })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    const text = await page.locator('body').innerText();
    expect(
      english.filter((sentence) => text.includes(sentence)),
      `English left on ${check.path}`,
    ).toEqual([]);
  }
}

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the admin’s projects, events, messages, settings and webhooks pages speak French', async ({ page }) => {
    failOnConsoleErrors(page);
    await signIn(page, 'admin');
    await visitAll(page, 'fr');
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the same pages speak Arabic, right to left, at desktop and phone widths', async ({ page }, testInfo) => {
    failOnConsoleErrors(page);
    await signIn(page, 'admin');
    await visitAll(page, 'ar');
    for (const width of [1280, 360]) {
      await page.setViewportSize({ width, height: 800 });
      for (const name of ['settings', 'projects']) {
        await page.goto(`/admin/${name}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // No horizontal overflow: the page is no wider than the window.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: testInfo.outputPath(`ar-${name}-${width}.png`), fullPage: true });
      }
    }
  });
});
