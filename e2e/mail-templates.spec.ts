import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { failOnConsoleErrors, ownServer, signInOverHttp } from './support';

/**
 * The board rewords the decline email (docs/decisions/0120-mail-templates.md). A saved wording
 * is every later mail's, so this spec has a server and a database of its own: the other specs'
 * mails keep the defaults whatever happens here.
 */
const server = ownServer('mail-templates');

test.describe.configure({ mode: 'serial' });
test.use({ baseURL: server.baseURL });
test.beforeAll(() => server.start());
test.afterAll(() => server.stop());

/** No axe violation and no sideways scroll, at a desktop and a phone width; a screenshot of each. */
async function checkPage(page: Page, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole('heading', { name: 'Emails', level: 1 })).toBeVisible();
    await expect(page.locator('.spinner')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${page.url()} scrolls sideways by ${overflow} px at ${width} px`).toBeLessThanOrEqual(0);
    // The frame holds the email, not the page's controls, and runs no script for axe to run in.
    const { violations } = await new AxeBuilder({ page }).exclude('.mail-frame').analyze();
    expect(violations.map((v) => `${width} px: ${v.id} (${v.nodes.length})`)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The preview's HTML part: a frame without scripts, its styles put back by the page. */
const htmlPart = (page: Page) => page.frameLocator('iframe[title="The email as HTML"]');

test('the board rewords the decline email, previews it, is refused an unknown placeholder, saves and restores the default', async ({
  page,
}) => {
  failOnConsoleErrors(page);
  await signInOverHttp(page, 'admin');
  await page.goto('/admin/emails');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Application declined' }) });
  await expect(card.getByText('About your application to the 1337 Robotics Club')).toBeVisible();
  await expect(card.getByText('Default wording', { exact: true })).toBeVisible();
  await checkPage(page, 'emails-list');

  await card.getByRole('link', { name: 'Edit the email “Application declined”' }).click();
  await expect(page.getByRole('heading', { name: 'Application declined', level: 2 })).toBeFocused();
  const subject = page.getByLabel('Subject');
  const body = page.getByLabel('Message', { exact: true });
  await expect(subject).toHaveValue('About your application to the 1337 Robotics Club');
  await expect(body).toHaveValue(/decided not to move forward/);

  // The preview: the sample candidate's name, the quote box and the button styled as sent.
  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByText('About your application to the 1337 Robotics Club')).toBeVisible();
  await expect(htmlPart(page).getByRole('heading', { name: 'Thank you for applying, Amina' })).toBeVisible();
  await expect(htmlPart(page).getByText('Open your application tracker')).toHaveCSS(
    'background-color',
    'rgb(0, 186, 188)',
  );
  await expect(preview.locator('pre')).toContainText('Open your application tracker: http');
  await checkPage(page, 'emails-editor');

  // Reworded: the preview follows once the typing pauses.
  await subject.fill('Your application, {{name}}');
  await body.fill('# Dear {{name}}\n\nNot this time: **keep building**.\n\n');
  await page.getByRole('button', { name: 'Insert {{review_notes}}' }).click();
  await expect(body).toBeFocused();
  await expect(body).toHaveValue('# Dear {{name}}\n\nNot this time: **keep building**.\n\n{{review_notes}}');
  await expect(preview.getByText('Your application, Amina')).toBeVisible();
  await expect(htmlPart(page).getByRole('heading', { name: 'Dear Amina' })).toBeVisible();
  await expect(htmlPart(page).locator('strong')).toHaveText('keep building');
  await expect(htmlPart(page).getByText('Your motivation stood out.')).toBeVisible();

  // An unknown placeholder: the preview waits, and Save is refused with its name under the field.
  await body.fill('# Dear {{nickname}}\n\nNot this time.');
  await expect(preview.getByText(/The preview waits for a fix: .*\{\{nickname\}\}/)).toBeVisible();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#template-body-error')).toHaveText(
    'This email does not know the placeholder {{nickname}}. It knows {{name}}, {{app_url}}, {{review_notes}}.',
  );
  await expect(body).toBeFocused();
  await expect(body).toHaveAttribute('aria-invalid', 'true');

  await body.fill(
    '# Dear {{name}}\n\nNot this time: **keep building**.\n\n{{#review_notes}}\n> {{review_notes}}\n{{/review_notes}}',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved.' })).toBeFocused();
  await expect(page.getByText(/The board’s wording, saved by @admin/)).toBeVisible();

  // A draft is not dropped unasked: Cancel keeps it, "Leave without saving" drops it.
  await subject.fill('A draft never saved');
  const back = page.getByRole('link', { name: '← All emails' });
  await back.click();
  const leave = page.getByRole('dialog', { name: 'Leave without saving?' });
  await leave.getByRole('button', { name: 'Cancel' }).click();
  await expect(back).toBeFocused();
  await expect(subject).toHaveValue('A draft never saved');
  await back.click();
  await leave.getByRole('button', { name: 'Leave without saving' }).click();

  // Back in the list, the focus on the template's link, marked as the board's, in its saved words.
  await expect(page.getByRole('link', { name: 'Edit the email “Application declined”' })).toBeFocused();
  await expect(card.getByText('Edited', { exact: true })).toBeVisible();
  await expect(card.getByText('Your application, {{name}}')).toBeVisible();

  // Restoring asks first; Cancel keeps the board's words.
  await card.getByRole('link', { name: /Edit/ }).click();
  const restore = page.getByRole('button', { name: 'Restore default' });
  await restore.click();
  const dialog = page.getByRole('dialog', { name: 'Restore the default wording of “Application declined”?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(restore).toBeFocused();
  await expect(subject).toHaveValue('Your application, {{name}}');
  await restore.click();
  await dialog.getByRole('button', { name: 'Restore default' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The default wording is back.' })).toBeFocused();
  await expect(subject).toHaveValue('About your application to the 1337 Robotics Club');
  await expect(restore).toHaveCount(0);
  await expect(preview.getByText('About your application to the 1337 Robotics Club')).toBeVisible();
});
