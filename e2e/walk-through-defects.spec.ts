import { expect, test, type Browser, type Page } from '@playwright/test';
import { longestTinkercadLink } from './longest-values';
import { apiSignIn, applyAndApprove, signedInPageAt, toStepTwo, uniqueLogin } from './support';

/**
 * The defects of issue 28's walk-through on the candidate's phone and in right-to-left pages, one
 * test each; e2e/layout.spec.ts checks every page with the longest values.
 */

const LANGUAGES = ['en', 'fr', 'ar'] as const;
type Language = (typeof LANGUAGES)[number];

/** A page of `login`'s own, in `locale` (the browser's language, which the app follows), at `width`. */
const pageOf = (browser: Browser, baseURL: string, login: string, locale: Language, width: number) =>
  signedInPageAt(browser, baseURL, login, { locale, width });

// A candidate of the shared server is given the first active challenges of the catalog: make sure there is one.
test.beforeAll(async ({ baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin');
  const catalog = (await (await admin.get('/api/challenges/admin/challenges')).json()).data;
  if (!catalog.some((challenge: { is_active: boolean }) => challenge.is_active)) {
    const challenge = {
      title: `Walk-through ${uniqueLogin('w')}`,
      description: 'Two exercises.',
      difficulty_level: 'beginner',
      grade: 10,
      exercise_1_title: 'Wire',
      exercise_2_title: 'Code',
    };
    expect((await admin.post('/api/challenges/admin/challenges', { data: challenge })).status()).toBe(201);
  }
  await admin.dispose();
});

const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

const REFUSAL: Record<Language, string> = {
  en: 'Failed to submit exercise: The link must be an https:// link on tinkercad.com (at most 500 characters).',
  fr: 'Impossible d’envoyer l’exercice\u202f: Le lien doit être un lien https:// sur tinkercad.com (500 caractères au maximum).',
  ar: 'تعذّر تسليم التمرين: يجب أن يكون الرابط رابط https:// على tinkercad.com (لا يتجاوز عدد الأحرف 500).',
};

for (const locale of LANGUAGES) {
  test(`a phone in ${locale}: the link's refusal in the page's language, then a 500-character link that stays in its card @phone`, async ({
    browser,
    baseURL,
  }) => {
    const admin = await apiSignIn(baseURL!, 'admin');
    const login = uniqueLogin(`link-${locale}`);
    const candidate = await apiSignIn(baseURL!, login);
    await applyAndApprove(candidate, admin);
    const [challenge] = (await (await candidate.get('/api/challenges/me')).json()).data;
    expect((await candidate.post(`/api/challenges/${challenge.id}/start`)).status()).toBe(200);
    await candidate.dispose();
    await admin.dispose();

    const page = await pageOf(browser, baseURL!, login, locale, 360);
    await page.goto('/apply');
    const card = page.getByRole('article').filter({ hasText: challenge.title });
    const field = card.locator('.exercise-form input').first();
    await field.fill('https://example.org/things/not-tinkercad');
    await field.press('Enter');
    // The sentence of the catalog, not the English kept beside it (which Lingui warned about as uncompiled).
    await expect(card.getByRole('alert')).toHaveText(REFUSAL[locale]);

    const link = longestTinkercadLink('phone');
    await field.fill(link);
    await field.press('Enter');
    await expect(card.getByRole('link', { name: link })).toBeVisible();
    expect(await sidewaysScroll(page), 'the tracker is wider than the phone').toBeLessThanOrEqual(0);
    const [cardBox, linkBox] = [await card.boundingBox(), await card.getByRole('link', { name: link }).boundingBox()];
    expect(linkBox!.x).toBeGreaterThanOrEqual(cardBox!.x);
    expect(linkBox!.x + linkBox!.width).toBeLessThanOrEqual(cardBox!.x + cardBox!.width);
    await page.context().close();
  });
}

test('a team the board did not name reads "Team 1", "Équipe 1" or "الفريق 1", and an event\'s dates are a range in the reader\'s order', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const admin = await apiSignIn(baseURL!, 'admin');
  const delay = { settings: { hackathon_registration_delay_days: 0 } };
  expect((await admin.put('/api/admin/settings', { data: delay })).status()).toBe(200);
  const login = uniqueLogin('team-name');
  const candidate = await apiSignIn(baseURL!, login);
  await toStepTwo(candidate, admin);
  const name = `Named ${login}`;
  const created = await admin.post('/api/hackathon/events', {
    data: { name, start_at: '2031-03-10T18:00:00.000Z', end_at: '2031-03-11T18:00:00.000Z' },
  });
  const event = await created.json();
  expect((await candidate.post('/api/hackathon/register', { data: { event_id: event.id } })).status()).toBe(201);
  const assigned = await admin.post('/api/hackathon/assign', { data: { event_id: event.id } });
  const [team] = (await assigned.json()).teams;
  const number = Number(/^Team (\d+)$/.exec(team.name)![1]);
  await candidate.dispose();
  await admin.dispose();

  const names: Record<Language, string> = { en: `Team ${number}`, fr: `Équipe ${number}`, ar: `الفريق ${number}` };
  for (const locale of LANGUAGES) {
    for (const width of [360, 1280]) {
      const page = await pageOf(browser, baseURL!, login, locale, width);
      await page.goto('/apply');
      await expect(page.locator('.team-card h4')).toHaveText(names[locale]);
      await page.context().close();
    }
    const board = await pageOf(browser, baseURL!, 'admin', locale, 1280);
    await board.goto('/admin/hackathon');
    const dates = board.locator('.event-admin-list > li').filter({ hasText: name }).locator('.muted').first();
    await expect(dates).not.toContainText('→');
    await expect(dates).toContainText('2031');
    await board.locator('.inline-field select').selectOption({ label: name });
    const teams = board.locator('.team-admin-card');
    await expect(teams.locator('h3')).toHaveText(names[locale]);
    await expect(teams.locator('.member-login')).toHaveText(`@${login}`);
    await board.context().close();
  }
});
