import { expect, test } from '@playwright/test';
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
} from './support';

// Issue 30 item 5 (decision 0175): an admin publishes the results, a candidate reads them in Arabic.
const server = ownServer('hackathon-results', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

test('an admin publishes the results at phone width, and a candidate reads them on the tracker in Arabic', async ({
  browser,
  baseURL,
}) => {
  test.slow();
  const admin = await apiSignIn(baseURL!, 'admin');
  await openHackathonRegistration(admin, 'Results');
  const name = `Results night ${uniqueLogin('r')}`;
  const event = (await expectAnswer(
    admin.post('/api/hackathon/events', { data: { name, start_at: fromNow(2 * HOUR), end_at: fromNow(26 * HOUR) } }),
    201,
  )) as { id: number };
  const login = uniqueLogin('cand');
  const candidate = await apiSignIn(baseURL!, login);
  await toStepTwo(candidate, admin);
  await expectAnswer(candidate.post('/api/hackathon/register', { data: { event_id: event.id } }), 201);
  const me = (await expectAnswer(candidate.get('/api/users/me'))) as { id: number };
  const team = (await expectAnswer(
    admin.post('/api/hackathon/teams', { data: { event_id: event.id, member_user_ids: [me.id], name: 'Line Riders' } }),
    201,
  )) as { id: number };
  // The event is over: scores may be given.
  await expectAnswer(
    admin.put(`/api/hackathon/events/${event.id}`, {
      data: { start_at: fromNow(-26 * HOUR), end_at: fromNow(-2 * HOUR) },
    }),
  );
  const judges = [];
  for (const tag of ['judge-a', 'judge-b']) {
    const judgeLogin = uniqueLogin(tag);
    const api = await apiSignIn(baseURL!, judgeLogin);
    const judge = (await expectAnswer(api.get('/api/users/me'))) as { id: number };
    await expectAnswer(admin.put(`/api/admin/members/${judge.id}/role`, { data: { role: 'member' } }));
    judges.push({ api, id: judge.id, login: judgeLogin });
  }
  await expectAnswer(
    admin.put(`/api/hackathon/events/${event.id}/judges`, { data: { user_ids: judges.map((j) => j.id) } }),
  );
  await expectAnswer(
    judges[0]!.api.put(`/api/hackathon/teams/${team.id}/score`, {
      data: { scores: { idea: 8, technical: 6, demo: 10 }, comment: 'أسلاك مرتبة وعرض واضح.' },
    }),
  );
  await expectAnswer(
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
