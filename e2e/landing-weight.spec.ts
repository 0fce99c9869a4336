import { expect, test, type Response } from '@playwright/test';
import { failOnConsoleErrors } from './support';

/**
 * The landing's JavaScript on the wire, as a visitor's Chromium gets it: at most 90 KB (KB of
 * 1024 bytes, as `npm run bench landing` counts them; docs/decisions/0126-a-lighter-landing.md).
 * Bytes are not time: this holds on any machine, where LCP and Lighthouse stay in the scripts.
 */
const BUDGET_BYTES = 90 * 1024;

test('the landing loads at most 90 KB of JavaScript on the wire', async ({ page }) => {
  failOnConsoleErrors(page);
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  // Its heading shows once every script the landing needs has run (not 'networkidle': the health
  // check's answer, never read, keeps a request open).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Build robots');

  const sizes = [];
  for (const script of scripts) {
    const headers = await script.allHeaders();
    const sent = (await script.request().sizes()).responseBodySize;
    // Chromium asks for brotli (Accept-Encoding: gzip, deflate, br, zstd) and gets the twin made at build time.
    expect(headers['content-encoding'], script.url()).toBe('br');
    expect(Number(headers['content-length']), script.url()).toBe(sent);
    sizes.push({ url: new URL(script.url()).pathname, sent });
  }
  expect(sizes.length).toBeGreaterThan(0);
  const total = sizes.reduce((sum, { sent }) => sum + sent, 0);
  expect(total, `the landing's scripts: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(BUDGET_BYTES);
});
