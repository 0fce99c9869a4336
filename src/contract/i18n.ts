import { i18n } from '@lingui/core';
import { messages as english } from './locales/en';
import { DEFAULT_LOCALE, RTL_LOCALES, type Locale } from './locales';

/**
 * A sentence of the contract (a zod message, an error sentence) that web and server both
 * translate (docs/decisions/0128-languages.md): its English in ICU MessageFormat (`{min}`,
 * plurals), which is also its id in the catalogs. Written with a `/*i18n*\/` comment before
 * the string so that `lingui extract` finds it without a macro: the server is bundled by
 * esbuild and run by tsx, which run no Babel.
 */
export type Sentence = string;

/**
 * The `Intl` locale of each language: English in the British order, day before month (decision
 * 0125); Arabic keeps Latin digits, as written in Morocco.
 */
export const INTL_LOCALES: Record<Locale, string> = { en: 'en-GB', fr: 'fr', ar: 'ar-u-nu-latn' };

// Lingui's shared instance speaks English until the page (or the server, per request) says otherwise.
if (!i18n.locale) {
  i18n.load(DEFAULT_LOCALE, english);
  i18n.activate(DEFAULT_LOCALE, [INTL_LOCALES[DEFAULT_LOCALE]]);
}

/** The sentence in the language Lingui's shared instance speaks now. */
export function say(sentence: Sentence, values?: Record<string, unknown>): string {
  // The sentences themselves are extracted where they are written, not here.
  return /* lingui-extract-ignore */ i18n._(sentence, values);
}

/**
 * A zod message that speaks the language active when the value is refused (not the one active
 * when the schema was built): `.min(1, refusal(/*i18n*\/ 'Title is required.'))`.
 */
export function refusal(sentence: Sentence, values?: Record<string, unknown>): { error: () => string } {
  return { error: () => say(sentence, values) };
}

/** Items joined as the language Lingui speaks now joins a list: "a, b, c", "a, b et c", "a، وb، وc". */
export function listed(items: readonly string[]): string {
  const locale = INTL_LOCALES[i18n.locale as Locale] ?? INTL_LOCALES[DEFAULT_LOCALE];
  return new Intl.ListFormat(locale, { type: 'unit' }).format(items);
}

/**
 * A Latin text (a placeholder, a name) between U+2068 and U+2069 when the language Lingui speaks
 * now is written right to left, so that the bidirectional algorithm keeps its characters in
 * their order; as it is otherwise (docs/decisions/0128-languages.md).
 */
export function isolated(text: string): string {
  return RTL_LOCALES.has(i18n.locale as Locale) ? `\u2068${text}\u2069` : text;
}
