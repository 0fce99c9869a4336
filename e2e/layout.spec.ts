import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { layoutProblems } from './layout-checks';
import { adminSectionPaths, apiSignIn, failOnConsoleErrors, uniqueLogin } from './support';
import { catalogTells, untranslatedTexts } from './untranslated';

/**
 * Every page at 360, 768 and 1280 px (decision 0125): signed out, a candidate at each step of the
 * journey, an admin on every admin page. Nothing is wider than its box and no word is cut
 * (e2e/layout-checks.ts). In French and Arabic too, at 360 and 1280 px (issue 19,
 * docs/decisions/0128-languages.md): `<html lang dir>` set, each page's heading in the language
 * (HEADINGS), no English sentence of the catalogs and no message id left on the page or in the open
 * menus (e2e/untranslated.ts), a screenshot of each page attached to the report. One sign-in per
 * person for the whole run, one browser context per run, whose cookies are swapped from one person
 * to the next.
 */
const RUNS = [
  { width: 360, locale: 'en' },
  { width: 768, locale: 'en' },
  { width: 1280, locale: 'en' },
  { width: 360, locale: 'fr' },
  { width: 1280, locale: 'fr' },
  { width: 360, locale: 'ar' },
  { width: 1280, locale: 'ar' },
] as const;

/** The candidates of the run, one per step of the journey: the key of their tracker's heading. */
const STEPS = ['form', 'sent', 'challenges', 'hackathon', 'awaiting board', 'member', 'declined'] as const;

/**
 * Each page's heading in French and Arabic (the step's, on a candidate's tracker), by its address
 * or its step. A page that shows no English but not its own words either (the wrong catalog, a
 * fallback) fails here; a page the matrix visits without a line here fails too.
 */
const HEADINGS: Record<string, { fr: string | RegExp; ar: string | RegExp }> = {
  '/': {
    fr: 'Construisez des robots qui bougent, perçoivent et réfléchissent — ensemble.',
    ar: 'اصنعوا روبوتات تتحرك وتستشعر وتفكر — معًا.',
  },
  '/process': { fr: 'Comment rejoindre le club', ar: 'كيف تنضمون إلى النادي' },
  '/contact': { fr: 'Contacter le club', ar: 'تواصلوا مع النادي' },
  '/login': { fr: 'Connexion', ar: 'تسجيل الدخول' },
  '/admin/login': { fr: 'Connexion administrateur', ar: 'دخول الإدارة' },
  '/no-such-page': { fr: 'Page introuvable', ar: 'الصفحة غير موجودة' },
  form: { fr: 'Postuler au club', ar: 'الانضمام إلى النادي' },
  sent: { fr: 'Candidature envoyée\u202f!', ar: 'تم إرسال الطلب!' },
  challenges: { fr: '4 défis', ar: '4 تحديات' },
  hackathon: { fr: 'Hackathon (projet de 24\u202fh)', ar: 'الهاكاثون (مشروع في 24 ساعة)' },
  'awaiting board': { fr: 'En attente de validation par le bureau', ar: 'في انتظار موافقة المكتب' },
  member: { fr: 'Félicitations, vous êtes membre du club\u202f!', ar: 'تهانينا، أصبحت عضويتكم في النادي رسمية!' },
  declined: { fr: 'Candidature refusée', ar: 'لم يُقبل الطلب' },
  '/admin/overview': { fr: 'Vue d’ensemble', ar: 'نظرة عامة' },
  '/admin/users': { fr: 'Utilisateurs', ar: 'المستخدمون' },
  '/admin/applications': { fr: 'Candidatures', ar: 'الطلبات' },
  '/admin/rounds': { fr: 'Sessions', ar: 'الدورات' },
  '/admin/challenges': { fr: 'Défis', ar: 'التحديات' },
  '/admin/submissions': { fr: 'Rendus', ar: 'التسليمات' },
  '/admin/hackathon': { fr: 'Hackathon', ar: 'الهاكاثون' },
  '/admin/projects': { fr: 'Projets', ar: 'المشاريع' },
  '/admin/logs': { fr: 'Journal', ar: 'السجل' },
  '/admin/settings': { fr: 'Paramètres', ar: 'الإعدادات' },
  '/admin/events': { fr: 'Événements', ar: 'الفعاليات' },
  '/admin/messages': { fr: 'Messages', ar: 'الرسائل' },
  '/admin/emails': { fr: 'E-mails', ar: 'رسائل البريد' },
  '/admin/emails?edit=welcome': { fr: 'Bienvenue au club', ar: 'مرحبًا بكم في النادي' },
  '/admin/webhooks': { fr: 'Webhooks', ar: 'خطافات الويب' },
  // The oldest application waiting: on CI's shared server, another spec's candidate may come first.
  '/admin/review': { fr: /^Candidature de @/, ar: /^طلب \u2068@/ },
  '/admin/applications/:id': { fr: /^Candidature de @lay-pend-/, ar: /^طلب \u2068@lay-pend-/ },
};

type Person = { name: string; cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'] };
type Visit = { person: Person | null; paths: string[]; step?: (typeof STEPS)[number] };

const ok = (status: number, what: string) => expect(status, what).toBeLessThan(300);

/** A candidate signed in through the stand-in, with their application sent (unless `apply` is false). */
async function candidate(baseURL: string, prefix: string, apply = true) {
  const login = uniqueLogin(prefix);
  const api = await apiSignIn(baseURL, login);
  let applicationId = 0;
  if (apply) {
    const answer = await api.post('/api/applications', {
      data: { motivation: 'I build line followers and want to learn control loops with a team.' },
    });
    ok(answer.status(), `${login} applies`);
    applicationId = (await answer.json()).id;
  }
  return { login, api, applicationId };
}

/** Every challenge of an approved candidate done and validated: step 2. */
async function validateEveryChallenge(who: APIRequestContext, admin: APIRequestContext) {
  const mine = await (await who.get('/api/challenges/me')).json();
  for (const challenge of mine.data) {
    ok((await who.post(`/api/challenges/${challenge.id}/start`)).status(), 'start');
    for (const n of [1, 2, 3, 4]) {
      if (!challenge[`exercise_${n}_title`]) continue;
      const tinkercad_link = `https://www.tinkercad.com/things/layout${challenge.id}e${n}`;
      ok(
        (await who.post(`/api/challenges/${challenge.id}/exercise/${n}/submit`, { data: { tinkercad_link } })).status(),
        'link',
      );
    }
    ok((await who.post(`/api/challenges/${challenge.id}/submit`)).status(), 'submit');
    const validation = { status: 'validated', awarded_xp: 100 };
    ok((await admin.post(`/api/challenges/${challenge.id}/validate`, { data: validation })).status(), 'validate');
  }
}

/** The people of the run, each brought to where their pages are, through the API. */
async function seed(baseURL: string) {
  const adminApi = await apiSignIn(baseURL, 'admin');
  const review = (id: number, status: string) =>
    adminApi.put(`/api/admin/applications/${id}/review`, { data: { status } });
  // Registration normally opens a week after the last validation; the board may shorten it (as e2e/hackathon.spec.ts).
  const delay = { settings: { hackathon_registration_delay_days: 0 } };
  ok((await adminApi.put('/api/admin/settings', { data: delay })).status(), 'settings');
  const challenges = await (await adminApi.get('/api/challenges/admin/challenges')).json();
  if (challenges.data.filter((c: { is_active: boolean }) => c.is_active).length === 0) {
    const challenge = { title: 'Layout prep', description: 'One exercise.', difficulty_level: 'beginner', grade: 10 };
    ok(
      (
        await adminApi.post('/api/challenges/admin/challenges', { data: { ...challenge, exercise_1_title: 'Wire' } })
      ).status(),
      'challenge',
    );
  }

  const form = await candidate(baseURL, 'lay-form', false);
  const pending = await candidate(baseURL, 'lay-pend');
  const declined = await candidate(baseURL, 'lay-decl');
  ok((await review(declined.applicationId, 'declined')).status(), 'decline');
  const [stepOne, stepTwo, stepThree, member] = await Promise.all([
    candidate(baseURL, 'lay-one'),
    candidate(baseURL, 'lay-two'),
    candidate(baseURL, 'lay-three'),
    candidate(baseURL, 'lay-four'),
  ]);
  for (const person of [stepOne, stepTwo, stepThree, member]) {
    ok((await review(person.applicationId, 'approved')).status(), 'approve');
  }
  for (const person of [stepTwo, stepThree, member]) await validateEveryChallenge(person.api, adminApi);

  // Step 3 and 4: a team of an event the board then moves into the past (as e2e/hackathon.spec.ts).
  const name = `Layout night ${uniqueLogin('ev')}`;
  const created = await adminApi.post('/api/hackathon/events', {
    data: { name, start_at: '2031-01-10T18:00:00.000Z', end_at: '2031-01-11T18:00:00.000Z' },
  });
  ok(created.status(), 'event');
  const event = await created.json();
  for (const person of [stepThree, member]) {
    ok((await person.api.post('/api/hackathon/register', { data: { event_id: event.id } })).status(), 'register');
  }
  ok((await adminApi.post('/api/hackathon/assign', { data: { event_id: event.id } })).status(), 'assign');
  const past = { start_at: '2026-01-01T08:00:00.000Z', end_at: '2026-01-02T08:00:00.000Z' };
  ok((await adminApi.put(`/api/hackathon/events/${event.id}`, { data: past })).status(), 'past');
  // An upcoming club event on the landing, with a description long enough to wrap on a phone.
  const clubEvent = {
    title: `Servo night ${uniqueLogin('ce').slice(3)}`,
    description: 'A long description that wraps over several lines on a small phone screen, to be sure.',
    location: 'Lab 2, 1337 Khouribga',
    starts_at: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
  };
  ok((await adminApi.post('/api/admin/events', { data: clubEvent })).status(), 'club event');
  const memberUser = await (await member.api.get('/api/users/me')).json();
  ok((await adminApi.put(`/api/admin/members/${memberUser.id}/role`, { data: { role: 'member' } })).status(), 'member');
  expect((await (await stepThree.api.get('/api/applications/me')).json()).step).toBe(3);

  const personOf = async (name: string, api: APIRequestContext): Promise<Person> => {
    const { cookies } = await api.storageState();
    await api.dispose();
    return { name, cookies };
  };
  const people = {
    admin: await personOf('admin', adminApi),
    candidates: await Promise.all(
      [form, pending, stepOne, stepTwo, stepThree, member, declined].map(async (person, index) => ({
        person: await personOf(person.login, person.api),
        step: STEPS[index]!,
      })),
    ),
    applicationId: pending.applicationId,
  };
  return people;
}

// One worker for the three widths, so that the people are brought to their steps once.
test.describe.configure({ mode: 'serial' });
let people: Awaited<ReturnType<typeof seed>>;
test.beforeAll(async ({ baseURL }) => {
  people = await seed(baseURL!);
});

/** The page as it settles: its heading shown, no spinner, the fonts in. */
async function settled(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await expect(page.locator('.spinner')).toHaveCount(0);
  await page.evaluate(() => document.fonts.ready);
}

for (const { width, locale } of RUNS) {
  const language = { en: 'English', fr: 'French', ar: 'Arabic' }[locale];
  test(`every page fits at ${width} px in ${language}: nothing wider than its box, no word cut`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const phone = width < 700;
    const context = await browser.newContext({
      baseURL,
      viewport: { width, height: 800 },
      isMobile: phone,
      hasTouch: phone,
      locale,
    });
    const tells = locale === 'en' ? undefined : catalogTells(locale);
    const page = await context.newPage();
    failOnConsoleErrors(page);
    await page.goto('/admin/login');
    await context.addCookies(people.admin.cookies);
    const adminPaths = await adminSectionPaths(page);
    const visits: Visit[] = [
      { person: null, paths: ['/', '/process', '/contact', '/login', '/admin/login', '/no-such-page'] },
      ...people.candidates.map(({ person, step }) => ({ person, step, paths: ['/apply'] })),
      {
        person: people.admin,
        paths: [
          ...adminPaths,
          '/admin/emails?edit=welcome',
          '/admin/review',
          `/admin/applications/${people.applicationId}`,
        ],
      },
    ];
    const found: string[] = [];
    for (const visit of visits) {
      await context.clearCookies();
      if (visit.person) await context.addCookies(visit.person.cookies);
      for (const path of visit.paths) {
        await settled(page, path);
        const who = visit.person?.name ?? 'signed out';
        const where = `${path} (${who}) at ${width} px in ${language}`;
        for (const problem of await layoutProblems(page)) found.push(`${where}: ${problem}`);
        if (locale === 'en' || !tells) continue;
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
        const heading = HEADINGS[visit.step ?? path.replace(/\/\d+$/, '/:id')]?.[locale];
        if (!heading) found.push(`${where}: no heading in HEADINGS for this page`);
        else await expect(page.getByRole('heading', { name: heading, exact: true }).first(), where).toBeVisible();
        for (const text of await untranslatedTexts(page, tells)) found.push(`${where}: ${text}`);
        await test.info().attach(`${locale}-${width}${path.replaceAll('/', '_')}-${who}.png`, {
          body: await page.screenshot(),
          contentType: 'image/png',
        });
      }
      // What opens on click is in the language too: the phone's menu, then the account menu.
      if (!visit.person || locale === 'en' || !tells) continue;
      if (phone) await page.locator('.menu-toggle').click();
      await page.locator('.user-menu-button').click();
      await expect(page.locator('.user-menu-panel')).toBeVisible();
      const menus = `the menus of ${visit.person.name} at ${width} px in ${language}`;
      for (const text of await untranslatedTexts(page, tells)) found.push(`${menus}: ${text}`);
    }
    expect(found).toEqual([]);
    await context.close();
  });
}
