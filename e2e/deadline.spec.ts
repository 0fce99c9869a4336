import Database from 'better-sqlite3';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiSignIn, failOnConsoleErrors, ownServer, signInOverHttp, uniqueLogin } from './support';

/**
 * Deadline extensions (docs/product/communication.md#deadline-extensions). A server of its own: the candidate's
 * review is moved weeks back in its database, which no route can do.
 */
const server = ownServer('deadline', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

const DAY = 24 * 3600_000;

async function newPage(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  failOnConsoleErrors(page);
  await signInOverHttp(page, login);
  return page;
}

/** A date and time field's text `days` from now at 18:00 (day/month/year), in the browser's zone (the test runs in the same one). */
function localInput(days: number): string {
  const d = new Date(Date.now() + days * DAY);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} 18:00`;
}

test('a candidate past the deadline asks for more time, the board extends it, the tracker shows the new date', async ({
  browser,
}) => {
  const login = uniqueLogin('late');
  const candidate = await newPage(browser, login);
  expect(
    (
      await candidate.request.post('/api/applications', {
        data: { motivation: 'I build line followers and want to learn control loops.', experience_level: 'beginner' },
      })
    ).status(),
  ).toBe(201);
  const admin = await apiSignIn(server.baseURL, 'admin');
  const pending = await (await admin.get('/api/admin/applications?status=pending')).json();
  const application = pending.data.find((item: { user: { intra_login: string } }) => item.user.intra_login === login);
  expect(
    (await admin.put(`/api/admin/applications/${application.id}/review`, { data: { status: 'approved' } })).status(),
  ).toBe(200);
  // Reviewed 30 days ago: the 28-day deadline passed two days ago.
  const db = new Database(server.databaseFile);
  db.prepare('update applications set reviewed_at = ? where id = ?').run(
    new Date(Date.now() - 30 * DAY).toISOString(),
    application.id,
  );
  db.close();

  await candidate.goto('/apply');
  const panel = candidate.getByRole('region', { name: 'Your deadline has passed' });
  await expect(panel).toContainText('you can no longer start a challenge');
  await panel.getByRole('button', { name: 'Ask for more time' }).click();
  await expect(panel.getByText('Say in a few words why you need more time.')).toBeVisible();
  await panel.getByLabel('Why do you need more time?').fill('I was ill for a week and could not finish.');
  await panel.getByRole('button', { name: 'Ask for more time' }).click();
  await expect(panel.getByRole('status')).toContainText('You asked the board for more time on');
  await expect(panel.getByLabel('Why do you need more time?')).toBeHidden();

  const board = await newPage(browser, 'admin');
  await board.goto('/admin/overview');
  await board.getByRole('link', { name: '1 request for more time' }).click();
  const requests = board.getByRole('region', { name: 'Requests for more time' });
  await expect(requests).toContainText('I was ill for a week and could not finish.');
  await requests.getByRole('link', { name: `@${login}` }).click();
  await board
    .getByRole('row')
    .filter({ hasText: login })
    .getByRole('button', { name: `View @${login}` })
    .click();
  const detail = board.getByRole('dialog', { name: `@${login}` });
  await expect(detail.getByRole('region', { name: 'Challenge deadline' })).toContainText('Passed on');
  await expect(detail).toContainText('Request for more time, sent on');
  await detail.getByLabel('New deadline').fill(localInput(10));
  await detail.getByRole('button', { name: 'Set deadline' }).click();
  await expect(detail.getByRole('status')).toContainText(`@${login} now has until`);
  await expect(detail).toContainText('Set by the board');
  await expect(detail).toContainText('and answered on');

  await candidate.reload();
  await expect(candidate.getByRole('status').filter({ hasText: 'The board has given you until' })).toBeVisible();
  await expect(candidate.getByText(/\(10 days remaining\)|\(11 days remaining\)/)).toBeVisible();
  await expect(candidate.getByRole('region', { name: 'Your deadline has passed' })).toBeHidden();
  const outbox = await (await admin.get('/dev/mail')).text();
  expect(outbox).toContain('Your challenge deadline has changed');

  await board.goto('/admin/overview');
  await expect(board.getByRole('link', { name: '0 requests for more time' })).toBeVisible();
  await board.context().close();
  await candidate.context().close();
  await admin.dispose();
});
