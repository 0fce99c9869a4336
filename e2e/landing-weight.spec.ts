import { expect, test, type Page, type Response } from '@playwright/test';
import { failOnConsoleErrors } from './support';

/**
 * The landing's JavaScript on the wire, as a visitor's Chromium gets it: at most 90 KB (KB of
 * 1024 bytes, as `npm run bench landing` counts them; docs/decisions/0126-a-lighter-landing.md),
 * in each language: a French or Arabic visitor also fetches that language's first-page catalog,
 * an English one none (docs/decisions/0128-languages.md). Bytes are not time: this holds on any
 * machine, where LCP and Lighthouse stay in the scripts.
 */
const BUDGET_BYTES = 90 * 1024;

/** What the landing's scripts weigh on the wire, script by script, as the browser got them. */
async function landingScripts(page: Page) {
  failOnConsoleErrors(page);
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  // Its heading shows once every script the landing needs has run (not 'networkidle': the health
  // check's answer, never read, keeps a request open).
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const sizes: { url: string; sent: number }[] = [];
  for (const script of scripts) {
    const headers = await script.allHeaders();
    const sent = (await script.request().sizes()).responseBodySize;
    // Chromium asks for brotli (Accept-Encoding: gzip, deflate, br, zstd) and gets the twin made at
    // build time (a file under 512 bytes has none: it would not shrink).
    if (sent >= 512) expect(headers['content-encoding'], script.url()).toBe('br');
    expect(Number(headers['content-length']), script.url()).toBe(sent);
    sizes.push({ url: new URL(script.url()).pathname, sent });
  }
  expect(sizes.length).toBeGreaterThan(0);
  return sizes;
}

for (const locale of ['en', 'fr', 'ar'] as const) {
  test(`the landing in ${locale} loads at most 90 KB of JavaScript on the wire`, async ({ browser, baseURL }) => {
    const page = await (await browser.newContext({ baseURL, locale })).newPage();
    const sizes = await landingScripts(page);
    const total = sizes.reduce((sum, { sent }) => sum + sent, 0);
    expect(total, `the landing's scripts: ${JSON.stringify(sizes)}`).toBeLessThanOrEqual(BUDGET_BYTES);
    const catalogs = sizes.filter(({ url }) => url.includes('/i18n-')).map(({ url }) => url);
    if (locale === 'en') expect(catalogs).toEqual([]);
    else expect(catalogs.join()).toContain(`i18n-start-${locale}`);
    console.log(`landing in ${locale}: ${total} bytes of JavaScript on the wire`);
    await page.context().close();
  });
}
