import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiSignIn, failOnConsoleErrors, signInOverHttp, uniqueLogin } from './support';

/** The walk-through's layout defects of issue 18, one test each (decision 0125); e2e/layout.spec.ts checks every page. */

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** A candidate who has sent an application, signed in over HTTP only. */
async function appliedCandidate(baseURL: string, prefix: string): Promise<string> {
  const login = uniqueLogin(prefix);
  const candidate = await apiSignIn(baseURL, login);
  const motivation = 'I build line followers and want to learn more.';
  expect((await candidate.post('/api/applications', { data: { motivation } })).status()).toBe(201);
  await candidate.dispose();
  return login;
}

async function adminAt(page: Page, width: number): Promise<void> {
  failOnConsoleErrors(page);
  await page.setViewportSize({ width, height: 800 });
  await signInOverHttp(page, 'admin');
}

test('the Applications header: the title on top, Export and Review the queue side by side, the filters under them', async ({
  page,
}) => {
  await adminAt(page, 1280);
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/admin/applications');
    const title = await box(page.getByRole('heading', { level: 1, name: 'Applications' }));
    const toolbar = await box(page.locator('.admin-toolbar'));
    const exportCsv = await box(page.getByRole('link', { name: 'Export CSV' }));
    const queue = await box(page.getByRole('link', { name: 'Review the queue' }));
    const status = await box(page.getByRole('combobox', { name: 'Status' }));
    expect(title.y - toolbar.y, `the title starts the header at ${width} px`).toBeLessThan(8);
    expect(Math.abs(exportCsv.y - queue.y), `Export and Review the queue on one row at ${width} px`).toBeLessThan(2);
    expect(status.y, `the filters under the buttons at ${width} px`).toBeGreaterThanOrEqual(
      exportCsv.y + exportCsv.height,
    );
  }
});

test('challenge cards at 1280 px keep each value whole on one line (no "begin/ner", "ROBO/142")', async ({ page }) => {
  await adminAt(page, 1280);
  // Inactive: no candidate of the shared server is given it.
  const challenge = {
    title: `Cards ${uniqueLogin('c')}`,
    description: 'Values as the walk-through had them.',
    difficulty_level: 'intermediate',
    grade: 20,
    tinkercad_class_code: 'ROBO142',
    is_active: false,
  };
  expect((await page.request.post('/api/challenges/admin/challenges', { data: challenge })).status()).toBe(201);
  await page.goto('/admin/challenges');
  const values = page.locator('.card dd');
  await expect(values.first()).toBeVisible();
  const lines = await values.evaluateAll((cells) =>
    cells.map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      const tops = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)));
      return `${cell.textContent}: ${tops.size}`;
    }),
  );
  expect(lines.filter((line) => !line.endsWith(': 1'))).toEqual([]);
});

test('the Settings save bar keeps its status and both buttons on one line, on a phone too', async ({ page }) => {
  await adminAt(page, 1280);
  for (const width of [360, 768, 1280]) {
    await page.setViewportSize({ width, height: 700 });
    await page.goto('/admin/settings');
    const phone = page.getByLabel('Phone');
    await phone.fill(`${await phone.inputValue()} `);
    const status = page.getByRole('status').filter({ hasText: 'Unsaved changes' });
    await expect(status).toBeVisible();
    const bar = page.locator('.settings-actions');
    const buttons = await bar.getByRole('button').all();
    expect(buttons).toHaveLength(2);
    const [discard, save, said] = [await box(buttons[0]!), await box(buttons[1]!), await box(status)];
    expect(Math.abs(discard.y - save.y), `the buttons on one row at ${width} px`).toBeLessThan(2);
    expect(said.y + said.height, `the status beside them at ${width} px`).toBeLessThanOrEqual(save.y + save.height + 1);
    expect(said.y, `the status beside them at ${width} px`).toBeGreaterThanOrEqual(save.y - 1);
    await page.getByRole('button', { name: /^Discard/ }).click();
  }
});

test('the tracker names its steps without collisions on a phone: the current one under the dots', async ({
  page,
  baseURL,
}) => {
  failOnConsoleErrors(page);
  await page.setViewportSize({ width: 360, height: 740 });
  const login = await appliedCandidate(baseURL!, 'phone-steps');
  await signInOverHttp(page, login);
  await page.goto('/apply');
  const bar = page.getByRole('navigation', { name: 'Application progress' });
  await expect(bar.getByText('Step 1 of 5: Application')).toBeVisible();
  // The five labels are read by screen readers only: clipped to nothing on screen.
  const shown = await bar
    .locator('.journey-title')
    .evaluateAll((titles) => titles.filter((title) => title.getBoundingClientRect().width > 1));
  expect(shown).toHaveLength(0);
  // Every step is still named to screen readers, in order.
  await expect(bar.getByRole('listitem')).toHaveText([
    /Application.*current step/,
    /4 Challenges/,
    /Hackathon/,
    /Board Approval/,
    /Complete/,
  ]);
});

test('dates are typed and shown day/month/year with a 24-hour time, whatever the browser locale', async ({ page }) => {
  await adminAt(page, 1280);
  await page.goto('/admin/events');
  await page.getByRole('button', { name: 'Add event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add event' });
  const starts = dialog.getByLabel('Starts');
  await expect(starts).toHaveAttribute('placeholder', 'dd/mm/yyyy hh:mm');
  await expect(starts).toHaveAccessibleDescription(
    /Day\/month\/year and 24-hour time, for example 31\/12\/2026 18:30\./,
  );
  const title = `Dates ${uniqueLogin('d')}`;
  await dialog.getByLabel('Title').fill(title);
  // A date that names no day says, under its field, how to type one: not the API's ISO 8601.
  await starts.fill('31/02/2026 18:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.locator('#event-starts_at-error')).toHaveText(
    'Day/month/year and 24-hour time, for example 31/12/2026 18:30.',
  );
  await expect(starts).toBeFocused();
  await starts.fill('31/12/2030 18:30');
  await dialog.getByLabel('Ends (optional)').fill('1/1/2031 0:30');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: title });
  await expect(card).toContainText('31 Dec 2030, 18:30');
  await expect(card).toContainText('1 Jan 2031, 00:30');
  await card.getByRole('button', { name: 'Edit' }).click();
  const edit = page.getByRole('dialog', { name: 'Edit event' });
  await expect(edit.getByLabel('Starts')).toHaveValue('31/12/2030 18:30');
  // An edit sends what changed; saving none closes the dialog.
  await edit.getByLabel('Ends (optional)').fill('1/1/2031 1:30');
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(card).toContainText('1 Jan 2031, 01:30');
  await card.getByRole('button', { name: 'Edit' }).click();
  await edit.getByRole('button', { name: 'Save' }).click();
  await expect(edit).toBeHidden();
});

test('approving from the list says so in the Undo toast and keeps the focus on the page', async ({ page, baseURL }) => {
  const login = await appliedCandidate(baseURL!, 'bulk-ok');
  await adminAt(page, 1280);
  await page.goto('/admin/applications?status=pending');
  await page.getByLabel(`Select the application of ${login}`).check();
  await page.getByRole('button', { name: 'Approve selected' }).click();
  await page.getByRole('dialog', { name: 'Approve 1 application?' }).getByRole('button', { name: 'Approve 1' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Approved: 1 application.' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Applications' })).toBeFocused();
  await expect(page.getByLabel(`Select the application of ${login}`)).toBeHidden();
});

test('approving in the user detail keeps the focus in the dialog, and the toast says it', async ({ page, baseURL }) => {
  const login = await appliedCandidate(baseURL!, 'modal-ok');
  await adminAt(page, 1280);
  await page.goto(`/admin/users?q=${login}`);
  await page
    .getByRole('row')
    .filter({ hasText: login })
    .getByRole('button', { name: `View @${login}` })
    .click();
  const detail = page.getByRole('dialog', { name: `@${login}` });
  await detail.getByRole('button', { name: 'Approve', exact: true }).click();
  await page
    .getByRole('dialog', { name: `Approve the application of @${login}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(page.getByRole('status').filter({ hasText: `The application of @${login} is approved.` })).toBeVisible();
  await expect(detail.getByRole('heading', { name: 'Applications' })).toBeFocused();
});
