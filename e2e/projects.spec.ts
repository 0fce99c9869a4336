import { expect, test, type APIRequestContext } from '@playwright/test';
import { applyAndApprove, failOnConsoleErrors, signInOverHttp, uniqueLogin } from './support';

/** Makes the signed-in candidate a club member: applied, approved, then given the member role by the board. */
async function makeMember(candidate: APIRequestContext, admin: APIRequestContext) {
  await applyAndApprove(candidate, admin);
  const me = await (await candidate.get('/api/users/me')).json();
  expect((await admin.put(`/api/admin/members/${me.id}/role`, { data: { role: 'member' } })).status()).toBe(200);
}

test('a member proposes a project from the tracker, an admin approves it, the member sees it approved', async ({
  page,
  browser,
}, testInfo) => {
  failOnConsoleErrors(page);
  const admin = await browser.newPage();
  failOnConsoleErrors(admin);
  await signInOverHttp(admin, 'admin');
  const login = uniqueLogin('proj');
  await signInOverHttp(page, login);
  await makeMember(page.request, admin.request);

  const title = `Line follower ${login}`;
  await page.goto('/apply');
  await expect(page.getByRole('heading', { name: /Congratulations/ })).toBeVisible();
  const projects = page.getByRole('region', { name: 'Your club projects' });
  await expect(projects.getByText('You have not proposed a project yet.')).toBeVisible();
  // The contract's schema checks the form before anything is sent.
  await projects.getByRole('button', { name: 'Propose project' }).click();
  await expect(projects.getByText('Title is required.')).toBeVisible();
  await expect(projects.getByText('Description is required.')).toBeVisible();
  await projects.getByLabel('Title').fill(title);
  await projects.getByLabel('Description').fill('A small robot that follows a black line, built by three members.');
  await projects.getByLabel('Deadline (optional)').fill('30/06/2031');
  await projects.getByRole('button', { name: 'Propose project' }).click();
  await expect(projects.getByRole('status')).toContainText('was sent to the board');
  const mine = projects.getByRole('listitem').filter({ hasText: title });
  await expect(mine.getByText('Pending review')).toBeVisible();
  await expect(mine).toContainText('Deadline 30 Jun 2031');

  await admin.goto('/admin/projects');
  await expect(admin.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await admin.getByLabel('Status').selectOption('pending');
  await admin.getByLabel('Owner').fill(login);
  const card = admin.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Pending review')).toBeVisible();
  await admin.getByRole('button', { name: 'Run maintenance' }).click();
  await expect(admin.getByRole('status').filter({ hasText: 'Maintenance done' })).toBeVisible();

  await admin.setViewportSize({ width: 1280, height: 900 });
  await admin.screenshot({ path: testInfo.outputPath('admin-projects-1280.png'), fullPage: true });
  await admin.setViewportSize({ width: 375, height: 800 });
  await admin.screenshot({ path: testInfo.outputPath('admin-projects-375.png'), fullPage: true });
  await admin.setViewportSize({ width: 1280, height: 900 });

  await card.getByRole('button', { name: 'View' }).click();
  const dialog = admin.getByRole('dialog', { name: title });
  await expect(dialog.getByText(`@${login}`)).toBeVisible();
  await dialog.getByLabel('Notes for the owner (optional)').fill('Great idea: take the spare sensors.');
  await admin.screenshot({ path: testInfo.outputPath('admin-projects-modal-1280.png') });
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByRole('status').filter({ hasText: `"${title}" was approved.` })).toBeVisible();
  // The pending filter no longer lists it.
  await expect(card).toBeHidden();

  await page.reload();
  const approved = page
    .getByRole('region', { name: 'Your club projects' })
    .getByRole('listitem')
    .filter({ hasText: title });
  await expect(approved.getByText('Approved', { exact: true })).toBeVisible();
  await expect(approved).toContainText('Great idea: take the spare sensors.');
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath('member-projects-375.png'), fullPage: true });
  await admin.close();
});
