import fs from 'node:fs';

/**
 * The Chromium the browser tests drive, from Debian (neither Playwright nor Pa11y can download
 * one here): its headless shell when installed, the browser Playwright itself picks for headless
 * runs, which renders with the same Blink at about two thirds of the CPU of the full browser
 * (docs/decisions/0181-npm-test-in-ten-minutes.md); else Debian's `chromium`. CHROME_PATH chooses.
 */
export function chromiumPath(): string {
  const found = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ].find((candidate) => candidate && fs.existsSync(candidate));
  if (!found) {
    throw new Error('Chromium is missing: install Debian\'s "chromium-headless-shell" package (.ci/run does).');
  }
  return found;
}

/** Whether that Chromium is the headless shell (Puppeteer must then launch it as one). */
export const isHeadlessShell = (executable: string): boolean => executable.endsWith('headless-shell');
