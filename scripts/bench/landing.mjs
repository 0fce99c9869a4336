// The landing page as a visitor's browser gets it: the JS and CSS bytes it loads (raw,
// gzip, brotli, and what the server sent) and its LCP on loopback, median of 5 loads.
import { chromium } from '@playwright/test';
import { fmt, startApp, summaryLine, table } from './util.mjs';

export async function benchLanding() {
  const app = await startApp();
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage();
    const assets = [];
    page.on('response', async (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const body = await response.body();
      const sent = Number((await response.request().sizes()).responseBodySize);
      assets.push({
        type,
        url: response.url(),
        raw: body.length,
        sent,
        encoding: response.headers()['content-encoding'] ?? 'none',
      });
    });
    await page.goto(`${app.base}/`, { waitUntil: 'load' });
    await page.waitForTimeout(500);
    const sum = (type, key) => assets.filter((a) => a.type === type).reduce((total, a) => total + a[key], 0);
    const kb = (bytes) => fmt(bytes / 1024);
    const lcps = [];
    for (let i = 0; i < 5; i++) {
      const fresh = await browser.newPage();
      await fresh.goto(`${app.base}/`, { waitUntil: 'load' });
      lcps.push(
        await fresh.evaluate(
          () =>
            new Promise((resolve) => {
              new PerformanceObserver((list) => {
                const entries = list.getEntries();
                resolve(entries[entries.length - 1].startTime);
              }).observe({ type: 'largest-contentful-paint', buffered: true });
            }),
        ),
      );
      await fresh.close();
    }
    lcps.sort((a, b) => a - b);
    const js = sum('script', 'sent');
    const css = sum('stylesheet', 'sent');
    table(
      'Landing page on the wire (as served, Chromium on loopback)',
      ['what', 'raw KB', 'on the wire KB', 'encoding', 'target'],
      [
        [
          'JavaScript',
          kb(sum('script', 'raw')),
          kb(js),
          [...new Set(assets.filter((a) => a.type === 'script').map((a) => a.encoding))].join(','),
          '≤ 90 KB',
        ],
        [
          'CSS',
          kb(sum('stylesheet', 'raw')),
          kb(css),
          [...new Set(assets.filter((a) => a.type === 'stylesheet').map((a) => a.encoding))].join(','),
          '≤ 20 KB',
        ],
        ['LCP (median of 5)', '', `${fmt(lcps[2])} ms`, '', '≤ 1000 ms'],
      ],
    );
    return [
      summaryLine('Landing page, JavaScript on the wire', js / 1024, { unit: ' KB', target: 90 }),
      summaryLine('Landing page, CSS on the wire', css / 1024, { unit: ' KB', target: 20 }),
      summaryLine('Landing page, LCP on loopback (median of 5)', lcps[2], { unit: ' ms', target: 1000, digits: 0 }),
    ];
  } finally {
    await browser.close();
    await app.stop();
  }
}
