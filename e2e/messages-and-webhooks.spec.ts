import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { failOnConsoleErrors, ownServer, signIn, uniqueLogin } from './support';

/**
 * A message goes to every pending candidate of the database: on the shared server of the run it
 * would land on the other specs' trackers, so this spec has a server and a database of its own.
 */
const server = ownServer('messages', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

async function newPage(browser: Browser, login: string): Promise<Page> {
  // A context of its own: axe needs one, and each person has their own cookies.
  const page = await (await browser.newContext({ baseURL: server.baseURL })).newPage();
  failOnConsoleErrors(page);
  await signIn(page, login);
  return page;
}

/** Signs a new candidate in and sends their application: they are pending, at step 0. */
async function pendingCandidate(browser: Browser): Promise<Page> {
  const page = await newPage(browser, uniqueLogin('cand'));
  const applied = await page.request.post('/api/applications', {
    data: { motivation: 'I build line followers and want to learn control loops.' },
  });
  expect(applied.status()).toBe(201);
  return page;
}

/** No axe violation and no sideways scroll, at a desktop and a phone width. */
async function checkPage(page: Page, heading: string | RegExp) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${page.url()} scrolls sideways by ${overflow} px at ${width} px`).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${width} px: ${v.id} (${v.nodes.length})`)).toEqual([]);
  }
}

test('the board writes to pending candidates; a candidate reads it on the tracker and the unread badge goes', async ({
  browser,
}) => {
  const candidate = await pendingCandidate(browser);
  await candidate.goto('/');
  await expect(candidate.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await expect(candidate.getByRole('heading', { name: /Messages from the board/ })).toHaveCount(0);

  const admin = await newPage(browser, 'admin');
  await admin.goto('/admin/messages');
  await expect(admin.getByText('No message sent yet.')).toBeVisible();
  await checkPage(admin, 'Messages');
  await admin.setViewportSize({ width: 1280, height: 800 });
  const send = admin.getByRole('button', { name: 'Send' });
  await send.click();
  await expect(admin.getByText('Choose who receives the message')).toBeFocused();
  await expect(admin.getByText('The subject is required')).toBeVisible();

  await admin.getByLabel('Step').selectOption({ label: 'Declined' });
  await admin.getByLabel('Subject').fill('Interviews next week');
  await admin.getByLabel('Message', { exact: true }).fill('Bring your **robot**.');
  await send.click();
  await expect(admin.getByText('Nobody matches this audience: the message was not sent.')).toBeFocused();

  await admin.getByLabel('Step').selectOption({ label: 'Application' });
  await send.click();
  await expect(admin.getByRole('status')).toHaveText('Sent to 1 person');
  await expect(admin.getByRole('status')).toBeFocused();
  await expect(admin.getByLabel('Subject')).toHaveValue('');
  const sent = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: 'Interviews next week' }) });
  await expect(sent.getByText('Step: Application')).toBeVisible();

  await candidate.reload();
  const section = candidate.getByRole('region', { name: /Messages from the board/ });
  await expect(candidate.getByRole('heading', { name: 'Messages from the board 1 unread' })).toBeVisible();
  await expect(section.getByText('Bring your')).toBeHidden();
  await section.getByText('Interviews next week').click();
  await expect(section.getByText('robot', { exact: true })).toBeVisible();
  await expect(section.locator('strong')).toHaveText('robot');
  await expect(candidate.getByRole('heading', { name: 'Messages from the board', exact: true })).toBeVisible();
  await checkPage(candidate, /^Hello/);

  await candidate.reload();
  await expect(candidate.getByRole('heading', { name: 'Messages from the board', exact: true })).toBeVisible();
  await admin.context().close();
  await candidate.context().close();
});
