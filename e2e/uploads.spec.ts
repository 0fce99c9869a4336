import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import sharp from 'sharp';
import { failOnConsoleErrors, ownServer, signedInPage } from './support';

/**
 * Board photos and sponsor logos uploaded in Settings (docs/decisions/0122-uploaded-images.md).
 * A server of its own: the spec saves the whole board listing, which other specs rename.
 */
const server = ownServer('uploads');

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

const svg = (width: number, height: number, body: string) =>
  sharp(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`));

/** A portrait, landscape (cut to a square on the server), and a logo with a transparent background. */
const portrait = () =>
  svg(
    600,
    400,
    '<rect width="600" height="400" fill="#3a7ca5"/><circle cx="300" cy="170" r="80" fill="#8d5524"/>' +
      '<rect x="190" y="260" width="220" height="160" rx="100" fill="#1d3557"/>',
  )
    .jpeg()
    .toBuffer();
const logo = () =>
  svg(
    500,
    120,
    '<rect x="5" y="10" width="100" height="100" rx="20" fill="#e63946"/>' +
      '<text x="125" y="88" font-family="sans-serif" font-weight="bold" font-size="72" fill="#1d3557">ACME</text>',
  )
    .png()
    .toBuffer();

/** Chooses a file through the button, as a person does: the button opens the browser's file chooser. */
async function choose(page: Page, button: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  await (await chooser).setFiles(file);
}

/** The landing as a visitor sees it at `width`, scrolled to the board (its images load lazily). */
async function visitorLanding(browser: Browser, width: number, colorScheme: 'light' | 'dark') {
  const context = await browser.newContext({ baseURL: server.baseURL, viewport: { width, height: 800 }, colorScheme });
  const page = await context.newPage();
  failOnConsoleErrors(page);
  await page.goto('/');
  await page.getByRole('heading', { name: 'The board' }).scrollIntoViewIfNeeded();
  return page;
}

/** No sideways scroll, and no serious or critical axe violation. */
async function fitsAndPassesAxe(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(serious.map((v) => `${v.id} ${v.nodes.map((n) => n.target).join(' ')}`)).toEqual([]);
}

/** Whether an image has loaded and has the size it says (no layout shift: width and height are set). */
async function loadedAt(image: Locator, width: number, height: number) {
  await image.scrollIntoViewIfNeeded();
  await expect(image).toHaveAttribute('width', String(width));
  await expect(image).toHaveAttribute('height', String(height));
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
}

/** The Settings page as an admin, with board member 1's photo field. */
async function settingsAsAdmin(browser: Browser) {
  const admin = await signedInPage(browser, server.baseURL, 'admin');
  await admin.goto('/admin/settings');
  const first = admin.getByRole('group', { name: 'Board member 1' });
  const photo = first.getByRole('group', { name: 'Member 1 Photo' });
  return { admin, first, photo, upload: photo.getByRole('button', { name: 'Member 1: Upload a photo' }) };
}

test('an admin uploads a board photo and a sponsor logo in Settings and saves them', async ({ browser }, testInfo) => {
  const { admin, first, photo, upload } = await settingsAsAdmin(browser);

  // Refusals, under the field: too large (the browser's own check), and not an image (the server's, by content).
  await choose(admin, upload, { name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1) });
  await expect(photo.getByRole('alert')).toHaveText('This file is larger than 2 MB. Choose a smaller image.');
  await choose(admin, upload, { name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('Just words.') });
  await expect(photo.getByRole('alert')).toHaveText(
    'This file is not a PNG, JPEG or WebP image. Choose a photo or logo in one of these formats.',
  );
  await expect(admin.getByRole('status').filter({ hasText: 'Unsaved changes' })).toHaveCount(0);

  // From the keyboard: the button opens the chooser as a click does.
  const chooser = admin.waitForEvent('filechooser');
  await upload.focus();
  await admin.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'amina.jpg', mimeType: 'image/jpeg', buffer: await portrait() });
  await expect(photo.getByRole('img', { name: 'Current photo' })).toBeVisible();
  await expect(photo.getByRole('status')).toHaveText(
    'Photo uploaded. Save the settings to show it on the landing page.',
  );
  await expect(photo.getByRole('alert')).toHaveCount(0);
  await expect(admin.getByRole('status').filter({ hasText: 'Unsaved changes' })).toBeVisible();
  await first.getByLabel('Member 1 name').fill('Amina Alaoui');
  await admin.getByLabel('Member 2 name').fill('Youssef Benali');

  const sponsorLogo = admin.getByRole('group', { name: 'Sponsor 1 Logo' });
  await choose(admin, sponsorLogo.getByRole('button', { name: 'Sponsor 1: Upload a logo' }), {
    name: 'acme.png',
    mimeType: 'image/png',
    buffer: await logo(),
  });
  await expect(sponsorLogo.getByRole('img', { name: 'Current logo' })).toBeVisible();
  await admin.getByRole('button', { name: 'Add sponsor' }).click();
  await admin.getByLabel('Sponsor 2 name').fill('Servo Works');
  await first.screenshot({ path: testInfo.outputPath('settings-board-member-1280.png') });
  await admin.setViewportSize({ width: 375, height: 740 });
  await fitsAndPassesAxe(admin);
  await first.screenshot({ path: testInfo.outputPath('settings-board-member-375.png') });
  await admin.setViewportSize({ width: 1280, height: 800 });
  await admin.getByRole('button', { name: 'Save settings' }).click();
  await expect(admin.getByText('Settings saved. The public pages show them now.')).toBeVisible();
  await admin.context().close();
});

test('the landing shows the uploaded photo and logo, and the initials of a name without a photo', async ({
  browser,
}, testInfo) => {
  for (const [width, colorScheme] of [
    [1280, 'light'],
    [375, 'light'],
    [1280, 'dark'],
  ] as const) {
    const visitor = await visitorLanding(browser, width, colorScheme);
    const board = visitor.getByRole('region', { name: 'The board' }).locator('.board > li');
    const amina = board.nth(0).locator('img');
    await expect(amina).toHaveAttribute('src', /^\/media\/[0-9a-f]{64}-96x96\.webp$/);
    await expect(amina).toHaveAttribute('srcset', /-96x96@2x\.webp 2x$/);
    await loadedAt(amina, 96, 96);
    // No photo: the initials of the name, not of the title; a seat not named yet shows no letters.
    await expect(board.nth(1)).toContainText('YB');
    await expect(board.nth(1).locator('img')).toHaveCount(0);
    await expect(board.nth(2).locator('.board-initials')).toHaveText('');
    const sponsor = visitor.getByRole('link', { name: '1337 Coding School' });
    const sponsorImage = sponsor.getByRole('img', { name: '1337 Coding School' });
    // 500 × 120 fits 240 × 48 as 200 × 48.
    await loadedAt(sponsorImage, 200, 48);
    // Without a logo: the name as a wordmark beside its monogram, no image.
    const wordmark = visitor.locator('.sponsors > li').filter({ hasText: 'Servo Works' });
    await expect(wordmark.locator('.sponsor-monogram')).toHaveText('SW');
    await expect(wordmark.getByRole('img')).toHaveCount(0);
    await visitor.getByRole('heading', { name: 'The board' }).scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: testInfo.outputPath(`landing-board-${width}-${colorScheme}.png`) });
    await visitor.getByRole('heading', { name: 'Sponsors' }).scrollIntoViewIfNeeded();
    await visitor.screenshot({ path: testInfo.outputPath(`landing-sponsors-${width}-${colorScheme}.png`) });
    await fitsAndPassesAxe(visitor);
    await visitor.context().close();
  }
});

test('Remove takes the photo from the form and keeps the focus; Discard brings it back', async ({ browser }) => {
  const { admin, first, photo, upload } = await settingsAsAdmin(browser);
  await expect(photo.getByRole('img', { name: 'Current photo' })).toBeVisible();
  await photo.getByRole('button', { name: 'Member 1: Remove the photo' }).click();
  await expect(photo.getByRole('img')).toHaveCount(0);
  await expect(upload).toBeFocused();
  await expect(first.getByLabel('Member 1 photo URL (optional)')).toHaveValue('');
  await admin.getByRole('button', { name: 'Discard changes' }).click();
  await expect(photo.getByRole('img', { name: 'Current photo' })).toBeVisible();
  await admin.context().close();
});
