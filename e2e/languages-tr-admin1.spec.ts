import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, signIn } from './support';

// The admin pages of issue 19's tr-admin1 part in French and Arabic (docs/decisions/0128-languages.md):
// each page's title and a key control in the language, right to left in Arabic, and none of the
// English sentences of these pages' catalogs left on screen.

const FOLDERS = [
  'admin-overview',
  'admin-members',
  'admin-applications',
  'admin-challenges',
  'admin-rounds',
  'admin-audit',
];

/** The English sentences of these folders' catalogs: every message of two words or more without a value. */
const ENGLISH = FOLDERS.flatMap((folder) =>
  [...fs.readFileSync(`src/web/features/${folder}/locales/en.po`, 'utf8').matchAll(/^msgid "(.+)"$/gm)]
    .map((match) => match[1]!.replace(/\\"/g, '"'))
    .filter((text) => text.includes(' ') && !/[{<]/.test(text)),
);

type Visit = { path: string; title: string; control: { role: 'button' | 'link'; name: string } };

const PAGES: Record<'fr' | 'ar', Visit[]> = {
  fr: [
    { path: '/admin/overview', title: 'Vue d’ensemble', control: { role: 'button', name: 'Actualiser' } },
    { path: '/admin/users', title: 'Utilisateurs', control: { role: 'button', name: 'Voir' } },
    { path: '/admin/applications', title: 'Candidatures', control: { role: 'link', name: 'Exporter en CSV' } },
    { path: '/admin/challenges', title: 'Défis', control: { role: 'button', name: 'Ajouter un défi' } },
    { path: '/admin/submissions', title: 'Soumissions', control: { role: 'button', name: 'Actualiser' } },
    { path: '/admin/rounds', title: 'Sessions', control: { role: 'button', name: 'Ouvrir une session' } },
    { path: '/admin/logs', title: 'Journal', control: { role: 'link', name: 'Exporter en CSV' } },
  ],
  ar: [
    { path: '/admin/overview', title: 'نظرة عامة', control: { role: 'button', name: 'تحديث' } },
    { path: '/admin/users', title: 'المستخدمون', control: { role: 'button', name: 'عرض' } },
    { path: '/admin/applications', title: 'الطلبات', control: { role: 'link', name: 'تصدير CSV' } },
    { path: '/admin/challenges', title: 'التحديات', control: { role: 'button', name: 'إضافة تحدٍّ' } },
    { path: '/admin/submissions', title: 'التسليمات', control: { role: 'button', name: 'تحديث' } },
    { path: '/admin/rounds', title: 'الدورات', control: { role: 'button', name: 'فتح دورة' } },
    { path: '/admin/logs', title: 'السجل', control: { role: 'link', name: 'تصدير CSV' } },
  ],
};

/** The English sentences still shown in the page's main part (the admin frame is translated elsewhere). */
async function englishLeft(page: Page): Promise<string[]> {
  const text = await page.locator('main').innerText();
  const lines = new Set(text.split('\n').map((line) => line.trim()));
  // A short name counts when it is a whole line (a title, a label), a sentence wherever it is.
  return ENGLISH.filter((sentence) => lines.has(sentence) || (sentence.length > 20 && text.includes(sentence)));
}

for (const locale of ['fr', 'ar'] as const) {
  test.describe(`an admin whose browser reads ${locale}`, () => {
    test.use({ locale: locale === 'fr' ? 'fr-FR' : 'ar' });

    test(`reads the Overview, Users, Applications, Challenges, Submissions, Rounds and Logs in ${locale}`, async ({
      page,
    }) => {
      expect(ENGLISH.length).toBeGreaterThan(100);
      failOnConsoleErrors(page);
      await signIn(page, 'admin');
      for (const visit of PAGES[locale]) {
        await page.goto(visit.path);
        await expect(page.getByRole('heading', { level: 1, name: visit.title, exact: true })).toBeVisible();
        await expect(page.getByRole(visit.control.role, { name: visit.control.name }).first()).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        await expect.poll(() => englishLeft(page), { message: visit.path }).toEqual([]);
      }
    });
  });
}
