import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { layoutProblems, unisolatedTexts } from './layout-checks';
import { longestLogin, longestTinkercadLink, longName, longText, longToken, longUrl } from './longest-values';
import { adminSectionPaths, apiSignIn, failOnConsoleErrors, ownServer } from './support';
import { catalogTells, untranslatedTexts } from './untranslated';

/**
 * Every page at 360, 768 and 1280 px (decision 0125): signed out, a candidate at each step of the
 * journey, an admin on every admin page. Nothing is wider than its box and no word is cut
 * (e2e/layout-checks.ts). In French and Arabic too, at 360 and 1280 px (issue 19,
 * docs/decisions/0128-languages.md): `<html lang dir>` set, each page's heading in the language
 * (HEADINGS), no English sentence of the catalogs and no message id left on the page or in the open
 * menus (e2e/untranslated.ts). A page where something is found has its screenshot attached to the
 * report (decision 0191). One sign-in per person for the whole run, one browser context per run,
 * whose cookies are swapped from one person to the next.
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
  '/privacy': { fr: 'Politique de confidentialité', ar: 'إشعار الخصوصية' },
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
  '/admin/hackathon?event=:id': { fr: 'Hackathon', ar: 'الهاكاثون' },
  '/admin/projects': { fr: 'Projets', ar: 'المشاريع' },
  '/admin/logs': { fr: 'Journal', ar: 'السجل' },
  '/admin/settings': { fr: 'Paramètres', ar: 'الإعدادات' },
  '/admin/events': { fr: 'Événements', ar: 'الفعاليات' },
  '/admin/messages': { fr: 'Messages', ar: 'الرسائل' },
  '/admin/emails': { fr: 'E-mails', ar: 'رسائل البريد' },
  '/admin/emails?edit=welcome': { fr: 'Bienvenue au club', ar: 'مرحبًا بكم في النادي' },
  '/admin/webhooks': { fr: 'Webhooks', ar: 'خطافات الويب' },
  '/judge': { fr: 'Jury', ar: 'التحكيم' },
  '/judge/score?event=:id': { fr: /^Notation : Past night/, ar: /^التقييم: Past night/ },
  // The queue's first: the oldest open decision, at review or final.
  '/admin/review': { fr: /^Candidature de @lay-/, ar: /^طلب \u2068@lay-/ },
  '/admin/applications/:id': { fr: /^Candidature de @lay-pend-/, ar: /^طلب \u2068@lay-pend-/ },
};

type Person = { name: string; cookies: Awaited<ReturnType<APIRequestContext['storageState']>>['cookies'] };
type Visit = { person: Person | null; paths: string[]; step?: (typeof STEPS)[number] };

const ok = (status: number, what: string) => expect(status, what).toBeLessThan(300);

// The matrix runs on a server of its own: the pages show this seed's values and nothing of the
// other specs', so the longest values are what each list and card holds.
const server = ownServer('layout', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.use({ baseURL: server.baseURL });

/**
 * What the board and the candidates write, at the longest the API takes (e2e/longest-values.ts),
 * English in every language: an Arabic page must show each in its own direction (`dirProblems`).
 */
const LONG = {
  challengeTitle: (n: number) => longName(200, `Challenge ${n}:`),
  challengeDescription: longText(1000, 'Build the circuit in Tinkercad.'),
  classCode: longToken(100, 'ROBO'),
  exerciseTitle: (n: number) => longName(200, `Exercise part ${n}`),
  exerciseDescription: longText(500, 'Wire the sensors.'),
  motivation: longText(2000, 'I build line followers and want to learn control loops with a team.'),
  reviewNotes: longText(2000, 'Thank you for applying.'),
  feedback: longText(2000, 'The second exercise is missing its sensor.'),
  eventName: longName(120, 'Robotics night'),
  eventDescription: longText(2000, 'Bring your laptop.'),
  location: longText(200, 'Lab 2, 1337 Khouribga'),
  teamName: longName(80, 'Servo squad'),
  clubEventTitle: longName(120, 'Servo night'),
  roundName: longName(100, 'Autumn round'),
  projectTitle: longName(200, 'Balancing robot'),
  projectDescription: longText(1000, 'A two-wheeled robot that stands on its own.'),
  teamProjectTitle: longName(120, 'Line follower'),
  teamProjectDescription: longText(4000, 'Two infrared sensors and a PID loop.'),
  criterionName: (n: number) => longName(80, `Criterion ${n}`),
  judgeComment: longText(2000, 'Clean wiring and a clear demo.'),
  subject: longName(200, 'About the hackathon'),
  body: longText(2000, 'Dear candidates.'),
  comment: longText(2000, 'Strong motivation.'),
};

/** The texts an Arabic page must isolate, by a start long enough to find them. */
const WRITTEN = [
  LONG.challengeTitle(1).slice(0, 30),
  LONG.challengeDescription.slice(0, 30),
  LONG.exerciseTitle(1).slice(0, 30),
  LONG.motivation.slice(0, 30),
  LONG.reviewNotes.slice(0, 30),
  LONG.feedback.slice(0, 30),
  LONG.eventName.slice(0, 30),
  LONG.teamName.slice(0, 30),
  LONG.clubEventTitle.slice(0, 30),
  LONG.roundName.slice(0, 30),
  LONG.projectTitle.slice(0, 30),
  LONG.teamProjectTitle.slice(0, 30),
  LONG.criterionName(1).slice(0, 30),
  LONG.judgeComment.slice(0, 30),
  LONG.subject.slice(0, 30),
  LONG.comment.slice(0, 30),
  // Logins and the emails made of them.
  'lay-',
];

/** A candidate signed in through the stand-in (a login of 20 characters), with their application sent unless `apply` is false. */
async function candidate(baseURL: string, prefix: string, apply = true) {
  const login = longestLogin(prefix);
  const api = await apiSignIn(baseURL, login);
  let applicationId = 0;
  if (apply) {
    const links = { github_profile: longUrl(500, 'https://github.com/'), portfolio_url: longUrl(500) };
    const answer = await api.post('/api/applications', { data: { motivation: LONG.motivation, ...links } });
    ok(answer.status(), `${login} applies`);
    applicationId = (await answer.json()).id;
  }
  return { login, api, applicationId };
}

type Challenge = { id: number } & Record<string, unknown>;
const myChallenges = async (who: APIRequestContext): Promise<Challenge[]> =>
  (await (await who.get('/api/challenges/me')).json()).data;

/** Starts a challenge and sends the longest link for each of its exercises. */
async function fillChallenge(who: APIRequestContext, challenge: Challenge) {
  ok((await who.post(`/api/challenges/${challenge.id}/start`)).status(), 'start');
  for (const n of [1, 2, 3, 4]) {
    if (!challenge[`exercise_${n}_title`]) continue;
    const tinkercad_link = longestTinkercadLink(`c${challenge.id}e${n}`);
    const sent = await who.post(`/api/challenges/${challenge.id}/exercise/${n}/submit`, { data: { tinkercad_link } });
    ok(sent.status(), 'link');
  }
}

/** Every challenge of an approved candidate done and validated: step 2. */
async function validateEveryChallenge(who: APIRequestContext, admin: APIRequestContext) {
  for (const challenge of await myChallenges(who)) {
    await fillChallenge(who, challenge);
    ok((await who.post(`/api/challenges/${challenge.id}/submit`)).status(), 'submit');
    const validation = { status: 'validated', awarded_xp: 100, feedback: LONG.feedback };
    ok((await admin.post(`/api/challenges/${challenge.id}/validate`, { data: validation })).status(), 'validate');
  }
}

/** The people of the run, each brought to where their pages are, through the API. */
async function seed(baseURL: string) {
  const adminApi = await apiSignIn(baseURL, 'admin');
  const review = (id: number, status: string, review_notes?: string) =>
    adminApi.put(`/api/admin/applications/${id}/review`, { data: { status, review_notes } });
  // Registration normally opens a week after the last validation; the board may shorten it (as e2e/hackathon.spec.ts).
  const settings = {
    hackathon_registration_delay_days: 0,
    contact_address: longText(200, 'Lab 2, 1337 Khouribga'),
    board_members: [1, 2, 3, 4].map((n) => ({
      name: longName(80, `Board member ${n}`),
      title: longName(80, 'Head of electronics'),
      photo_url: null,
    })),
    sponsors: [{ name: longName(80, 'Sensors and more'), logo_url: null, url: longUrl(500) }],
  };
  ok((await adminApi.put('/api/admin/settings', { data: { settings } })).status(), 'settings');
  const rounds = await (await adminApi.get('/api/admin/rounds')).json();
  const open = rounds.data.find((round: { is_open: boolean }) => round.is_open);
  ok((await adminApi.put(`/api/admin/rounds/${open.id}`, { data: { name: LONG.roundName } })).status(), 'round');
  for (const n of [1, 2, 3, 4]) {
    const challenge = {
      title: LONG.challengeTitle(n),
      description: LONG.challengeDescription,
      difficulty_level: 'intermediate',
      grade: 100,
      tinkercad_class_code: LONG.classCode,
      subject_pdf_url: longUrl(500),
      ...Object.fromEntries(
        [1, 2, 3, 4].flatMap((e) => [
          [`exercise_${e}_title`, LONG.exerciseTitle(e)],
          [`exercise_${e}_description`, LONG.exerciseDescription],
        ]),
      ),
    };
    ok((await adminApi.post('/api/challenges/admin/challenges', { data: challenge })).status(), 'challenge');
  }

  const form = await candidate(baseURL, 'lay-form', false);
  const pending = await candidate(baseURL, 'lay-pend');
  const declined = await candidate(baseURL, 'lay-decl');
  ok((await review(declined.applicationId, 'declined', LONG.reviewNotes)).status(), 'decline');
  // Another board member's vote, so that the admin's review queue still holds the application.
  const board = await candidate(baseURL, 'lay-board', false);
  const boardId = (await (await board.api.get('/api/users/me')).json()).id;
  ok((await adminApi.put(`/api/admin/members/${boardId}/admin`, { data: { is_admin: true } })).status(), 'admin');
  const vote = { vote: 'yes', comment: LONG.comment };
  ok((await board.api.put(`/api/admin/applications/${pending.applicationId}/vote`, { data: vote })).status(), 'vote');
  // The second judge of the past event, below.
  const boardJudge = board.api;
  const [stepOne, stepTwo, stepThree, member, ...mates] = await Promise.all(
    ['lay-one', 'lay-two', 'lay-three', 'lay-four', 'lay-mate1', 'lay-mate2', 'lay-mate3'].map((prefix) =>
      candidate(baseURL, prefix),
    ),
  );
  for (const person of [stepOne!, stepTwo!, stepThree!, member!, ...mates]) {
    ok((await review(person.applicationId, 'approved')).status(), 'approve');
  }
  // Step 1 shows every state a challenge can be in: in progress, sent for review, declined, not started.
  const [working, sent, refused] = await myChallenges(stepOne!.api);
  await fillChallenge(stepOne!.api, working!);
  for (const challenge of [sent!, refused!]) {
    await fillChallenge(stepOne!.api, challenge);
    ok((await stepOne!.api.post(`/api/challenges/${challenge.id}/submit`)).status(), 'submit');
  }
  const decline = { status: 'declined', feedback: LONG.feedback };
  ok((await adminApi.post(`/api/challenges/${refused!.id}/validate`, { data: decline })).status(), 'decline');
  for (const person of [stepTwo!, stepThree!, member!, ...mates]) await validateEveryChallenge(person.api, adminApi);

  // Step 2: an event to come, and a team the board named, of four candidates.
  const event = (name: string) => ({
    name,
    description: LONG.eventDescription,
    location: LONG.location,
    start_at: '2031-01-10T18:00:00.000Z',
    end_at: '2031-01-11T18:00:00.000Z',
  });
  const coming = await adminApi.post('/api/hackathon/events', { data: event(LONG.eventName) });
  ok(coming.status(), 'event');
  const comingId = (await coming.json()).id;
  const seated = [stepTwo!, ...mates];
  for (const person of seated) {
    ok((await person.api.post('/api/hackathon/register', { data: { event_id: comingId } })).status(), 'register');
  }
  const ids = await Promise.all(
    seated.map(async (person) => (await (await person.api.get('/api/users/me')).json()).id),
  );
  const team = { name: LONG.teamName, member_user_ids: ids.slice(0, 3), event_id: comingId };
  ok((await adminApi.post('/api/hackathon/teams', { data: team })).status(), 'team');

  // Step 3 and 4: a team of an event the board then moves into the past (as e2e/hackathon.spec.ts).
  const created = await adminApi.post('/api/hackathon/events', { data: event(longName(120, 'Past night')) });
  ok(created.status(), 'event');
  const past = await created.json();
  for (const person of [stepThree!, member!]) {
    ok((await person.api.post('/api/hackathon/register', { data: { event_id: past.id } })).status(), 'register');
  }
  const assigned = await adminApi.post('/api/hackathon/assign', { data: { event_id: past.id } });
  ok(assigned.status(), 'assign');
  const pastTeamId: number = (await assigned.json()).teams[0].id;
  // Its day, judged (issue 30): the team's project written while it runs, eight criteria of the
  // longest names, two judges' scores with the longest comments, the results published.
  const hour = 3600_000;
  const running = {
    start_at: new Date(Date.now() - hour).toISOString(),
    end_at: new Date(Date.now() + hour).toISOString(),
  };
  ok((await adminApi.put(`/api/hackathon/events/${past.id}`, { data: running })).status(), 'running');
  const teamProject = {
    title: LONG.teamProjectTitle,
    description: LONG.teamProjectDescription,
    links: [1, 2, 3, 4, 5].map((n) => longUrl(500, `https://github.com/line-follower-${n}/`)),
  };
  ok(
    (await stepThree!.api.put(`/api/hackathon/teams/${pastTeamId}/project`, { data: teamProject })).status(),
    'project',
  );
  const criteria = [1, 2, 3, 4, 5, 6, 7, 8].map((n) => ({
    key: `c${n}`,
    name: LONG.criterionName(n),
    weight: 10,
    max: 100,
  }));
  ok((await adminApi.put(`/api/hackathon/events/${past.id}/rubric`, { data: { criteria } })).status(), 'rubric');
  const over = { start_at: '2026-01-01T08:00:00.000Z', end_at: '2026-01-02T08:00:00.000Z' };
  ok((await adminApi.put(`/api/hackathon/events/${past.id}`, { data: over })).status(), 'past');
  const adminId: number = (await (await adminApi.get('/api/users/me')).json()).id;
  const judges = { user_ids: [adminId, boardId] };
  ok((await adminApi.put(`/api/hackathon/events/${past.id}/judges`, { data: judges })).status(), 'judges');
  for (const [judge, value] of [
    [adminApi, 87],
    [boardJudge, 64],
  ] as const) {
    const score = { scores: Object.fromEntries(criteria.map(({ key }) => [key, value])), comment: LONG.judgeComment };
    ok((await judge.put(`/api/hackathon/teams/${pastTeamId}/score`, { data: score })).status(), 'score');
  }
  ok((await adminApi.post(`/api/hackathon/events/${past.id}/results/publish`)).status(), 'publish');
  await boardJudge.dispose();
  // An upcoming club event on the landing.
  const clubEvent = {
    title: LONG.clubEventTitle,
    description: longText(2000, 'A long description that wraps over several lines.'),
    location: LONG.location,
    starts_at: new Date(Date.now() + 2 * 24 * 3600_000).toISOString(),
  };
  ok((await adminApi.post('/api/admin/events', { data: clubEvent })).status(), 'club event');
  const memberUser = await (await member!.api.get('/api/users/me')).json();
  ok((await adminApi.put(`/api/admin/members/${memberUser.id}/role`, { data: { role: 'member' } })).status(), 'member');
  expect((await (await stepThree!.api.get('/api/applications/me')).json()).step).toBe(3);
  const project = { title: LONG.projectTitle, description: LONG.projectDescription };
  ok((await member!.api.post('/api/projects', { data: project })).status(), 'project');
  const message = { audience: { step: 1 }, subject: LONG.subject, body: LONG.body };
  ok((await adminApi.post('/api/admin/messages', { data: message })).status(), 'message');

  const personOf = async (name: string, api: APIRequestContext): Promise<Person> => {
    const { cookies } = await api.storageState();
    await api.dispose();
    return { name, cookies };
  };
  for (const mate of mates) await mate.api.dispose();
  const people = {
    admin: await personOf('admin', adminApi),
    candidates: await Promise.all(
      [form, pending, stepOne!, stepTwo!, stepThree!, member!, declined].map(async (person, index) => ({
        person: await personOf(person.login, person.api),
        step: STEPS[index]!,
      })),
    ),
    applicationId: pending.applicationId,
    comingEventId: comingId as number,
    pastEventId: past.id as number,
  };
  return people;
}

// One worker for the three widths, so that the people are brought to their steps once.
test.describe.configure({ mode: 'serial' });
let people: Awaited<ReturnType<typeof seed>>;
test.beforeAll(async () => {
  test.setTimeout(180_000);
  await server.start();
  people = await seed(server.baseURL);
});
test.afterAll(() => server.stop());

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
    test.setTimeout(400_000);
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
      { person: null, paths: ['/', '/process', '/contact', '/privacy', '/login', '/admin/login', '/no-such-page'] },
      ...people.candidates.map(({ person, step }) => ({ person, step, paths: ['/apply'] })),
      {
        person: people.admin,
        paths: [
          ...adminPaths,
          '/admin/emails?edit=welcome',
          '/admin/review',
          `/admin/applications/${people.applicationId}`,
          // One event's page (issue 32): its details, who waits, its teams of the longest names.
          `/admin/hackathon?event=${people.comingEventId}`,
          // The judged event (issue 30): its results of eight criteria, the judges' screen read-only.
          `/admin/hackathon?event=${people.pastEventId}`,
          '/judge',
          `/judge/score?event=${people.pastEventId}`,
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
        const foundBefore = found.length;
        for (const problem of await layoutProblems(page)) found.push(`${where}: ${problem}`);
        if (locale !== 'en' && tells) {
          await expect(page.locator('html')).toHaveAttribute('lang', locale);
          await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ar' ? 'rtl' : 'ltr');
          const heading = HEADINGS[visit.step ?? path.replace(/\d+$/, ':id')]?.[locale];
          if (!heading) found.push(`${where}: no heading in HEADINGS for this page`);
          else await expect(page.getByRole('heading', { name: heading, exact: true }).first(), where).toBeVisible();
          for (const text of await untranslatedTexts(page, tells)) found.push(`${where}: ${text}`);
          if (locale === 'ar') for (const text of await unisolatedTexts(page, WRITTEN)) found.push(`${where}: ${text}`);
        }
        // The page as it was, beside what was found on it (decision 0191): a screenshot of every page
        // of every run went into a report nobody opened.
        if (found.length > foundBefore) {
          await test.info().attach(`${locale}-${width}${path.replaceAll('/', '_')}-${who}.png`, {
            body: await page.screenshot(),
            contentType: 'image/png',
          });
        }
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
