import { i18n } from '@lingui/core';
import { INTL_LOCALES } from '../contract/i18n';
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
export function answerLocale(userLocale: Locale | null | undefined, acceptLanguage: string | undefined): Locale {
  return userLocale ?? negotiateLocale(acceptLanguage);
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
