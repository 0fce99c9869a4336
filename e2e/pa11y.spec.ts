import { expect, request, test, type APIRequestContext, type APIResponse } from '@playwright/test';
import type { Page } from 'puppeteer';
import { apiSignIn, ownServer, toStepTwo } from './support';
import {
  checkAll,
  describe,
  launchBrowser,
  navigationLinks,
  saying,
  shows,
  stillSaying,
  THEMES,
  visit,
  WIDTHS,
  type Target,
} from './pa11y-runner';

/**
 * Pa11y at zero errors (htmlcs and axe, WCAG2AA) on every page: signed out, as a candidate at
 * each step, as an admin on every admin page; at 1280 and 375 px, in the light theme and, for the
 * rules that read colours, the dark one (docs/decisions/0124-pa11y-in-npm-test.md, 0188). A server
 * of its own: its data is seeded here, only three campuses may apply (the fourth sees who may), and
 * sign-ins keep a pace so that the callback page can be caught while waiting in line.
 */
const server = ownServer('pa11y', {
  ALLOWED_CAMPUSES: 'Khouribga, Ben Guerir, Tetouan',
  FT_RATE_LIMIT: '10/s,10000/h',
  DEV_INTRA_LIMITS: '10/s,10000/h',
});
const baseURL = server.baseURL;

// A finding does not go away on a second try, and a try costs a minute or two of CI.
test.describe.configure({ retries: 0 });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/** The stand-in derives the campus from the login: these are at allowed campuses, rabat-student is not. */
const CANDIDATES = {
  form: 'pa-candidate',
  pending: 'pa-applied',
  challenges: 'pa-solver',
  hackathon: 'pa-hacker',
  board: 'pa-finalist',
  member: 'pa-member',
  declined: 'pa-refused',
  banned: 'pa-banned',
  elsewhere: 'rabat-student',
} as const;
type Step = keyof typeof CANDIDATES;

/** The answer's body, after checking that the call succeeded. */
async function ok<T = { id: number }>(answer: Promise<APIResponse>): Promise<T> {
  const done = await answer;
  expect(done.status(), `${done.url()}: ${await done.text()}`).toBeLessThan(300);
  return (await done.text()) ? done.json() : (null as T);
}

/** The data every page shows: challenges, candidates at each step, events, teams, a message, a project. */
async function seed(admin: APIRequestContext): Promise<Record<Step, APIRequestContext>> {
  await ok(admin.put('/api/admin/settings', { data: { settings: { hackathon_registration_delay_days: 0 } } }));
  for (const [title, exercises] of [
    ['Blink an LED', 4],
    ['Read a sensor', 1],
  ] as const) {
    const titles = Object.fromEntries(
      Array.from({ length: exercises }, (_, i) => [`exercise_${i + 1}_title`, `Part ${i + 1}`]),
    );
    await ok(
      admin.post('/api/challenges/admin/challenges', {
        data: { title, description: `${title} with an Arduino.`, difficulty_level: 'beginner', grade: 20, ...titles },
      }),
    );
  }
  const people = Object.fromEntries(
    await Promise.all(
      Object.entries(CANDIDATES).map(async ([step, login]) => [step, await apiSignIn(baseURL, login)] as const),
    ),
  ) as Record<Step, APIRequestContext>;
  const apply = (step: Step) =>
    ok(people[step].post('/api/applications', { data: { motivation: 'I build line followers with friends.' } }));
  const review = (id: number, status: 'approved' | 'declined') =>
    ok(admin.put(`/api/admin/applications/${id}/review`, { data: { status } }));

  await apply('pending');
  await review((await apply('declined')).id, 'declined');
  await review((await apply('challenges')).id, 'approved');
  // Step 1: one challenge sent for review (the Submissions page lists it), the other not started.
  const solver = people.challenges;
  const [first] = (await ok<{ data: { id: number }[] }>(solver.get('/api/challenges/me'))).data;
  await ok(solver.post(`/api/challenges/${first!.id}/start`));
  await ok(
    solver.post(`/api/challenges/${first!.id}/exercise/1/submit`, {
      data: { tinkercad_link: 'https://www.tinkercad.com/things/pa11y' },
    }),
  );
  await ok(solver.post(`/api/challenges/${first!.id}/submit`));
  for (const step of ['hackathon', 'board', 'member'] as const) await toStepTwo(people[step], admin);

  // Steps 3 and 4: a team of a hackathon that took place; step 2 waits for a team at the next one.
  const past = await ok(
    admin.post('/api/hackathon/events', {
      data: { name: 'Autumn hackathon', start_at: '2031-01-10T18:00:00.000Z', end_at: '2031-01-11T18:00:00.000Z' },
    }),
  );
  const next = await ok(
    admin.post('/api/hackathon/events', {
      data: { name: 'Spring hackathon', start_at: '2031-05-10T18:00:00.000Z', end_at: '2031-05-11T18:00:00.000Z' },
    }),
  );
  for (const step of ['board', 'member'] as const)
    await ok(people[step].post('/api/hackathon/register', { data: { event_id: past.id } }));
  await ok(people.hackathon.post('/api/hackathon/register', { data: { event_id: next.id } }));
  const { teams } = await ok<{ teams: { id: number }[] }>(
    admin.post('/api/hackathon/assign', { data: { event_id: past.id } }),
  );
  await ok(
    admin.put(`/api/hackathon/events/${past.id}`, {
      data: { start_at: '2026-01-01T08:00:00.000Z', end_at: '2026-01-02T08:00:00.000Z' },
    }),
  );
  for (const team of teams) await ok(admin.put(`/api/hackathon/teams/${team.id}`, { data: { hackathon_xp: 150 } }));
  const member = await ok(people.member.get('/api/users/me'));
  await ok(admin.put(`/api/admin/members/${member.id}/role`, { data: { role: 'member' } }));
  await ok(
    people.member.post('/api/projects', {
      data: { title: 'Sumo robot', description: 'A small sumo robot for the fair.' },
    }),
  );

  const banned = await ok(people.banned.get('/api/users/me'));
  await ok(admin.put(`/api/admin/members/${banned.id}/ban`, { data: { is_banned: true } }));
  await ok(
    admin.post('/api/admin/messages', {
      data: { audience: { step: 1 }, subject: 'Workshop on Friday', body: 'Bring your Arduino kit.' },
    }),
  );
  await ok(admin.post('/api/admin/events', { data: { title: 'Open lab', starts_at: '2031-03-01T16:00:00.000Z' } }));
  return people;
}

/** Sign-ins that reached the callback just before: they take the first places in line. */
async function fillTheLine(count: number): Promise<void> {
  const context = await request.newContext({ baseURL });
  await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const start = await context.get('/api/auth/login', { maxRedirects: 0 });
      const authorize = new URL(start.headers().location!);
      const form = { ...Object.fromEntries(authorize.searchParams), login: `pa-ahead-${i}` };
      const back = new URL((await context.post(authorize.pathname, { form, maxRedirects: 0 })).headers().location!);
      await context.get(`/api/auth/callback${back.search}`, {
        headers: { cookie: `oauth_state=${back.searchParams.get('state')}` },
      });
    }),
  );
  await context.dispose();
}

/** Through the app's login and the stand-in's form, in the page itself. */
async function signInThrough(page: Page, login: string, before?: () => Promise<void>) {
  await page.goto(new URL('/api/auth/login', baseURL).href);
  await page.waitForSelector('input[name=login]');
  await before?.();
  await page.type('input[name=login]', login);
  await Promise.all([page.waitForNavigation(), page.click('button[type=submit]')]);
}

const IN_LINE = 'in line';
const BANNED = 'Your account has been banned';
let patients = 0;

function targets(
  admin: APIRequestContext,
  people: Record<Step, APIRequestContext>,
  sections: { pathname: string; text: string }[],
  applicationId: number,
  eventId: number,
): Target[] {
  const signedOut: Target[] = [
    { name: 'visitor: /', open: visit(baseURL, '/', 'Build robots') },
    { name: 'visitor: /process', open: visit(baseURL, '/process', 'How to join the club') },
    { name: 'visitor: /contact', open: visit(baseURL, '/contact', 'Contact the club') },
    { name: 'visitor: /privacy', open: visit(baseURL, '/privacy', 'Privacy notice') },
    {
      name: 'visitor: a page that does not exist',
      open: visit(baseURL, '/no-such-page', 'Page not found'),
    },
    // Before the line is filled: its sign-in would otherwise wait behind the 60 sign-ins put ahead below.
    {
      name: 'banned candidate: the landing after the refused sign-in',
      open: async (page) => {
        await signInThrough(page, CANDIDATES.banned);
        await page.waitForFunction(() => location.pathname === '/');
        await saying(page, BANNED);
        await shows(page, 'Build robots');
      },
      stillThere: stillSaying(BANNED),
      ownPage: true,
    },
    {
      name: 'visitor: /auth/callback, waiting in line',
      open: async (page) => {
        await signInThrough(page, `pa-patient-${++patients}`, () => fillTheLine(30));
        await saying(page, IN_LINE);
        // The server said "waiting": its next answers are held back, so the page stays in line while checked.
        await page.setRequestInterception(true);
        page.on('request', (call) => {
          if (!call.url().includes('/api/auth/callback')) void call.continue();
        });
      },
      stillThere: stillSaying(IN_LINE),
      ownPage: true,
    },
  ];
  const candidate = (step: Step, heading: string): Target => ({
    name: `candidate (${step}): /apply`,
    session: people[step],
    open: visit(baseURL, '/apply', heading),
  });
  const candidates: Target[] = [
    candidate('form', 'Apply to the club'),
    candidate('pending', 'Application Submitted!'),
    candidate('challenges', '4 Challenges'),
    candidate('hackathon', 'Hackathon'),
    candidate('board', 'Waiting for Board Approval'),
    candidate('member', 'Congratulations'),
    candidate('declined', 'Application Declined'),
    candidate('elsewhere', 'Who can apply'),
  ];
  const adminPage = (pathname: string, heading: string): Target => ({
    name: `admin: ${pathname}`,
    session: admin,
    open: visit(baseURL, pathname, heading),
  });
  const admins: Target[] = [
    // Every page of the sidebar, read from the sidebar itself: each one's heading is its link's text.
    ...sections.map((section) => adminPage(section.pathname, section.text)),
    adminPage(`/admin/applications/${applicationId}`, 'Application of @'),
    adminPage('/admin/review', 'Application of @'),
    // One event's page (issue 32): its details, who waits, its teams as cards with their Move menus.
    adminPage(`/admin/hackathon?event=${eventId}`, 'Hackathon'),
    // The judges' scoring screen (issue 30): the teams at the side, the sliders beside the project.
    adminPage(`/judge/score?event=${eventId}`, 'Scoring: Autumn hackathon'),
    {
      name: 'admin: /admin/challenges, the Add challenge dialog open',
      session: admin,
      open: async (page) => {
        await visit(baseURL, '/admin/challenges', 'Challenges')(page);
        await page.locator('button::-p-text(Add challenge)').click();
        await page.waitForSelector('[role=dialog] input');
      },
    },
  ];
  return [...signedOut, ...candidates, ...admins];
}

test('every page passes Pa11y (htmlcs and axe, WCAG2AA) at 1280 and 375 px, light and dark', async () => {
  // A safety limit for a loaded machine, not the budget: about a minute of CPU on 2 free cores (decision 0124).
  test.setTimeout(480_000);
  const started = Date.now();
  const browser = await launchBrowser();
  try {
    const adminSession = await apiSignIn(baseURL, 'admin');
    const people = await seed(adminSession);
    const pending = await ok<{ data: { id: number }[] }>(adminSession.get('/api/admin/applications?status=pending'));
    const sections = await navigationLinks(browser, baseURL, {
      pathname: '/admin/users',
      heading: 'Users',
      label: 'Admin sections',
      session: adminSession,
    });
    expect(sections.length).toBeGreaterThanOrEqual(14);
    const events = await ok<{ data: { id: number; name: string }[] }>(adminSession.get('/api/hackathon/events'));
    const autumn = events.data.find((event) => event.name === 'Autumn hackathon')!;
    const all = targets(adminSession, people, sections, pending.data[0]!.id, autumn.id);
    const seeded = Date.now();
    const { findings, checks } = await checkAll(browser, baseURL, all, {
      concurrency: 2,
      screenshots: test.info().outputPath('pa11y'),
    });
    const seconds = (ms: number) => (ms / 1000).toFixed(1);
    console.log(
      `Pa11y: ${checks} checks (${all.length} pages × ${WIDTHS.length} widths × ${THEMES.length} themes; ` +
        'htmlcs and axe in the light theme, their colour rules in the dark), ' +
        `${findings.length} errors, in ${seconds(Date.now() - started)} s (seeding ${seconds(seeded - started)} s).`,
    );
    expect(findings.map(describe).join('\n\n') || 'no errors').toBe('no errors');
  } finally {
    await browser.close();
  }
});
