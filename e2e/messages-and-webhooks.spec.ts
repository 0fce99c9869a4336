import AxeBuilder from '@axe-core/playwright';
import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { ownServer, signedInPage, uniqueLogin } from './support';

/**
 * A message goes to every pending candidate of the database: on the shared server of the run it
 * would land on the other specs' trackers, so this spec has a server and a database of its own.
 */
const server = ownServer('messages', { FT_RATE_LIMIT: 'off', DEV_INTRA_LIMITS: 'off' });

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

// A context of its own: axe needs one, and each person has their own cookies.
const newPage = (browser: Browser, login: string) => signedInPage(browser, server.baseURL, login);

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
  // Asked first, with the audience named and the server's count of who it reaches (decision 0145).
  const ask = admin.getByRole('dialog', { name: 'Send “Interviews next week” to 1 person?' });
  await expect(ask.getByRole('listitem')).toHaveText(['Step: Application']);
  await expect(ask).toContainText('no email leaves before');
  await ask.getByRole('button', { name: 'Cancel' }).click();
  await expect(admin.getByRole('heading', { name: 'Interviews next week' })).toHaveCount(0);
  await send.click();
  await ask.getByRole('button', { name: 'Send to 1 person' }).click();
  // The admin panel's Undo toasts are a status region too.
  const outcome = admin.getByRole('status').filter({ hasText: 'Sent to 1 person' });
  await expect(outcome).toHaveText('Sent to 1 person');
  await expect(outcome).toBeFocused();
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

test('the board takes a message back within seconds of sending it: nobody gets it', async ({ browser }) => {
  const candidate = await pendingCandidate(browser);
  const admin = await newPage(browser, 'admin');
  await admin.goto('/admin/messages');
  await admin.getByLabel('Step').selectOption({ label: 'Application' });
  await admin.getByLabel('Subject').fill('Sent by mistake');
  await admin.getByLabel('Message', { exact: true }).fill('Please ignore.');
  await admin.getByRole('button', { name: 'Send' }).click();
  const ask = admin.getByRole('dialog', { name: /^Send “Sent by mistake” to \d+ (person|people)\?$/ });
  await ask.getByRole('button', { name: /^Send to \d+ (person|people)$/ }).click();
  const sent = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: 'Sent by mistake' }) });
  await expect(sent).toBeVisible();
  const toast = admin.locator('.undo-toast').filter({ hasText: '“Sent by mistake” is sent' });
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(admin.getByText('“Sent by mistake” is taken back: no email has left.')).toBeVisible();
  await expect(sent).toHaveCount(0);

  await candidate.goto('/');
  await expect(candidate.getByRole('heading', { name: 'Application Submitted!' })).toBeVisible();
  await expect(candidate.getByText('Sent by mistake')).toHaveCount(0);
  const outbox = await (await admin.request.get('/dev/mail')).text();
  expect(outbox).not.toContain('Sent by mistake');
  await admin.context().close();
  await candidate.context().close();
});

/** A receiver on this machine that answers 200 and keeps what it was sent. */
async function receiver() {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const listener = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    close: () => new Promise((resolve) => listener.close(resolve)),
  };
}

test('the board adds a webhook, sees its secret once, gets a signed delivery when a candidate applies, and deletes it', async ({
  browser,
}) => {
  const hook = await receiver();
  const admin = await newPage(browser, 'admin');
  await admin.goto('/admin/webhooks');
  await expect(admin.getByText(/No webhook yet/)).toBeVisible();
  await checkPage(admin, 'Webhooks');
  await admin.setViewportSize({ width: 1280, height: 800 });

  await admin.getByRole('button', { name: 'Add webhook' }).click();
  await expect(admin.getByText('The address is required')).toBeVisible();
  await expect(admin.getByLabel('Address')).toBeFocused();
  await expect(admin.getByText('Choose at least one event')).toBeVisible();
  await admin.getByLabel('Address').fill(hook.url);
  await admin.getByLabel('A candidate applies').check();
  await admin.getByRole('button', { name: 'Add webhook' }).click();

  const secretField = admin.getByLabel('Signing secret');
  await expect(secretField).toBeFocused();
  await expect(admin.getByText('Copy it now and keep it with the receiver: it will not be shown again.')).toBeVisible();
  const secret = await secretField.inputValue();
  expect(secret.length).toBeGreaterThanOrEqual(32);
  await admin.getByRole('button', { name: 'Done' }).click();
  await expect(admin.getByLabel('Address')).toBeFocused();
  await admin.reload();
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name: hook.url }) });
  await expect(card).toBeVisible();
  await expect(admin.getByLabel('Signing secret')).toHaveCount(0);
  expect(await admin.content()).not.toContain(secret);

  await pendingCandidate(browser);
  await expect.poll(() => hook.received.length).toBe(1);
  const [delivery] = hook.received;
  expect(delivery?.headers['x-club-event']).toBe('application.created');
  expect(delivery?.headers['x-club-signature']).toBe(
    `sha256=${createHmac('sha256', secret)
      .update(delivery?.body ?? '')
      .digest('hex')}`,
  );

  await card.getByText('Deliveries').click();
  await card.getByRole('button', { name: 'Refresh deliveries' }).click();
  await expect(card.getByText('Delivered')).toBeVisible();
  await expect(card.getByRole('cell', { name: 'HTTP 200' })).toBeVisible();
  await checkPage(admin, 'Webhooks');
  await admin.setViewportSize({ width: 1280, height: 800 });

  await card.getByRole('button', { name: `Delete the webhook to ${hook.url}` }).click();
  const confirm = admin.getByRole('dialog', { name: `Delete the webhook to ${hook.url}?` });
  await expect(confirm).toContainText('Its deliveries are deleted with it');
  await confirm.getByRole('button', { name: 'Delete webhook' }).click();
  await expect(admin.getByRole('status').filter({ hasText: `The webhook to ${hook.url} was deleted.` })).toBeFocused();
  await expect(admin.getByText(/No webhook yet/)).toBeVisible();
  await admin.context().close();
  await hook.close();
});
