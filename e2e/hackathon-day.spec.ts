import { expect, test, type APIRequestContext } from '@playwright/test';
import { layoutProblems } from './layout-checks';
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

// A server of its own: the challenge this spec makes for its candidates is not handed to the
// candidates of the shared server's other specs (each is given the oldest active ones).
const server = ownServer('hackathon-day', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/**
 * An event starting `startsIn` from now, and a candidate registered for it through the API: their
 * login, API context and check-in code.
 */
async function eventWithRegistrant(baseURL: string, admin: APIRequestContext, tag: string, startsIn: number) {
  await openHackathonRegistration(admin, 'Door');
  const name = `Door night ${uniqueLogin(tag)}`;
  const event = (await expectAnswer(
    admin.post('/api/hackathon/events', {
      data: { name, start_at: fromNow(startsIn), end_at: fromNow(startsIn + 24 * HOUR) },
    }),
    201,
  )) as { id: number };
  const login = uniqueLogin(tag);
  const candidate = await apiSignIn(baseURL, login);
  await toStepTwo(candidate, admin);
  await expectAnswer(candidate.post('/api/hackathon/register', { data: { event_id: event.id } }), 201);
  const me = (await expectAnswer(candidate.get('/api/hackathon/me'))) as {
    registrations: { event_id: number; check_in_code: string }[];
  };
  const code = me.registrations.find((registration) => registration.event_id === event.id)!.check_in_code;
  return { event: { id: event.id, name }, login, candidate, code };
}

test('an admin at 375 px checks someone in by typing their code, sees the name and the count, and undoes it', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // A candidate brought to step 2 and registered through the API first.
  const admin = await apiSignIn(baseURL!, 'admin');
  const { event, login, code } = await eventWithRegistrant(baseURL!, admin, 'door', 48 * HOUR);
  const page = await signedInPageAt(browser, baseURL!, 'admin', { width: 375 });
  await page.goto(`/admin/hackathon?event=${event.id}`);
  await page.getByRole('link', { name: 'Check-in at the door' }).click();
  await expect(page.getByRole('heading', { name: `Check-in: ${event.name}` })).toBeVisible();
  const count = page.locator('.door-count');
  await expect(count).toHaveText('0 checked in / 1 registered');
  await expectAccessible(page);

  // A code of no registration: the server's 404, said as an alert.
  await page.getByLabel('Check-in code').fill('not-a-code');
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('No registration of this event has this check-in code.');

  await page.getByLabel('Check-in code').fill(code);
  await page.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(page.locator('.door-person')).toContainText(`@${login}`);
  await expect(count).toHaveText('1 checked in / 1 registered');
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('door-375.png'), fullPage: true });

  // The event's page says who is in the room (issue 32): beside their login, among those waiting.
  const board = await signedInPageAt(browser, baseURL!, 'admin', { width: 375 });
  await board.goto(`/admin/hackathon?event=${event.id}`);
  const waiting = board.getByRole('group', { name: 'Or pick the members of a new team' });
  await expect(waiting.getByText(`@${login}`)).toBeVisible();
  await expect(waiting.locator('label').filter({ hasText: `@${login}` })).toContainText('checked in');
  await board.context().close();

  await page.getByRole('button', { name: 'Undo this check-in' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Check-in of @${login} undone.` })).toBeVisible();
  await expect(count).toHaveText('0 checked in / 1 registered');
  await expect(page.locator('.door-person')).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await expectAccessible(page);
  await page.context().close();
  await admin.dispose();
});

test('a judge who is not an admin sees Judging and /judge, opens the door of their event, and no admin page', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // A candidate brought to step 2 and registered through the API first.
  const admin = await apiSignIn(baseURL!, 'admin');
  const { event } = await eventWithRegistrant(baseURL!, admin, 'judged', 48 * HOUR);
  const judgeLogin = uniqueLogin('judge');
  const judgeApi = await apiSignIn(baseURL!, judgeLogin);
  const judge = (await expectAnswer(judgeApi.get('/api/users/me'))) as { id: number };
  await expectAnswer(admin.put(`/api/admin/members/${judge.id}/role`, { data: { role: 'member' } }));
  await expectAnswer(admin.put(`/api/hackathon/events/${event.id}/judges`, { data: { user_ids: [judge.id] } }));

  const page = await signedInPageAt(browser, baseURL!, judgeLogin, { width: 1280 });
  await page.goto('/');
  const nav = page.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Judging' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Judging' }).click();
  await expect(page).toHaveURL(/\/judge$/);
  const item = page.getByRole('listitem').filter({ hasText: event.name });
  await expect(item).toContainText('0 checked in / 1 registered');
  await expectAccessible(page);
  await item.getByRole('link', { name: 'Check people in at the door' }).click();
  await expect(page.getByRole('heading', { name: `Check-in: ${event.name}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to judging' })).toBeVisible();

  for (const path of ['/admin/hackathon', '/admin/users']) {
    await page.goto(path);
    await expect(page).toHaveURL(/\/apply$/);
  }
  // A member who judges nothing has no Judging link, and /judge sends them away.
  const other = await signedInPageAt(browser, baseURL!, uniqueLogin('nojudge'), { width: 1280 });
  await other.goto('/judge');
  await expect(other).toHaveURL(/\/apply$/);
  await expect(other.getByRole('link', { name: 'Judging' })).toHaveCount(0);
  await other.context().close();
  await page.context().close();
  await Promise.all([admin.dispose(), judgeApi.dispose()]);
});

test('the candidate sees their check-in code as a QR code and as text from the day before the event', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // A candidate brought to step 2 and registered through the API first.
  const admin = await apiSignIn(baseURL!, 'admin');
  const { event, login, code } = await eventWithRegistrant(baseURL!, admin, 'qr', 72 * HOUR);
  const page = await signedInPageAt(browser, baseURL!, login, { width: 375 });
  await page.goto('/apply');
  // The tracker loads its step's data after the page's code: slow on a loaded machine.
  await expect(page.getByText('Registered (waiting for team assignment)')).toBeVisible({ timeout: 30_000 });
  // Three days before: not yet.
  await expect(page.getByText(code)).toHaveCount(0);

  // The board moves the event to tomorrow: today is the day before.
  await expectAnswer(
    admin.put(`/api/hackathon/events/${event.id}`, {
      data: { start_at: fromNow(24 * HOUR), end_at: fromNow(48 * HOUR) },
    }),
  );
  await page.reload();
  await expect(page.locator('.check-in-code')).toHaveText(code, { timeout: 30_000 });
  const qr = page.getByRole('img', { name: `QR code of your check-in code for ${event.name}` });
  await expect(qr).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
  await page.locator('.check-in-qr').screenshot({ path: test.info().outputPath('tracker-qr-375.png') });
  await page.context().close();
  await admin.dispose();
});

test('the door screen in Arabic at 375 px: right to left, translated, nothing wider than the screen', async ({
  browser,
  baseURL,
}) => {
  test.slow(); // A candidate brought to step 2 and registered through the API first.
  const admin = await apiSignIn(baseURL!, 'admin');
  const { event, code } = await eventWithRegistrant(baseURL!, admin, 'doorar', 48 * HOUR);
  const page = await signedInPageAt(browser, baseURL!, 'admin', { width: 375, locale: 'ar' });
  await page.goto(`/admin/hackathon/check-in?event=${event.id}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.locator('.door-count')).toBeVisible();
  await page.locator('#door-code').fill(code);
  await page.locator('.door-form button[type="submit"]').click();
  await expect(page.locator('.door-person')).toBeVisible();
  await expect(page.locator('.door-count')).not.toContainText('checked in');
  await expect(page.locator('.door-count')).toContainText('1');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: test.info().outputPath('door-ar-375.png'), fullPage: true });
  await page.context().close();
  await admin.dispose();
});
