import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, ownServer, signedInPageAt, toStepTwo, uniqueLogin } from './support';

// Issue 30 item 5 (decision 0175): an admin publishes the results, a candidate reads them in Arabic.
const server = ownServer('hackathon-results', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

const HOUR = 3600 * 1000;
const at = (fromNow: number) => new Date(Date.now() + fromNow).toISOString();

async function ok(answer: Promise<{ status(): number; json(): Promise<unknown> }>, expected = 200) {
  const response = await answer;
  expect(response.status()).toBe(expected);
  return response.json() as Promise<Record<string, unknown>>;
}

async function expectAccessible(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes[0]?.target}`)).toEqual([]);
}

test('an admin publishes the results at phone width, and a candidate reads them on the tracker in Arabic', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const admin = await apiSignIn(baseURL!, 'admin');
  await ok(admin.put('/api/admin/settings', { data: { settings: { hackathon_registration_delay_days: 0 } } }));
  await ok(
    admin.post('/api/challenges/admin/challenges', {
      data: {
        title: `Results ${uniqueLogin('c')}`,
        description: 'One exercise.',
        difficulty_level: 'beginner',
        grade: 10,
        exercise_1_title: 'Wire',
      },
    }),
    201,
  );
  const name = `Results night ${uniqueLogin('r')}`;
  const event = (await ok(
    admin.post('/api/hackathon/events', { data: { name, start_at: at(2 * HOUR), end_at: at(26 * HOUR) } }),
    201,
  )) as { id: number };
  const login = uniqueLogin('cand');
  const candidate = await apiSignIn(baseURL!, login);
  await toStepTwo(candidate, admin);
  await ok(candidate.post('/api/hackathon/register', { data: { event_id: event.id } }), 201);
  const me = (await ok(candidate.get('/api/users/me'))) as { id: number };
  const team = (await ok(
    admin.post('/api/hackathon/teams', { data: { event_id: event.id, member_user_ids: [me.id], name: 'Line Riders' } }),
    201,
  )) as { id: number };
  // The event is over: scores may be given.
  await ok(
    admin.put(`/api/hackathon/events/${event.id}`, { data: { start_at: at(-26 * HOUR), end_at: at(-2 * HOUR) } }),
  );
  const judges = [];
  for (const tag of ['judge-a', 'judge-b']) {
    const judgeLogin = uniqueLogin(tag);
    const api = await apiSignIn(baseURL!, judgeLogin);
    const judge = (await ok(api.get('/api/users/me'))) as { id: number };
    await ok(admin.put(`/api/admin/members/${judge.id}/role`, { data: { role: 'member' } }));
    judges.push({ api, id: judge.id, login: judgeLogin });
  }
  await ok(admin.put(`/api/hackathon/events/${event.id}/judges`, { data: { user_ids: judges.map((j) => j.id) } }));
  await ok(
    judges[0]!.api.put(`/api/hackathon/teams/${team.id}/score`, {
      data: { scores: { idea: 8, technical: 6, demo: 10 }, comment: 'أسلاك مرتبة وعرض واضح.' },
    }),
  );
  await ok(
    judges[1]!.api.put(`/api/hackathon/teams/${team.id}/score`, {
      data: { scores: { idea: 7, technical: 9, demo: 6 }, comment: 'Great demo.' },
    }),
  );

  const page = await signedInPageAt(browser, baseURL!, 'admin', { width: 375 });
  await page.goto(`/admin/hackathon?event=${event.id}`);
  const results = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Results', exact: true }) });
  const row = results.getByRole('row').filter({ hasText: 'Line Riders' });
  await expect(row).toContainText('76.3%');
  await expect(row).toContainText('153');
  await expect(results).toContainText(`@${judges[0]!.login}`);
  await expectAccessible(page);
  // The page itself never scrolls sideways at 375 px: the table scrolls in its own box.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await results.screenshot({ path: test.info().outputPath('admin-results-375.png') });
  await results.getByRole('button', { name: 'Publish results' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Publish results' }).click();
  await expect(results).toContainText('Published on');
  await expect(page.getByLabel('Reason for the change (the results are published)')).toBeVisible();
  await page.context().close();

  const tracker = await signedInPageAt(browser, baseURL!, login, { width: 375, locale: 'ar' });
  await tracker.goto('/apply');
  const mine = tracker.getByRole('region', { name: 'نتائج فريقكم' });
  await expect(mine).toBeVisible();
  await expect(mine).toContainText('7.5 / 10');
  await expect(mine).toContainText('153 XP');
  await expect(mine).toContainText('أسلاك مرتبة وعرض واضح.');
  await expect(mine).toContainText('Great demo.');
  await expect(mine).not.toContainText(judges[0]!.login);
  await expect(tracker.locator('html')).toHaveAttribute('dir', 'rtl');
  await expectAccessible(tracker);
  await mine.screenshot({ path: test.info().outputPath('tracker-results-ar-375.png') });
  await tracker.setViewportSize({ width: 1280, height: 800 });
  await mine.screenshot({ path: test.info().outputPath('tracker-results-ar-1280.png') });
  await tracker.context().close();
  await admin.dispose();
});
