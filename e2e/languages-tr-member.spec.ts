import { expect, test, type Locator, type Page } from '@playwright/test';
import { layoutProblems } from './layout-checks';
import { apiSignIn, applyAndApprove, completeChallenges, failOnConsoleErrors, signIn, uniqueLogin } from './support';
import { catalogTells, untranslatedTexts } from './untranslated';

// The candidate's tracker in French and Arabic (issue 19, docs/decisions/0128-languages.md): a key
// heading and control at each step, the page's direction and title, and no English sentence of the
// catalogs nor message id left.

type Language = 'fr' | 'ar';

/** Every English sentence of the catalogs, and every message id, that must not show in each language. */
const TELLS = { fr: catalogTells('fr'), ar: catalogTells('ar') };

const LANGUAGES: Record<Language, { dir: 'ltr' | 'rtl'; title: RegExp }> = {
  fr: { dir: 'ltr', title: /^Votre candidature · / },
  ar: { dir: 'rtl', title: /^طلبكم · / },
};

/** What each step shows, per language: the step's heading, a key control of it, the bar's current step. */
type Expected = Record<Language, { heading: string; key: (page: Page) => Locator; current: string }>;
const button = (name: string) => (page: Page) => page.getByRole('button', { name, exact: true }).first();
const badge = (text: string) => (page: Page) => page.getByText(text, { exact: true });

/** The candidate's saved language, then the tracker in it: direction, title, the step, and no English left. */
async function checkTracker(page: Page, language: Language, expected: Expected) {
  expect((await page.request.put('/api/users/me/preferences', { data: { locale: language } })).status()).toBe(200);
  await page.goto('/');
  const { heading, key, current } = expected[language];
  await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  await expect(key(page)).toBeVisible();
  await expect(page.locator('[aria-current="step"]')).toContainText(current);
  await expect(page.locator('html')).toHaveAttribute('lang', language);
  await expect(page.locator('html')).toHaveAttribute('dir', LANGUAGES[language].dir);
  await expect(page).toHaveTitle(LANGUAGES[language].title);
  expect(await untranslatedTexts(page, TELLS[language])).toEqual([]);
}

test('a candidate follows the tracker in French and Arabic, from the form to the hackathon', async ({
  page,
  baseURL,
}, testInfo) => {
  failOnConsoleErrors(page);
  const admin = await apiSignIn(baseURL!, 'admin');
  // One challenge at least, so that step 1 shows a card and step 2 can be reached (as in hackathon.spec.ts).
  const challenge = await admin.post('/api/challenges/admin/challenges', {
    data: {
      title: `Languages ${uniqueLogin('c')}`,
      description: 'One exercise.',
      difficulty_level: 'beginner',
      grade: 10,
      exercise_1_title: 'Wire',
    },
  });
  expect(challenge.status()).toBe(201);
  await signIn(page, uniqueLogin('trm'));
  // The lists are read from the catalogs: an empty one would check nothing.
  for (const language of ['fr', 'ar'] as const) expect(TELLS[language].english.length).toBeGreaterThan(80);

  const steps: [string, Expected, () => Promise<void>][] = [
    [
      'form',
      {
        fr: { heading: 'Postuler au club', key: button('Envoyer ma candidature'), current: 'Candidature' },
        ar: { heading: 'الانضمام إلى النادي', key: button('إرسال الطلب'), current: 'الترشح' },
      },
      () => applyAndApprove(page.request, admin),
    ],
    [
      'challenges',
      {
        fr: { heading: '4 défis', key: button('Commencer'), current: '4 défis' },
        ar: { heading: '4 تحديات', key: button('بدء'), current: '4 تحديات' },
      },
      () => completeChallenges(page.request, admin),
    ],
    [
      'hackathon',
      {
        fr: { heading: 'Hackathon (projet de 24\u202fh)', key: badge('Non inscrit'), current: 'Hackathon' },
        ar: { heading: 'الهاكاثون (مشروع في 24 ساعة)', key: badge('غير مسجّل'), current: 'الهاكاثون' },
      },
      async () => {},
    ],
  ];
  for (const [name, expected, next] of steps) {
    for (const language of ['fr', 'ar'] as const) await checkTracker(page, language, expected);
    if (name === 'challenges') {
      // The Arabic tracker at a phone's width and a desktop's: nothing wider than its box, no word cut.
      for (const width of [360, 1280]) {
        await page.setViewportSize({ width, height: 800 });
        expect(await layoutProblems(page), `layout at ${width} px`).toEqual([]);
        await page.screenshot({ path: testInfo.outputPath(`tracker-ar-${width}.png`), fullPage: true });
      }
    }
    await next();
  }
  await admin.dispose();
});
