import { i18n } from '@lingui/core';
import type { FastifyRequest } from 'fastify';
import { INTL_LOCALES, say, type Sentence } from '../contract/i18n';
import { negotiateLocale, type Locale } from '../contract/locales';
import { messages as ar } from '../contract/locales/ar';
import { messages as en } from '../contract/locales/en';
import { messages as fr } from '../contract/locales/fr';
import { messages as serverAr } from './locales/ar';
import { messages as serverEn } from './locales/en';
import { messages as serverFr } from './locales/fr';

// The server holds every language at once (docs/decisions/0128-languages.md): the contract's
// sentences and its own (emails, answers).
i18n.load({ en: { ...en, ...serverEn }, fr: { ...fr, ...serverFr }, ar: { ...ar, ...serverAr } });

/** The language of an answer: the signed-in user's choice, else Accept-Language, else English (decisions.md §12). */
export function answerLocale(request: Pick<FastifyRequest, 'user' | 'headers'>): Locale {
  return request.user?.locale ?? negotiateLocale(request.headers['accept-language']);
}

/**
 * Runs `work` with Lingui's shared instance (the one the contract's sentences speak through)
 * in `locale`, then puts the previous language back. `work` must be synchronous: no other
 * request can run in between, so no answer borrows another's language.
 */
export function speaking<T>(locale: Locale, work: () => T): T {
  const before = i18n.locale as Locale;
  if (before === locale) return work();
  i18n.activate(locale, [INTL_LOCALES[locale]]);
  try {
    return work();
  } finally {
    i18n.activate(before, [INTL_LOCALES[before]]);
  }
}

/**
 * A sentence for a person and the values it names, kept as such until the answer is written:
 * it is told in the answer's language there, once (the error handler), not where it is thrown.
 * A value may itself be a sentence (`{path}: {message}`), told in the same language first, or
 * a function that writes it in the language active then (a list of campuses).
 */
export type Said = { sentence: Sentence; values?: Record<string, unknown> };

const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' && value !== null && typeof (value as Said).sentence === 'string';

/** A private-use character that stands for a value's backslash while Lingui formats. */
const BACKSLASH = '\uE000';

/**
 * The sentence in the language Lingui speaks now. A text that is no catalog's sentence (a
 * problem a board-written template has, a message zod wrote itself) is told as it is.
 */
export function tell(said: Sentence | Said): string {
  const { sentence, values } = typeof said === 'string' ? { sentence: said, values: undefined } : said;
  if (!Object.hasOwn(i18n.messages, sentence)) return sentence;
  if (!values) return say(sentence);
  const told = Object.entries(values).map(([name, value]) => {
    const text = isSaid(value) ? tell(value) : typeof value === 'function' ? (value as () => unknown)() : value;
    // Lingui decodes `\uXXXX` anywhere in what it writes: a value's backslashes (in a name, or an
    // escape shown as such) are set aside while it formats, then put back.
    return [name, typeof text === 'string' ? text.replaceAll('\\', BACKSLASH) : text];
  });
  return say(sentence, Object.fromEntries(told)).replaceAll(BACKSLASH, '\\');
}
