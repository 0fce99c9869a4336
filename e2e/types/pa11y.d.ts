/** The part of Pa11y 9's API the accessibility run uses (Pa11y ships no types). */
declare module 'pa11y' {
  import type { Browser, Page, Viewport } from 'puppeteer';

  export interface Pa11yOptions {
    browser?: Browser;
    page?: Page;
    /** Runs on the page as it stands instead of loading the address first. */
    ignoreUrl?: boolean;
    runners?: ('htmlcs' | 'axe')[];
    standard?: 'WCAG2A' | 'WCAG2AA' | 'WCAG2AAA';
    viewport?: Viewport;
    timeout?: number;
    ignore?: string[];
    includeWarnings?: boolean;
    includeNotices?: boolean;
    levelCapWhenNeedsReview?: 'error' | 'warning' | 'notice';
  }

  export interface Pa11yIssue {
    code: string;
    type: 'error' | 'warning' | 'notice';
    message: string;
    context: string;
    selector: string;
    runner: string;
    runnerExtras?: { needsFurtherReview?: boolean; impact?: string };
  }

  export interface Pa11yResults {
    documentTitle: string;
    pageUrl: string;
    issues: Pa11yIssue[];
  }

  export default function pa11y(url: string, options?: Pa11yOptions): Promise<Pa11yResults>;
}
