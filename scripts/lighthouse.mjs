// `npm run lighthouse`: Lighthouse (mobile) on the public pages of the built app, against
// Debian's Chromium. Fails under the bars of the public-site issue.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp, table } from './bench/util.mjs';

const BARS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 90 };
const PAGES = ['/', '/process', '/contact'];

const app = await startApp();
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-dev-shm-usage',
  ],
});
const rows = [];
let failed = false;
try {
  for (const path of PAGES) {
    const result = await lighthouse(`${app.base}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(BARS),
    });
    const scores = Object.fromEntries(
      Object.keys(BARS).map((category) => [category, Math.round((result.lhr.categories[category]?.score ?? 0) * 100)]),
    );
    for (const [category, bar] of Object.entries(BARS)) {
      if (scores[category] < bar) {
        failed = true;
        const audits = Object.values(result.lhr.audits)
          .filter(
            (audit) =>
              audit.score !== null &&
              audit.score < 1 &&
              result.lhr.categories[category].auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
          )
          .map((audit) => audit.id);
        console.error(`${path} ${category} ${scores[category]} < ${bar}: ${audits.join(', ')}`);
      }
    }
    rows.push([
      path,
      ...Object.keys(BARS).map((category) => scores[category]),
      `${Math.round(result.lhr.audits['largest-contentful-paint'].numericValue)} ms`,
    ]);
  }
} finally {
  await chrome.kill();
  await app.stop();
}
table(
  'Lighthouse, mobile (simulated throttling)',
  ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP (simulated)'],
  rows,
);
process.exit(failed ? 1 : 0);
