import type { Page } from '@playwright/test';

/**
 * What the layout tests find wrong on a page as it stands (decision 0125), one sentence each:
 * - the document or any element whose content is wider than its box (form fields, whose text
 *   scrolls inside by design, aside);
 * - text that fits only because `overflow-wrap: anywhere` or `word-break: break-all` lets the
 *   browser cut words anywhere (such text also makes its box shrink below its longest word);
 * - a word split across two lines although its box is wide enough to hold it: a word is a run of
 *   letters and digits, so a line may still end after a hyphen, a slash or an @.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (element: Element) => {
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const classes = [...element.classList].map((name) => `.${name}`).join('');
      return `<${element.tagName.toLowerCase()}${classes}> "${text}"`;
    };
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      problems.push(`the page scrolls sideways by ${root.scrollWidth - root.clientWidth} px`);
    }
    const FIELDS = new Set(['INPUT', 'TEXTAREA', 'SELECT', 'OPTION']);
    // The landing's rotating values strip scrolls its words through a window by design.
    const MARQUEE = '.values';
    /** Read by screen readers only: clipped to nothing (the visually-hidden pattern). */
    const seen = new Map<Element, boolean>();
    const clipped = (element: Element | null): boolean => {
      if (!element) return false;
      let answer = seen.get(element);
      if (answer === undefined) {
        answer = getComputedStyle(element).clip.startsWith('rect') || clipped(element.parentElement);
        seen.set(element, answer);
      }
      return answer;
    };
    for (const element of document.body.querySelectorAll<HTMLElement>('*')) {
      if (!(element instanceof HTMLElement) || FIELDS.has(element.tagName) || element.matches(MARQUEE)) continue;
      if (element.closest('svg, [hidden]') || clipped(element)) continue;
      const style = getComputedStyle(element);
      if (style.display === 'inline' || style.display === 'contents' || element.clientWidth === 0) continue;
      if (element.scrollWidth > element.clientWidth + 1) {
        problems.push(`${describe(element)} is ${element.scrollWidth - element.clientWidth} px wider than its box`);
      }
    }

    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const flagged = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.nodeValue ?? '';
      if (!parent || !text.trim() || parent.closest('svg, script, style, noscript') || clipped(parent)) continue;
      const style = getComputedStyle(parent);
      if (style.visibility !== 'visible') continue;
      if (
        (style.overflowWrap === 'anywhere' || style.wordBreak === 'break-all') &&
        !flagged.has(parent) &&
        parent.getClientRects().length > 0
      ) {
        flagged.add(parent);
        problems.push(`${describe(parent)} may cut words anywhere (${style.overflowWrap}, ${style.wordBreak})`);
      }
      let block: Element = parent;
      while (getComputedStyle(block).display.startsWith('inline') && block.parentElement) block = block.parentElement;
      const widthOf = (start: number, end: number) => {
        const range = document.createRange();
        range.setStart(node, start);
        range.setEnd(node, end);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 0);
        return {
          lines: new Set(rects.map((rect) => Math.round(rect.top))).size,
          width: rects.reduce((sum, r) => sum + r.width, 0),
        };
      };
      for (const match of text.matchAll(/[\p{L}\p{N}]{2,}/gu)) {
        if (widthOf(match.index, match.index + match[0].length).lines < 2) continue;
        // A run with no place to break (an address, a long login) wider than its box must break somewhere.
        const before = text.slice(0, match.index).search(/[^\s-]*$/);
        const after = text.slice(match.index).search(/[\s-]|$/);
        const run = widthOf(before, match.index + after);
        if (run.width <= block.clientWidth) {
          problems.push(`${describe(parent)} splits the word "${match[0]}" across lines`);
        }
      }
    }
    return problems;
  });
}

/**
 * Text the board or a candidate wrote, found on the page by its start, that is not shown in its own
 * direction (issue 28): on an Arabic page, an English title inside an element of the page's
 * direction puts its full stop on the wrong side ("Build the circuit in Tinkercad." reads
 * ".Build the circuit in Tinkercad") and "@login" reads "login@". Isolated means inside `<bdi>`, an
 * element with `dir="auto"` (or `ltr`), a form field, or between U+2068 and U+2069 in a sentence.
 */
export function unisolatedTexts(page: Page, starts: string[]): Promise<string[]> {
  return page.evaluate((starts) => {
    const problems = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      const text = node.nodeValue ?? '';
      // Read by screen readers only (the visually-hidden pattern): nothing is laid out.
      if (!parent || parent.closest('script, style, [hidden], option, .visually-hidden')) continue;
      for (const start of starts) {
        const at = text.indexOf(start);
        if (at < 0) continue;
        const isolatedInText = text.lastIndexOf('\u2068', at) > text.lastIndexOf('\u2069', at);
        if (isolatedInText || parent.closest('bdi, [dir="auto"], [dir="ltr"]')) continue;
        const classes = [...parent.classList].map((name) => `.${name}`).join('');
        problems.add(`<${parent.tagName.toLowerCase()}${classes}> shows "${start}…" in the page's direction`);
      }
    }
    return [...problems];
  }, starts);
}
