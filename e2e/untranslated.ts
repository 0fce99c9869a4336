import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import PO from 'pofile';

/**
 * The net for English left on a French or Arabic page (issue 19, docs/decisions/0128-languages.md):
 * every sentence of the catalogs whose translation differs from its English, and every message id
 * (a page whose area's catalog did not load shows ids). Code that writes text outside the catalogs
 * is the lint's to catch (lingui/no-unlocalized-strings on all of src/web).
 */
export function catalogTells(locale: 'fr' | 'ar'): { english: string[]; ids: string[] } {
  const english = new Set<string>();
  // The same English may be its own translation in one catalog ("Sponsors") and not in another.
  const keptAsIs = new Set<string>();
  const ids = new Set<string>();
  const catalogDirs = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (!entry.isDirectory() || entry.name === 'node_modules') return [];
      const full = path.join(dir, entry.name);
      return entry.name === 'locales' ? [full] : catalogDirs(full);
    });
  for (const dir of catalogDirs(path.resolve('src'))) {
    const translated = PO.parse(fs.readFileSync(path.join(dir, `${locale}.po`), 'utf8'));
    for (const item of translated.items) {
      // The id the compiled catalog keys the message by: what a page shows when its catalog is missing.
      ids.add(generateMessageId(item.msgid, item.msgctxt ?? undefined));
      const text = item.msgstr.join('');
      // A plain sentence (no placeholder, no tag) that reads differently once translated.
      if (text === item.msgid) keptAsIs.add(item.msgid);
      else if (text && !/[{}<]/.test(item.msgid) && /[a-z]{2}/i.test(item.msgid)) english.add(item.msgid);
    }
  }
  return { english: [...english].filter((text) => !keptAsIs.has(text)), ids: [...ids] };
}

/** The page's texts (text nodes, and what assistive technology reads: labels, titles, placeholders, alts) that are English sentences of the catalogs or message ids. */
export function untranslatedTexts(page: Page, tells: { english: string[]; ids: string[] }): Promise<string[]> {
  return page.evaluate(({ english, ids }) => {
    const englishSet = new Set(english);
    const idSet = new Set(ids);
    const found = new Set<string>();
    const check = (raw: string | null | undefined) => {
      const text = (raw ?? '').replace(/\s+/g, ' ').trim();
      if (!text) return;
      if (englishSet.has(text)) found.add(`English: "${text}"`);
      if (idSet.has(text)) found.add(`message id: "${text}"`);
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      // Code (a stored key) and translate="no" (data shown as stored) are not the page's words.
      if (node.parentElement?.closest('script, style, code, [hidden], [translate="no"]')) continue;
      check(node.textContent);
    }
    // The title is "page · club": the page's part alone may be a sentence of the catalogs.
    check(document.title);
    check(document.title.split(' · ')[0]);
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) check(element.getAttribute(name));
    }
    return [...found];
  }, tells);
}
