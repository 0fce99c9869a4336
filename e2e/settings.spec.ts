import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { failOnConsoleErrors, signedInPageAt, signInOverHttp, uniqueLogin } from './support';

/** In a browser context of its own, signed in over HTTP: each test has its own admin session. */
async function asAdmin(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  return page;
}

/** The landing as a visitor sees it: a fresh context, no cookie, nothing cached. */
async function visitorLanding(browser: Browser): Promise<{ page: Page; close(): Promise<void> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  failOnConsoleErrors(page);
  await page.goto('/');
  return { page, close: () => context.close() };
}

/** A date and time field's text `days` from now at `hour`:00 (day/month/year), in the browser's (this machine's) time zone. */
function localInput(days: number, hour: number): string {
  const date = new Date(Date.now() + days * 24 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()} ${pad(hour)}:00`;
}

test('an admin renames a board member on the Settings page and a visitor sees the new board listing', async ({
  browser,
}) => {
  const admin = await asAdmin(browser);
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Settings' }).click();
  await expect(admin).toHaveURL(/\/admin\/settings$/);
  await expect(admin.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const name = admin.getByLabel('Member 2 name');
  const title = admin.getByLabel('Member 2 title');
  await name.fill('');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Some settings are not valid: see the messages beside the fields.')).toBeVisible();
  await expect(name).toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();
  await expect(admin.locator('#setting-board_members-1-name-error')).toHaveText('Required.');

  const newName = `Nadia ${uniqueLogin('n').slice(2)}`;
  const newTitle = 'Head of Outreach';
  await name.fill(newName);
  await title.fill(newTitle);
  await expect(admin.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved. The public pages show them now.')).toBeVisible();
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');

  const visitor = await visitorLanding(browser);
  const board = visitor.page.getByRole('region', { name: 'The board' });
  await expect(board.locator('.board > li').nth(1)).toContainText(newName);
  await expect(board.locator('.board > li').nth(1)).toContainText(newTitle);
  await expect(board.locator('.board > li')).toHaveCount(4);
  await visitor.close();

  const log = await (await admin.request.get('/api/admin/audit-logs?action=settings.updated&limit=100')).json();
  expect(
    log.data.some(
      (entry: { details: { after?: { board_members?: { name: string }[] } } }) =>
        entry.details.after?.board_members?.[1]?.name === newName,
    ),
  ).toBe(true);
  await admin.context().close();
});

test('the Settings page shows the server refusal in a banner and beside the field it names', async ({ browser }) => {
  const admin = await asAdmin(browser);
  await admin.goto('/admin/settings');
  await admin.route('**/api/admin/settings', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            error: 'settings.contact_phone: This number is not reachable.',
            code: 'VALIDATION_FAILED',
            details: [{ path: 'settings.contact_phone', message: 'This number is not reachable.' }],
          }),
        })
      : route.continue(),
  );
  await admin.getByLabel('Phone').fill('+212 600 000 001');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByRole('alert').filter({ hasText: 'settings.contact_phone: This number' })).toBeVisible();
  await expect(admin.locator('#setting-contact_phone-error')).toHaveText('This number is not reachable.');
  await expect(admin.getByLabel('Phone')).toBeFocused();
  await admin.context().close();
});

test('leaving the Settings page with unsaved changes asks first: stay keeps them, leave drops them', async ({
  browser,
}) => {
  const admin = await asAdmin(browser);
  await admin.goto('/admin/settings');
  const phone = admin.getByLabel('Phone');
  const saved = await phone.inputValue();
  await phone.fill('+212 600 000 002');
  const sections = admin.getByRole('navigation', { name: 'Admin sections' });
  const overview = sections.getByRole('link', { name: 'Overview' });
  const ask = admin.getByRole('dialog', { name: 'Leave without saving?' });
  const answer = async (button: 'Stay on this page' | 'Leave without saving') => {
    await ask.getByRole('button', { name: button }).click();
    await expect(admin).toHaveURL(button === 'Stay on this page' ? /\/admin\/settings$/ : /\/admin\/overview$/);
  };
  await overview.click();
  await expect(ask).toContainText('Your changes to the settings are not saved');
  await answer('Stay on this page');
  await expect(phone).toHaveValue('+212 600 000 002');

  await overview.click();
  await answer('Leave without saving');
  await admin.goto('/admin/settings');
  await expect(admin.getByLabel('Phone')).toHaveValue(saved);

  // Back asks too: the address stays on the settings until the answer.
  await overview.click();
  await sections.getByRole('link', { name: 'Settings' }).click();
  await phone.fill('+212 600 000 003');
  await admin.goBack();
  await answer('Stay on this page');
  await expect(phone).toHaveValue('+212 600 000 003');
  await admin.goBack();
  await answer('Leave without saving');
  await admin.context().close();
});

test('a sponsor added on the Settings page shows on the landing, and removing it takes it away', async ({
  browser,
}) => {
  const admin = await asAdmin(browser);
  await admin.goto('/admin/settings');
  const sponsors = admin.getByRole('region', { name: 'Sponsors' });
  await expect(sponsors.getByRole('button', { name: 'Add sponsor' })).toBeVisible();
  const before = await sponsors.getByRole('listitem').count();
  await sponsors.getByRole('button', { name: 'Add sponsor' }).click();
  const sponsor = `Servo Co ${uniqueLogin('s').slice(2)}`;
  await admin.getByLabel(`Sponsor ${before + 1} name`).fill(sponsor);
  await admin.getByLabel(`Sponsor ${before + 1} link (optional)`).fill('not a link');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.locator(`#setting-sponsors-${before}-url-error`)).toHaveText(
    'Enter a web address starting with http:// or https://.',
  );
  await admin.getByLabel(`Sponsor ${before + 1} link (optional)`).fill('https://servo.example');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved. The public pages show them now.')).toBeVisible();

  const visitor = await visitorLanding(browser);
  await expect(visitor.page.getByRole('link', { name: sponsor })).toHaveAttribute('href', 'https://servo.example');
  await visitor.close();

  await admin.reload();
  await admin.getByRole('button', { name: `Remove sponsor ${before + 1}` }).click();
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved. The public pages show them now.')).toBeVisible();
  const saved = await (await admin.request.get('/api/admin/settings')).json();
  expect(saved.settings.sponsors.map((s: { name: string }) => s.name)).not.toContain(sponsor);
  await admin.context().close();
});

test('an admin creates a club event that then shows on the landing, and deletes it', async ({ browser }) => {
  const admin = await asAdmin(browser);
  await admin.goto('/admin');
  await admin.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Events' }).click();
  await expect(admin).toHaveURL(/\/admin\/events$/);

  await admin.getByRole('button', { name: 'Add event' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add event' });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('Title is required.')).toBeVisible();
  await expect(dialog.getByText('Start is required.')).toBeVisible();

  const title = `Servo workshop ${uniqueLogin('e').slice(2)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Location (optional)').fill('Lab 2, 1337 Khouribga');
  await dialog.getByLabel('Starts').fill(localInput(3, 18));
  await dialog.getByLabel('Ends (optional)').fill(localInput(3, 16));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('The end cannot be before the start.')).toBeVisible();
  await dialog.getByLabel('Ends (optional)').fill(localInput(3, 21));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  const card = admin.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByText('Upcoming')).toBeVisible();

  const visitor = await visitorLanding(browser);
  const events = visitor.page.getByRole('region', { name: 'Upcoming events' });
  await expect(events.getByRole('heading', { name: title })).toBeVisible();
  await expect(events.getByRole('listitem').filter({ hasText: title })).toContainText('18:00 – 21:00');
  await expect(events.getByRole('listitem').filter({ hasText: title })).toContainText('Lab 2, 1337 Khouribga');
  await visitor.close();

  await card.getByRole('button', { name: 'Delete' }).click();
  const confirm = admin.getByRole('dialog', { name: `Delete ${title}?` });
  await expect(confirm).toContainText('Are you sure you want to delete this event?');
  await confirm.getByRole('button', { name: 'Delete event' }).click();
  await expect(card).toBeHidden();
  const after = await visitorLanding(browser);
  await expect(after.page.getByRole('heading', { name: 'The board' })).toBeVisible();
  await expect(after.page.getByRole('heading', { name: title })).toBeHidden();
  await after.close();
  await admin.context().close();
});

/** The retention preview's requests: the months each one asked for. */
const isRetentionPreview = (url: URL) => url.pathname === '/api/admin/maintenance/retention';

test('the Settings page counts the accounts a retention period would erase, once the typing stops, before saving', async ({
  browser,
  baseURL,
}) => {
  const admin = await signedInPageAt(browser, baseURL!, 'admin', { width: 1280 });
  const asked: (string | null)[] = [];
  // A count per value, so that each answer shows on the page by its own number.
  await admin.route(isRetentionPreview, (route) => {
    const months = new URL(route.request().url()).searchParams.get('months');
    asked.push(months);
    return route.fulfill({ json: { months: Number(months), would_erase: Number(months) === 1 ? 1 : 7 } });
  });
  await admin.goto('/admin/settings');
  const field = admin.getByLabel('Retention period (months)');
  const preview = admin.locator('#setting-retention_months-preview');
  // The saved period's count, once the page has loaded (slowly on a busy machine).
  await expect(preview).toHaveText('7 accounts would be erased at the next hourly run.', { timeout: 30_000 });

  asked.length = 0;
  await field.fill('');
  await expect(preview).toHaveText('');
  // Two keys well within the pause: one request, for the value typed.
  await field.pressSequentially('24', { delay: 60 });
  await expect(preview).toHaveText('7 accounts would be erased at the next hourly run.');
  expect(asked).toEqual(['24']);
  await field.fill('1');
  await expect(preview).toHaveText('1 account would be erased at the next hourly run.');
  // A value the setting refuses is not counted; the save says why.
  await field.fill('121');
  await expect(preview).toHaveText('');
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.locator('#setting-retention_months-error')).toHaveText('At most 120 months.');
  await field.fill('0');
  await expect(preview).toHaveText('0 months: every account is kept, the hourly run erases none.');
  expect(asked).toEqual(['24', '1']);

  // The server's own count, as the hourly run would erase now.
  await admin.unroute(isRetentionPreview);
  await field.fill('2');
  const real = await (await admin.request.get('/api/admin/maintenance/retention?months=2')).json();
  await expect(preview).toHaveText(
    `${real.would_erase} ${real.would_erase === 1 ? 'account' : 'accounts'} would be erased at the next hourly run.`,
  );
  // Nothing saved: the value typed goes with the page.
  await admin.context().close();
});

for (const width of [375, 1280]) {
  test(`the retention field and its count in Arabic at ${width} px, with the longest period`, async ({
    browser,
    baseURL,
  }) => {
    const page = await signedInPageAt(browser, baseURL!, 'admin', { width, locale: 'ar' });
    await page.route(isRetentionPreview, (route) => route.fulfill({ json: { months: 120, would_erase: 3 } }));
    await page.goto('/admin/settings');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    const field = page.getByLabel('مدة الاحتفاظ (بالأشهر)');
    await field.fill('120');
    const preview = page.locator('#setting-retention_months-preview');
    await expect(preview).toHaveText('ستُمحى 3 حسابات في التشغيل الساعي القادم.');
    const section = page.locator('#privacy-title').locator('..');
    // Nothing wider than its box (an input scrolls its own long value, as the place may be).
    const overflow = await section.evaluate(
      (box) =>
        [box, ...box.querySelectorAll('*')].filter(
          (element) => element.tagName !== 'INPUT' && element.scrollWidth > element.clientWidth + 1,
        ).length,
    );
    expect(overflow).toBe(0);
    const { violations } = await new AxeBuilder({ page })
      .include('#privacy-title')
      .include('section[aria-labelledby="privacy-title"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
      .analyze();
    expect(violations.map((violation) => violation.id)).toEqual([]);
    await section.screenshot({ path: test.info().outputPath(`retention-ar-${width}.png`) });
    // Nothing saved: the value typed goes with the page.
    await page.context().close();
  });
}
