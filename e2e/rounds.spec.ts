import { expect, test, type Page } from '@playwright/test';
import { apiSignIn, ownServer, signedInPage, uniqueLogin } from './support';

/**
 * Recruitment rounds (docs/product/communication.md#recruitment-rounds). A server of its own: the board closes
 * the round every other spec applies in.
 */
const server = ownServer('rounds', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/** On the Rounds page: closes the open round (asked first), then opens `name` from now, open until closed. */
async function nextRound(board: Page, closing: string, name: string) {
  await board.goto('/admin/rounds');
  const open = board.getByRole('listitem').filter({ has: board.getByRole('heading', { name: closing }) });
  await expect(open.getByText('Open now')).toBeVisible();
  await open.getByRole('button', { name: `Close now ${closing}` }).click();
  const ask = board.getByRole('dialog', { name: `Close ${closing}?` });
  await expect(ask).toContainText('Candidates can no longer apply in this round from now on.');
  await ask.getByRole('button', { name: 'Close round' }).click();
  const outcome = board.getByRole('status').filter({ hasText: `${closing} is closed` });
  await expect(outcome).toHaveText(`${closing} is closed: it takes no more applications.`);
  await expect(outcome).toBeFocused();
  await expect(open.getByText('Closed')).toBeVisible();

  await board.getByRole('button', { name: 'Open a round' }).click();
  const form = board.getByRole('dialog', { name: 'Open a round' });
  await form.getByLabel('Name').fill(name);
  // Left empty, the opening is the moment the round is saved (decision 0145).
  await expect(form.getByLabel('Opens (optional)')).toHaveValue('');
  await expect(form.getByLabel('Closes (optional)')).toHaveValue('');
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(form).toBeHidden();
  const opened = board.getByRole('listitem').filter({ has: board.getByRole('heading', { name }) });
  await expect(opened.getByText('Open now')).toBeVisible();
  await expect(opened.getByText('When the board closes it')).toBeVisible();
  const today = new Date().toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
  await expect(opened.getByText(today)).toBeVisible();
  await expect(board.getByText(/1970/)).toHaveCount(0);
}

async function applyOnTracker(candidate: Page) {
  await candidate.getByLabel('Motivation').fill('I build line followers and want to learn control loops.');
  await candidate.getByLabel('I have read the privacy notice').check();
  await candidate.getByRole('button', { name: 'Submit Application' }).click();
  await expect(candidate.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
}

test('the board opens a round, a declined candidate applies again in the next one, each round lists its own', async ({
  browser,
}) => {
  const board = await signedInPage(browser, server.baseURL, 'admin');
  await nextRound(board, 'First round', 'Spring 2027');

  const login = uniqueLogin('again');
  const candidate = await signedInPage(browser, server.baseURL, login);
  await candidate.goto('/apply');
  await applyOnTracker(candidate);

  // The decision itself is the review screen's (its own specs): here, through the API.
  const admin = await apiSignIn(server.baseURL, 'admin');
  const pending = await (await admin.get('/api/admin/applications?status=pending')).json();
  const first = pending.data.find((item: { user: { intra_login: string } }) => item.user.intra_login === login);
  expect(
    (await admin.put(`/api/admin/applications/${first.id}/review`, { data: { status: 'declined' } })).status(),
  ).toBe(200);
  await candidate.reload();
  await expect(candidate.getByRole('heading', { name: 'Application Declined' })).toBeVisible();
  await expect(candidate.getByLabel('Motivation')).toBeHidden();

  await nextRound(board, 'Spring 2027', 'Autumn 2027');
  await candidate.reload();
  await expect(candidate.getByRole('heading', { name: 'Application Declined' })).toBeVisible();
  await expect(candidate.getByText('A new recruitment round is open: you can apply again below.')).toBeVisible();
  await applyOnTracker(candidate);

  // Each round's applications, on the Applications page and in its CSV link.
  await board.goto('/admin/applications');
  const round = board.getByRole('combobox', { name: 'Round', exact: true });
  const card = board.getByRole('row').filter({ hasText: login });
  await round.selectOption({ label: 'Spring 2027' });
  await expect(board).toHaveURL(/round_id=\d+/);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('declined');
  const spring = new URL(board.url()).searchParams.get('round_id');
  await expect(board.getByRole('link', { name: 'Export CSV' })).toHaveAttribute(
    'href',
    `/api/admin/applications/export.csv?round_id=${spring}`,
  );
  await round.selectOption({ label: 'Autumn 2027 (open now)' });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('pending');
  await round.selectOption({ label: 'All rounds' });
  await expect(card).toHaveCount(2);

  // The Overview of one round: its application to review, linked to that round's list.
  await board.goto('/admin/overview');
  await board.getByRole('combobox', { name: 'Round', exact: true }).selectOption({ label: 'Autumn 2027 (open now)' });
  await board.getByRole('link', { name: '1 application to review' }).click();
  await expect(board).toHaveURL(/\/admin\/applications\?status=pending&round_id=\d+/);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('pending');
});
