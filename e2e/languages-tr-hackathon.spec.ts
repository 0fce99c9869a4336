import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, signIn } from './support';

// The admin's Hackathon page in French and Arabic (issue 19, docs/decisions/0128-languages.md):
// the browser's language decides, Arabic is laid out right to left, and none of the page's English
// sentences is left on screen.

/** The page's English sentences whose French is another text: the catalog's msgid and msgstr. */
function englishSentences(): string[] {
  const po = fs.readFileSync('src/web/features/admin-hackathon/locales/fr.po', 'utf8');
  const sentences = new Set<string>();
  for (const [, id = '', french = ''] of po.matchAll(/^msgid "(.+)"\nmsgstr "(.*)"$/gm)) {
    // Whole sentences only: a single word ("Start") or a message with values is no evidence.
    if (id !== french && id.includes(' ') && !/[{<]/.test(id)) sentences.add(id.replaceAll('\\"', '"'));
  }
  return [...sentences];
}

const CHECKS = {
  fr: { heading: 'Hackathon', button: 'Répartir les équipes', form: 'Créer l’événement' },
  ar: { heading: 'الهاكاثون', button: 'توزيع الفرق تلقائيًا', form: 'إنشاء الفعالية' },
};

async function visit(page: Page, language: 'fr' | 'ar') {
  const english = englishSentences();
  expect(english.length).toBeGreaterThan(20);
  const check = CHECKS[language];
  await page.goto('/admin/hackathon');
  await expect(page.getByRole('heading', { level: 1, name: check.heading, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: check.button, exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: check.form, exact: true })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
  const text = await page.locator('body').innerText();
  expect(
    english.filter((sentence) => text.includes(sentence)),
    'English left on /admin/hackathon',
  ).toEqual([]);
}

test.describe('in French', () => {
  test.use({ locale: 'fr-FR' });

  test('the admin’s hackathon page speaks French', async ({ page }) => {
    failOnConsoleErrors(page);
    await signIn(page, 'admin');
    await visit(page, 'fr');
  });
});

test.describe('in Arabic', () => {
  test.use({ locale: 'ar' });

  test('the admin’s hackathon page speaks Arabic, right to left', async ({ page }) => {
    failOnConsoleErrors(page);
    await signIn(page, 'admin');
    await visit(page, 'ar');
  });
});
