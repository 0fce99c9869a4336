import { expect, test, type Browser } from '@playwright/test';
import { apiSignIn, ownServer, signedInPageAt } from './support';

/**
 * The club's time zone (issue 28 item 6, decision 0155): a board member whose browser is in
 * Tokyo types an event's date and it is read on the club's clocks, shown the same, and the
 * browser's picker fills the typed field. A server of its own: the tests change the setting. The
 * club is put in Paris (UTC+1 in November): Debian's Chromium carries time zone data older than
 * Morocco's move to UTC+1 in 2018, so Africa/Casablanca would read UTC+0 in it.
 */
const server = ownServer('time-zone');
test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(async () => {
  await server.start();
  const admin = await apiSignIn(server.baseURL, 'admin');
  const saved = await admin.put('/api/admin/settings', { data: { settings: { time_zone: 'Europe/Paris' } } });
  expect(saved.status()).toBe(200);
  await admin.dispose();
});
test.afterAll(() => server.stop());

const boardInTokyo = (browser: Browser, width: number) =>
  signedInPageAt(browser, server.baseURL, 'admin', { timezoneId: 'Asia/Tokyo', width });

for (const width of [360, 1280]) {
  test(`at ${width} px a typed event date is read in the club's zone, not the browser's, and the picker fills the field`, async ({
    browser,
  }) => {
    const page = await boardInTokyo(browser, width);
    await page.goto('/admin/events');
    await page.getByRole('button', { name: 'Add event' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add event' });
    const title = `Zone ${width}`;
    await dialog.getByLabel('Title').fill(title);
    await expect(dialog.getByLabel('Starts')).toHaveAccessibleDescription(/Time zone: Europe\/Paris\./);
    await dialog.getByLabel('Starts').fill('05/11/2030 18:00');
    // The browser's picker (its value is a wall time without a zone) writes the typed form.
    const ends = dialog.locator('.date-field').filter({ has: page.getByLabel('Ends (optional)') });
    await expect(ends.getByRole('button', { name: 'Choose the date and time' })).toBeVisible();
    await ends.locator('input[type="datetime-local"]').fill('2030-11-05T21:30');
    await expect(dialog.getByLabel('Ends (optional)')).toHaveValue('05/11/2030 21:30');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();

    const { data } = await (await page.request.get('/api/admin/events?limit=50')).json();
    const event = data.find((e: { title: string }) => e.title === title);
    // 18:00 in Paris is 17:00 UTC; read in Tokyo it would have been 09:00 UTC.
    expect(event).toMatchObject({ starts_at: '2030-11-05T17:00:00.000Z', ends_at: '2030-11-05T20:30:00.000Z' });
    await expect(page.getByRole('listitem').filter({ hasText: title })).toContainText('5 Nov 2030, 18:00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(
      0,
    );
    await page.context().close();
  });
}

test('the Settings page changes the time zone, and every date of the pages follows', async ({ browser }) => {
  const page = await boardInTokyo(browser, 1280);
  await page.goto('/admin/settings');
  const zone = page.getByLabel('Time zone');
  await expect(zone).toHaveValue('Europe/Paris');
  await zone.selectOption('America/New_York');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByText('Settings saved. The public pages show them now.')).toBeVisible();
  await page.goto('/admin/events');
  // 17:00 UTC is noon in New York.
  await expect(page.getByRole('listitem').filter({ hasText: 'Zone 1280' })).toContainText('5 Nov 2030, 12:00');
  await page.context().close();
});
