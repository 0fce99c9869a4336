import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import pa11y, { type Pa11yIssue } from 'pa11y';
import type { APIRequestContext } from '@playwright/test';
import type { Browser, BrowserContext, Page, Viewport } from 'puppeteer';
import { chromiumPath, isHeadlessShell } from './chromium';

/**
 * Pa11y (htmlcs and axe, WCAG2AA) on pages of the built app, in one shared Chromium
 * (docs/decisions/0124-pa11y-in-npm-test.md). Pa11y's own copy of puppeteer drives it, so the
 * browser handed to Pa11y is the one it was written for.
 */
const fromPa11y = createRequire(createRequire(import.meta.url).resolve('pa11y'));
const puppeteer = fromPa11y('puppeteer') as typeof import('puppeteer').default;

export const WIDTHS: { width: number; viewport: Viewport }[] = [
  { width: 1280, viewport: { width: 1280, height: 800 } },
  { width: 375, viewport: { width: 375, height: 740, isMobile: true, hasTouch: true } },
];
export const THEMES = ['light', 'dark'] as const;
type Theme = (typeof THEMES)[number];

export function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  return puppeteer.launch({
    executablePath,
    headless: isHeadlessShell(executablePath) ? 'shell' : true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking'],
  });
}

export interface Target {
  /** Who sees which page, as the output names it: "candidate at step 1: /apply". */
  name: string;
  /** Whose cookies it runs with (a role's sign-in over HTTP); none for a visitor. */
  session?: APIRequestContext;
  /** Brings the page to the state to check and waits until it shows. */
  open: (page: Page) => Promise<void>;
  /** Throws when the page left that state while it was checked (a sign-in waiting in line). */
  stillThere?: (page: Page) => Promise<void>;
  /** Its `open` changes the page beyond a navigation (signs in, holds requests): a page of its own, not kept for the next. */
  ownPage?: boolean;
}

export type Finding = {
  page: string;
  width: number;
  theme: Theme;
  runner: string;
  code: string;
  selector: string;
  message: string;
};

export function describe(finding: Finding): string {
  const { page, width, theme, runner, code, selector, message } = finding;
  return `${page} at ${width} px, ${theme}: [${runner}] ${code}\n    at ${selector}\n    ${message}`;
}

/** Loads `path` and waits for a heading holding `heading` and for every spinner to be gone. */
export function visit(baseURL: string, pathname: string, heading: string) {
  return async (page: Page) => {
    await page.goto(new URL(pathname, baseURL).href, { waitUntil: 'load' });
    await shows(page, heading);
  };
}

/** Waits for a visible heading holding `text` and no spinner (some pages keep a live status line). */
export async function shows(page: Page, text: string, { spinner = false } = {}): Promise<void> {
  await page.waitForFunction(
    (wanted: string, spinnerAllowed: boolean) =>
      [...document.querySelectorAll('h1, h2')].some((h) => h.textContent?.includes(wanted) && h.checkVisibility()) &&
      (spinnerAllowed || !document.querySelector('.spinner')),
    {},
    text,
    spinner,
  );
}

/** Waits until the page's text holds `text`. */
export async function saying(page: Page, text: string): Promise<void> {
  await page.waitForFunction((wanted: string) => document.body.innerText.includes(wanted), {}, text);
}

/** A `stillThere` check: the page's text still holds `text` (it did not move on while checked). */
export function stillSaying(text: string) {
  return async (page: Page) => {
    if (!(await page.evaluate(() => document.body.innerText)).includes(text)) {
      throw new Error(`the page no longer says "${text}": it moved on while it was checked`);
    }
  };
}

/**
 * The settled page: web fonts in, and every finite animation or transition over (the theme's
 * colours fading in, a dialog sliding up). Checking mid-way measures colours nobody reads.
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await document.fonts.ready;
    for (let round = 0; round < 20; round++) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
}

/** A browser context holding the cookies of `session`: one sign-in per role serves all its pages. */
async function contextOf(browser: Browser, baseURL: string, session?: APIRequestContext): Promise<BrowserContext> {
  const context = await browser.createBrowserContext();
  const cookies = session ? (await session.storageState()).cookies : [];
  if (cookies.length) {
    await context.setCookie(
      ...cookies.map(({ name, value, path: cookiePath, httpOnly, secure, sameSite }) => ({
        name,
        value,
        domain: new URL(baseURL).hostname,
        path: cookiePath,
        httpOnly,
        secure,
        sameSite,
      })),
    );
  }
  return context;
}

/** The links of the navigation landmark named `label` on `pathname`, as `session` sees them. */
export async function navigationLinks(
  browser: Browser,
  baseURL: string,
  {
    pathname,
    heading,
    label,
    session,
  }: { pathname: string; heading: string; label: string; session?: APIRequestContext },
): Promise<{ pathname: string; text: string }[]> {
  const context = await contextOf(browser, baseURL, session);
  try {
    const page = await context.newPage();
    await visit(baseURL, pathname, heading)(page);
    return await page.$$eval(`nav[aria-label="${label}"] a`, (links) =>
      links.map((a) => ({ pathname: new URL((a as HTMLAnchorElement).href).pathname, text: a.textContent!.trim() })),
    );
  } finally {
    await context.close();
  }
}

type Run = { target: Target; width: (typeof WIDTHS)[number] };
type RuleError = Pick<Pa11yIssue, 'runner' | 'code' | 'selector' | 'message'>;

/**
 * The rules of both runners that read colours, run again on the page Pa11y has just checked (its
 * copies of axe and HTML_CodeSniffer are still loaded there): axe's `color-contrast` and
 * `link-in-text-block`, HTML_CodeSniffer's 1.4.3 (contrast, the only one of WCAG2AA's sniffs that
 * measures colours). The other theme is the same DOM in other colours (the theme is CSS alone,
 * `light-dark()` in src/web/styles), so no other rule can find anything new in it (decision 0188).
 * Errors as Pa11y counts them: HTML_CodeSniffer's errors, and axe's results of serious or critical
 * impact, those axe could not decide ("needs review") included.
 */
function colourErrors(page: Page): Promise<RuleError[]> {
  return page.evaluate(async () => {
    type Axe = typeof import('axe-core');
    type Htmlcs = {
      process(standard: string, content: Document, done: () => void, failed: () => void): void;
      getMessages(): { type: number; code: string; msg: string; element: Element }[];
    };
    const { axe, HTMLCS, HTMLCS_WCAG2AA, __pa11y } = window as unknown as {
      axe: Axe;
      HTMLCS: Htmlcs;
      HTMLCS_WCAG2AA: { sniffs: [{ include: string[] }] };
      __pa11y: { getElementSelector(element: Element): string };
    };
    // Named as Pa11y names the elements of its own findings.
    const selectorOf = (element: Element | null) => (element ? __pa11y.getElementSelector(element) : '');
    const errors: RuleError[] = [];
    const sniffs = HTMLCS_WCAG2AA.sniffs[0];
    const all = sniffs.include;
    sniffs.include = ['Principle1.Guideline1_4.1_4_3'];
    try {
      await new Promise<void>((done, failed) => HTMLCS.process('WCAG2AA', document, done, failed));
    } finally {
      sniffs.include = all;
    }
    for (const { type, code, msg, element } of HTMLCS.getMessages()) {
      // 1 is HTMLCS.ERROR.
      if (type === 1) errors.push({ runner: 'htmlcs', code, selector: selectorOf(element), message: msg });
    }
    const { violations, incomplete } = await axe.run(document, {
      runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
    });
    for (const { id, impact, help, helpUrl, nodes } of [...violations, ...incomplete]) {
      if (impact === 'moderate' || impact === 'minor') continue;
      for (const node of nodes) {
        const element = document.querySelector(node.target.join(' '));
        errors.push({ runner: 'axe', code: id, selector: selectorOf(element), message: `${help} (${helpUrl})` });
      }
    }
    return errors;
  });
}

/**
 * Each target at each width in each theme, `concurrency` pages at a time. A page is loaded once
 * per width (a phone's viewport needs a fresh load), settled and checked in the light theme (both
 * runners in one Pa11y call), then switched to dark as the system setting would switch it, settled
 * and checked again with the rules that read colours (`colourErrors`). Answers the errors found
 * and the number of checks.
 */
export async function checkAll(
  browser: Browser,
  baseURL: string,
  targets: Target[],
  { concurrency = 2, screenshots }: { concurrency?: number; screenshots?: string } = {},
): Promise<{ findings: Finding[]; checks: number }> {
  const queue: Run[] = targets.flatMap((target) => WIDTHS.map((width) => ({ target, width })));
  const findings: Finding[] = [];
  let checks = 0;

  /** Every WCAG2AA rule of both runners, in one Pa11y call on the page as it stands. */
  async function everyRuleErrors(page: Page, viewport: Viewport): Promise<RuleError[]> {
    const { issues } = await pa11y(page.url(), {
      browser,
      page,
      ignoreUrl: true,
      runners: ['htmlcs', 'axe'],
      standard: 'WCAG2AA',
      viewport,
    });
    return issues.filter((issue) => issue.type === 'error');
  }

  async function check(page: Page, { target, width }: Run, theme: Theme): Promise<void> {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    await settle(page);
    const errors = theme === 'light' ? await everyRuleErrors(page, width.viewport) : await colourErrors(page);
    await target.stillThere?.(page);
    checks++;
    for (const { runner, code, selector, message } of errors) {
      findings.push({ page: target.name, width: width.width, theme, runner, code, selector, message });
    }
    if (errors.length && screenshots) {
      fs.mkdirSync(screenshots, { recursive: true });
      const file = `${target.name}-${width.width}-${theme}`.replace(/[^a-z0-9]+/gi, '-');
      await page.screenshot({ path: path.join(screenshots, `${file}.png`), fullPage: true });
    }
  }

  /**
   * A lane's page, kept for the next target of the same session: a new page costs Chromium about
   * 0.3 s of CPU on its first load, a navigation in a kept one about 0.05 s (decision 0190).
   */
  type Lane = { kept?: { session?: APIRequestContext; context: BrowserContext; page: Page } };

  async function run(lane: Lane, { target, width }: Run): Promise<void> {
    if (!lane.kept || lane.kept.session !== target.session || target.ownPage) {
      await dropKept(lane);
      // A context of its own: the lanes run at once, each with its own cookies.
      const context = await contextOf(browser, baseURL, target.session);
      lane.kept = { session: target.session, context, page: await context.newPage() };
    }
    const { page } = lane.kept;
    let theme: Theme = THEMES[0];
    let keep = !target.ownPage;
    try {
      page.setDefaultTimeout(20_000);
      await page.setViewport(width.viewport);
      await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
      await target.open(page);
      for (theme of THEMES) await check(page, { target, width }, theme);
    } catch (error) {
      const where = { page: target.name, width: width.width, theme };
      findings.push({ ...where, runner: '-', code: 'could-not-check', selector: page.url(), message: String(error) });
      // What the page was left in is unknown: the next target gets a new one.
      keep = false;
    }
    if (!keep) await dropKept(lane);
  }

  async function dropKept(lane: Lane): Promise<void> {
    await lane.kept?.context.close();
    lane.kept = undefined;
  }

  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const lane: Lane = {};
      try {
        for (let next = queue.shift(); next; next = queue.shift()) await run(lane, next);
      } finally {
        await dropKept(lane);
      }
    }),
  );
  return { findings, checks };
}
