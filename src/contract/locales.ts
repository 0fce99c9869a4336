/**
 * The languages of the app (docs/decisions/0128-languages.md): English by default, French and
 * Modern Standard Arabic. No zod here: the public pages read it on their first load.
 */
export const LOCALES = ['en', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language by its own name, as its readers write it (the language menu): never translated. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', fr: 'Français', ar: 'العربية' };

/** Written right to left. */
export const RTL_LOCALES: ReadonlySet<Locale> = new Set(['ar']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The language a tag asks for, when it is one of ours: `fr-MA` → fr, `ar-Latn`… → ar, `*` → none. */
function localeOfTag(tag: string): Locale | undefined {
  const primary = tag.trim().toLowerCase().split('-')[0];
  return isLocale(primary) ? primary : undefined;
}

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110 §12.5.4: quality values,
 * the first listed wins a tie; q=0 means "not this one"), else English.
 */
export function negotiateLocale(acceptLanguage: string | undefined | null): Locale {
  if (!acceptLanguage) return DEFAULT_LOCALE;
  let best: { locale: Locale; quality: number } | undefined;
  for (const range of acceptLanguage.split(',').slice(0, 32)) {
    const [tag = '', ...params] = range.split(';');
    const locale = localeOfTag(tag);
    if (!locale) continue;
    const q = params.map((param) => param.trim()).find((param) => /^q=/i.test(param));
    // A malformed quality value makes the range unreadable: skip it rather than guess.
    const quality = q === undefined ? 1 : /^q=(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i.test(q) ? Number(q.slice(2)) : 0;
    if (quality > 0 && (!best || quality > best.quality)) best = { locale, quality };
  }
  return best?.locale ?? DEFAULT_LOCALE;
}
