import { i18n, type Messages } from '@lingui/core';
import { INTL_LOCALES } from '../../contract/i18n';
import { negotiateLocale, RTL_LOCALES, type Locale } from '../../contract/locales';

// English is in the main bundle (src/contract/i18n.ts loads it); the other catalogs are chunks of
// their own, fetched only when their language is chosen (docs/decisions/0128-languages.md).
const otherCatalogs: Record<Exclude<Locale, 'en'>, () => Promise<{ messages: Messages }>> = {
  fr: () => import('../../locales/fr'),
  ar: () => import('../../locales/ar'),
};

/** The language the browser asks for (navigator.languages is its Accept-Language, in order). */
export const browserLocale = (): Locale => negotiateLocale(navigator.languages.join(','));

/** Loads the language's catalog if needed, speaks it, and sets `<html lang dir>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  // A second import of a catalog is the module already loaded: no new request.
  if (locale !== 'en') i18n.load(locale, (await otherCatalogs[locale]()).messages);
  i18n.activate(locale, [INTL_LOCALES[locale]]);
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}
