import { expect, test, type Browser, type Page } from '@playwright/test';
import { authorizeOnStandIn, failOnConsoleErrors, ownServer, signInOverHttp, uniqueLogin } from './support';

/**
 * Confirmations and Undo (decision 0119). A server of its own: "admin" is its only admin, for
 * the last-admin guard, and its outbox holds only this spec's mails.
 */
const server = ownServer('undo', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

async function asAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  return page;
}

/** A candidate who has applied, through the API as the application form would. */
async function candidate(browser: Browser, prefix: string): Promise<string> {
  const login = uniqueLogin(prefix);
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await signInOverHttp(page, login);
  const answer = await page.request.post('/api/applications', {
    data: { motivation: 'I build line followers and want to learn control loops.', experience_level: 'beginner' },
  });
  expect(answer.status()).toBe(201);
  await page.close();
  return login;
}

test('an approval is confirmed, then undone: the application is pending again and no approval mail was written', async ({
  browser,
}) => {
  const login = await candidate(browser, 'undo');
  const admin = await asAdmin(browser);
  await admin.goto('/admin/applications?status=pending');
  await admin
    .getByRole('row')
    .filter({ hasText: login })
    .getByRole('link', { name: `Review the application of ${login}` })
    .click();
  await admin.getByRole('region', { name: 'Decision' }).getByRole('button', { name: 'Approve' }).click();

  const confirm = admin.getByRole('dialog', { name: `Approve the application of @${login}?` });
  await expect(confirm).toContainText(`@${login} moves on to the four challenges and gets an email about them.`);
  await expect(confirm.getByRole('button', { name: 'Approve' })).toBeFocused();
  await admin.keyboard.press('Enter');
  await expect(confirm).toBeHidden();

  const toast = admin.getByRole('status').filter({ hasText: `The application of @${login} is approved.` });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(
    admin
      .getByRole('status')
      .filter({ hasText: `The approval of @${login} is undone: the application is pending again.` }),
  ).toBeVisible();
  await expect(admin.getByRole('region', { name: 'Candidate' })).toContainText('pending');

  const detail = await (await admin.request.get('/api/admin/applications?status=pending&limit=100')).json();
  expect(detail.data.map((application: { user: { intra_login: string } }) => application.user.intra_login)).toContain(
    login,
  );
  // The outbox keeps the "received" mail and holds no approval for this candidate.
  const outbox = await (await admin.request.get('/dev/mail')).text();
  const toCandidate = outbox.split('<article').filter((mail) => mail.includes(`${login}@`));
  expect(toCandidate.map((mail) => mail.match(/<h2[^>]*>([^<]*)<\/h2>/)?.[1])).toEqual([
    'We received your application',
  ]);
  await admin.context().close();
});

test('a bulk decline names everyone it declines, and one Undo puts them all back to pending', async ({ browser }) => {
  const logins = [await candidate(browser, 'bulk'), await candidate(browser, 'bulk')];
  const admin = await asAdmin(browser);
  await admin.goto('/admin/applications?status=pending');
  for (const login of logins) await admin.getByLabel(`Select the application of ${login}`).check();
  await admin.getByRole('button', { name: 'Decline selected' }).click();
  const confirm = admin.getByRole('dialog', { name: 'Decline 2 applications?' });
  await expect(confirm).toContainText(`The candidates: @${logins[0]} and @${logins[1]}.`);
  await confirm.getByRole('button', { name: 'Decline 2' }).click();
  const toast = admin.getByRole('status').filter({ hasText: 'Declined: 2 applications.' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'The decline of 2 applications is undone.' })).toBeVisible();
  const pending = await (await admin.request.get('/api/admin/applications?status=pending&limit=100')).json();
  const names = pending.data.map((application: { user: { intra_login: string } }) => application.user.intra_login);
  expect(names).toEqual(expect.arrayContaining(logins));
  await admin.context().close();
});

test('a ban names the person and the consequence, Cancel changes nothing, and the ban can be undone', async ({
  browser,
}) => {
  const login = await candidate(browser, 'ban');
  const admin = await asAdmin(browser);
  await admin.goto(`/admin/users?q=${login}`);
  const card = admin.getByRole('row').filter({ hasText: login });
  const ban = card.getByRole('button', { name: 'Ban', exact: true });
  // Ban and Delete wait in the row's menu (issue 28).
  const menu = card.locator('summary');
  await expect(card.getByRole('button', { name: 'Delete' })).toBeHidden();
  await menu.click();

  await ban.click();
  const confirm = admin.getByRole('dialog', { name: `Ban @${login}?` });
  await expect(confirm).toContainText(
    `Every session of @${login} ends at once, and @${login} cannot sign in until unbanned.`,
  );
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await expect(ban).toBeFocused();
  await expect(card.getByText('Banned', { exact: true })).toBeHidden();

  await ban.click();
  await confirm.getByRole('button', { name: `Ban @${login}` }).click();
  await expect(card.getByText('Banned', { exact: true })).toBeVisible();
  const toast = admin.getByRole('status').filter({ hasText: `@${login} is banned.` });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(card.getByText('Banned', { exact: true })).toBeHidden();
  await menu.click();
  await expect(card.getByRole('button', { name: 'Ban', exact: true })).toBeVisible();
  await admin.context().close();
});

test('an admin flag is granted and removed with confirmations; the last admin cannot remove their own rights', async ({
  browser,
}) => {
  const login = await candidate(browser, 'flag');
  const admin = await asAdmin(browser);
  await admin.goto(`/admin/users?q=${login}`);
  const card = admin.getByRole('row').filter({ hasText: login });
  // The row's menu stays open behind a confirmation (so that Cancel gives the focus back): open it if it is closed.
  const openMenu = async () => {
    if (!(await card.locator('details.row-menu').evaluate((menu: HTMLDetailsElement) => menu.open))) {
      await card.locator('summary').click();
    }
  };
  await openMenu();
  await card.getByRole('button', { name: 'Grant admin' }).click();
  await admin
    .getByRole('dialog', { name: `Make @${login} an admin?` })
    .getByRole('button', { name: 'Grant admin' })
    .click();
  await expect(card.getByText('Admin', { exact: true })).toBeVisible();
  // An admin is not a candidate: no "student" badge beside Admin.
  await expect(card.getByText('student', { exact: true })).toBeHidden();

  await openMenu();
  await card.getByRole('button', { name: 'Remove admin' }).click();
  const remove = admin.getByRole('dialog', { name: `Remove the admin rights of @${login}?` });
  await expect(remove).toContainText(`@${login} keeps their account but can no longer open the admin panel.`);
  await remove.getByRole('button', { name: 'Remove admin' }).click();
  await expect(card.getByText('Admin', { exact: true })).toBeHidden();
  await openMenu();
  await expect(card.getByRole('button', { name: 'Grant admin' })).toBeVisible();

  // The server refuses to leave the club without an admin: its sentence is shown.
  await admin.goto('/admin/users?q=admin');
  const own = admin.getByRole('row').filter({ has: admin.getByText('admin', { exact: true }) });
  await own.locator('summary').click();
  await own.getByRole('button', { name: 'Remove admin' }).click();
  await admin
    .getByRole('dialog', { name: 'Remove your own admin rights?' })
    .getByRole('button', { name: 'Remove admin' })
    .click();
  await expect(
    admin.getByRole('alert').filter({ hasText: 'This is the last admin: make someone else an admin first' }),
  ).toBeVisible();
  await expect(own.getByText('Admin', { exact: true })).toBeVisible();
  await admin.context().close();
});

test('a banned person who signs in is told so on the callback page, and the landing page keeps saying it', async ({
  browser,
}) => {
  const login = await candidate(browser, 'gone');
  const admin = await asAdmin(browser);
  const users = await (await admin.request.get(`/api/admin/members?q=${login}`)).json();
  expect(
    (await admin.request.put(`/api/admin/members/${users.data[0].id}/ban`, { data: { is_banned: true } })).status(),
  ).toBe(200);
  await admin.context().close();

  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  await page.goto('/api/auth/login');
  await authorizeOnStandIn(page, login);
  await expect(page.getByRole('heading', { name: 'Authentication Failed' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Your account has been banned');
  await page.waitForURL((url) => url.pathname === '/');
  const notice = page.getByRole('alert').filter({ hasText: 'Your account has been banned' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Dismiss' }).click();
  await expect(notice).toBeHidden();
  await page.context().close();
});
