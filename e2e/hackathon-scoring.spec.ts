import { expect, test, type APIRequestContext } from '@playwright/test';
import { layoutProblems } from './layout-checks';
import { longName, longText, longUrl } from './longest-values';
import {
  apiSignIn,
  expectAccessible,
  expectAnswer,
  fromNow,
  HOUR,
  openHackathonRegistration,
  ownServer,
  signedInPageAt,
  toStepTwo,
  uniqueLogin,
  uniqueLongestLogin,
} from './support';

// A server of its own: the event, its teams and its judges are this spec's alone.
const server = ownServer('hackathon-scoring', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/** The longest project the API accepts: a title of 120, a description of 4,000, five links of 500. */
const longest = (tag: string) => ({
  title: longName(120, `${tag} robot`),
  description: longText(4000, `**${tag}**`),
  links: Array.from({ length: 5 }, (_, i) => longUrl(500, `https://example.org/${i}/`)),
});

/**
 * An event that ended a minute ago with three teams of one, each with the longest project, and two
 * judges who are members, not admins: the second has scored every team already.
 */
async function judgedEvent(baseURL: string, admin: APIRequestContext) {
  await openHackathonRegistration(admin, 'Score');
  const name = `Robot night ${uniqueLogin('ev')}`;
  const event = (await expectAnswer(
    admin.post('/api/hackathon/events', { data: { name, start_at: fromNow(48 * HOUR), end_at: fromNow(72 * HOUR) } }),
    201,
  )) as { id: number };
  const teams: { id: number; name: string }[] = [];
  const candidates: APIRequestContext[] = [];
  for (const tag of ['Alpha', 'Bravo', 'Charlie']) {
    const candidate = await apiSignIn(baseURL, uniqueLongestLogin(tag.toLowerCase()));
    await toStepTwo(candidate, admin);
    await expectAnswer(candidate.post('/api/hackathon/register', { data: { event_id: event.id } }), 201);
    const me = (await expectAnswer(candidate.get('/api/users/me'))) as { id: number };
    const teamName = longName(80, tag);
    const team = (await expectAnswer(
      admin.post('/api/hackathon/teams', { data: { event_id: event.id, member_user_ids: [me.id], name: teamName } }),
      201,
    )) as { id: number };
    teams.push({ id: team.id, name: teamName });
    candidates.push(candidate);
  }
  // The event ran and ended a minute ago: the projects are written in the grace period.
  await expectAnswer(
    admin.put(`/api/hackathon/events/${event.id}`, {
      data: { start_at: fromNow(-5 * HOUR), end_at: fromNow(-60_000) },
    }),
  );
  for (const [i, candidate] of candidates.entries()) {
    await expectAnswer(
      candidate.put(`/api/hackathon/teams/${teams[i]!.id}/project`, {
        data: longest(['Alpha', 'Bravo', 'Charlie'][i]!),
      }),
    );
    await candidate.dispose();
  }
  const judges: { login: string; api: APIRequestContext; id: number }[] = [];
  for (const prefix of ['judge', 'judgeb']) {
    const login = uniqueLongestLogin(prefix);
    const api = await apiSignIn(baseURL, login);
    const { id } = (await expectAnswer(api.get('/api/users/me'))) as { id: number };
    await expectAnswer(admin.put(`/api/admin/members/${id}/role`, { data: { role: 'member' } }));
    judges.push({ login, api, id });
  }
  await expectAnswer(
    admin.put(`/api/hackathon/events/${event.id}/judges`, { data: { user_ids: judges.map((j) => j.id) } }),
  );
  const other = judges[1]!;
  for (const team of teams) {
    await expectAnswer(
      other.api.put(`/api/hackathon/teams/${team.id}/score`, {
        data: { scores: { idea: 5, technical: 5, demo: 5 }, comment: 'Seen by the second judge.' },
      }),
    );
  }
  await other.api.dispose();
  return { event: { id: event.id, name }, teams, judge: judges[0]! };
}

let setup: Awaited<ReturnType<typeof judgedEvent>>;

test('a judge who is not an admin scores three teams at the keyboard only', async ({ browser, baseURL }) => {
  test.slow(); // Three candidates brought to step 2 and registered through the API first.
  const admin = await apiSignIn(baseURL!, 'admin');
  setup = await judgedEvent(baseURL!, admin);
  const { event, teams, judge } = setup;
  const page = await signedInPageAt(browser, baseURL!, judge.login, { width: 1280 });
  await page.goto('/judge');
  const link = page
    .getByRole('listitem')
    .filter({ hasText: event.name })
    .getByRole('link', { name: 'Score the teams' });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Scoring: ${event.name}` })).toBeVisible();
  const progress = page.locator('.score-progress');
  await expect(progress).toHaveText('0 of 3 teams scored');
  await expect(page.locator('.score-keys')).toContainText('Keys:');
  // Another judge's scores stay hidden until this judge has scored every team.
  await expect(page.getByRole('heading', { name: "The other judges' scores" })).toHaveCount(0);
  // The project's links open in a new tab without handing it this page.
  const links = page.getByRole('list', { name: 'Project links' }).getByRole('link');
  await expect(links).toHaveCount(5);
  await expect(links.first()).toHaveAttribute('rel', 'noopener noreferrer');
  await expectAccessible(page);

  const values = [
    [3, 7, 2],
    [10, 4, 6],
    [1, 9, 8],
  ];
  for (const [index, team] of teams.entries()) {
    await expect(page.locator('#score-team-heading')).toHaveText(team.name);
    for (const [criterion, value] of values[index]!.entries()) {
      await page.keyboard.press(String(criterion + 1));
      const slider = page.locator('input[type="range"]').nth(criterion);
      await expect(slider).toBeFocused();
      for (let step = 0; step < value; step++) await page.keyboard.press('ArrowRight');
      await expect(slider).toHaveValue(String(value));
    }
    // Into the comment, past the number field: the letters typed there are the comment's, not the screen's keys.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.locator('#score-comment')).toBeFocused();
    await page.keyboard.type('nice pns demo');
    await expect(page.locator('#score-team-heading')).toHaveText(team.name);
    await expect(page.locator('#score-comment')).toHaveValue('nice pns demo');
    await page.keyboard.press('Tab'); // to Save: from a button, `s` is the screen's again.
    await page.keyboard.press('s');
    await expect(page.getByRole('status').filter({ hasText: `Score of ${team.name} saved.` })).toBeVisible();
    await expect(progress).toHaveText(`${index + 1} of 3 teams scored`);
    if (index < teams.length - 1) await page.keyboard.press('n');
  }
  await expect(progress).toHaveText('3 of 3 teams scored');
  await expect(page.locator('.score-mark')).toHaveCount(3);

  // What the judge gave, as the server keeps it.
  const judging = (await expectAnswer(judge.api.get(`/api/hackathon/events/${event.id}/judging`))) as {
    teams: { my_score: { scores: Record<string, number>; comment: string } }[];
  };
  expect(judging.teams.map((team) => team.my_score.scores)).toEqual(
    values.map(([idea, technical, demo]) => ({ idea, technical, demo })),
  );
  expect(judging.teams[0]!.my_score.comment).toBe('nice pns demo');

  // Every team scored: the other judge's scores show; `p` goes back, and the typed values are still there.
  await expect(page.getByRole('heading', { name: "The other judges' scores" })).toBeVisible();
  await expect(page.locator('.score-others')).toContainText('Seen by the second judge.');
  await page.keyboard.press('p');
  await expect(page.locator('#score-team-heading')).toHaveText(teams[1]!.name);
  await expect(page.locator('input[type="range"]').first()).toHaveValue('10');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('score-1280.png'), fullPage: true });
  await page.context().close();
  await Promise.all([admin.dispose(), judge.api.dispose()]);
});

for (const [width, locale] of [
  [375, 'en'],
  [375, 'ar'],
  [1280, 'ar'],
] as const) {
  test(`the scoring page at ${width} px in ${locale}: the longest values fit, nothing wider than the screen`, async ({
    browser,
    baseURL,
  }) => {
    const { event, judge } = setup;
    const page = await signedInPageAt(browser, baseURL!, judge.login, { width, locale });
    await page.goto(`/judge/score?event=${event.id}`);
    if (locale === 'ar') await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('.score-progress')).toContainText('3');
    await expect(page.locator('#score-team-heading')).toBeVisible();
    if (locale === 'ar') await expect(page.locator('.score-progress')).not.toContainText('teams scored');
    expect(await layoutProblems(page)).toEqual([]);
    await expectAccessible(page);
    await page.screenshot({ path: test.info().outputPath(`score-${locale}-${width}.png`), fullPage: true });
    await page.context().close();
  });
}

test('before the end, the page says when scoring opens and locks the sliders', async ({ browser, baseURL }) => {
  const admin = await apiSignIn(baseURL!, 'admin');
  const { event, judge } = setup;
  // The board moves the end to tomorrow (the rubric is locked, the event is not).
  await expectAnswer(admin.put(`/api/hackathon/events/${event.id}`, { data: { end_at: fromNow(24 * HOUR) } }));
  const page = await signedInPageAt(browser, baseURL!, judge.login, { width: 1280 });
  await page.goto(`/judge/score?event=${event.id}`);
  await expect(page.getByText(/Scoring opens at the end of the event, on /)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the score' })).toHaveCount(0);
  await expect(page.locator('input[type="range"]').first()).toBeDisabled();
  await page.context().close();
  await admin.dispose();
});

test('once the results are published, the page says so and nothing can change a score, not even the keys', async ({
  browser,
  baseURL,
}) => {
  const admin = await apiSignIn(baseURL!, 'admin');
  const { event, teams, judge } = setup;
  // The event over again, and every team scored twice: the board publishes.
  await expectAnswer(admin.put(`/api/hackathon/events/${event.id}`, { data: { end_at: fromNow(-60_000) } }));
  await expectAnswer(admin.post(`/api/hackathon/events/${event.id}/results/publish`));
  const page = await signedInPageAt(browser, baseURL!, judge.login, { width: 1280 });
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes('/score')) saves.push(request.url());
  });
  await page.goto(`/judge/score?event=${event.id}`);
  await expect(page.getByText('The results are published: the scores can no longer change.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save the score' })).toHaveCount(0);
  for (const slider of await page.locator('input[type="range"]').all()) await expect(slider).toBeDisabled();
  await expect(page.locator('#score-comment')).not.toBeEditable();
  // The keys still move between teams, to read them; a criterion's key and `s` change nothing.
  await expect(page.locator('#score-team-heading')).toHaveText(teams[0]!.name);
  await page.keyboard.press('1');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('s');
  await page.keyboard.press('n');
  await expect(page.locator('#score-team-heading')).toHaveText(teams[1]!.name);
  expect(saves).toEqual([]);
  // What the judge gave stays as it was.
  const judgeApi = await apiSignIn(baseURL!, judge.login);
  const judging = (await expectAnswer(judgeApi.get(`/api/hackathon/events/${event.id}/judging`))) as {
    teams: { my_score: { scores: Record<string, number> } }[];
  };
  expect(judging.teams[0]!.my_score.scores).toEqual({ idea: 3, technical: 7, demo: 2 });
  await expectAccessible(page);
  await page.context().close();
  await Promise.all([admin.dispose(), judgeApi.dispose()]);
});
