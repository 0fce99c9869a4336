import { i18n, type Messages } from '@lingui/core';
import { INTL_LOCALES } from '../../contract/i18n';
import { areaOfCatalog, type Area } from './i18n-areas';
import { isLocale, negotiateLocale, RTL_LOCALES, type Locale } from '../../contract/locales';

// Each feature folder has its catalogs; a page loads those of its area only (lib/i18n-areas.ts),
// and the build makes one chunk per area and language (vite.config.ts): an English visitor of `/`
// fetches none. The glob imports each catalog's `messages` alone, never its module object: that
// needs a helper of Rolldown's that the first page would then fetch as a file of its own.
const catalogs = import.meta.glob<Messages>(
  [
    '../locales/*.ts',
    '../../contract/locales/*.ts',
    '../features/*/locales/*.ts',
    '!../locales/en.ts',
    '!../../contract/locales/en.ts',
    '!../features/{public,auth,health}/locales/en.ts',
  ],
  { import: 'messages' },
);

// The first page's English comes with the first bundle: the contract's (src/contract/i18n.ts loads
// it), the web shell's and that of the first page's features (FIRST_PAGE_FEATURES in lib/i18n-areas.ts, written again
// here because a glob is a literal; i18n-areas.test.ts checks that the two agree).
export const firstPageEnglish = import.meta.glob<Messages>(
  ['../locales/en.ts', '../features/{public,auth,health}/locales/en.ts'],
  { eager: true, import: 'messages' },
);
for (const messages of Object.values(firstPageEnglish)) i18n.load('en', messages);

/** The areas whose messages the app has needed so far: a change of language loads them all again. */
const areasInUse = new Set<Area>(['start']);

/** The language being switched to, while its catalogs load: a page that loads meanwhile needs that one. */
let switchingTo: Locale | undefined;

function localeToLoad(): Locale {
  return switchingTo ?? (i18n.locale as Locale);
}

async function loadCatalogs(locale: Locale, areas: ReadonlySet<Area>): Promise<void> {
  const wanted = Object.entries(catalogs).filter(([path]) => {
    const catalog = areaOfCatalog(path);
    return catalog?.locale === locale && areas.has(catalog.area);
  });
  // A catalog already loaded is a module already there: no second request.
  for (const messages of await Promise.all(wanted.map(([, load]) => load()))) i18n.load(locale, messages);
}

/** Loads the messages of `area` (and of the areas it shows) in the language spoken now. */
export async function loadArea(area: Exclude<Area, 'start'>): Promise<void> {
  const areas = new Set<Area>(area === 'admin' ? ['member', 'admin'] : [area]);
  for (const each of areas) areasInUse.add(each);
  // A switch of language that began while these loaded chose its catalogs without this area.
  let locale: Locale;
  do {
    locale = localeToLoad();
    await loadCatalogs(locale, areas);
  } while (localeToLoad() !== locale);
}

/** A lazy page's module, once the messages of its area are there too. */
export function withArea<T>(area: Exclude<Area, 'start'>, load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadArea(area)]).then(([module]) => module);
}

/** The localStorage key of a visitor's choice of language. */
const LOCALE_KEY = 'locale';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage refused (private mode): the browser's language it is.
    return undefined;
  }
}

/** The language chosen in this browser, else the one it asks for (navigator.languages is its Accept-Language). */
export function browserLocale(): Locale {
  const saved = storage()?.getItem(LOCALE_KEY);
  return isLocale(saved) ? saved : negotiateLocale(navigator.languages.join(','));
}

/** Remembers a choice of language in this browser (a signed-in user's is also saved on the account). */
export function rememberLocale(locale: Locale): void {
  try {
    storage()?.setItem(LOCALE_KEY, locale);
  } catch {
    // Full or refused storage: the choice holds for this page.
  }
}

/** Loads the language's catalogs for every area in use, speaks it, and sets `<html lang dir>`. */
export async function activateLocale(locale: Locale): Promise<void> {
  switchingTo = locale;
  await loadCatalogs(locale, areasInUse);
  if (switchingTo !== locale) return; // a later choice is loading: it will speak
  switchingTo = undefined;
  i18n.activate(locale, [INTL_LOCALES[locale]]);
  document.documentElement.lang = locale;
  document.documentElement.dir = RTL_LOCALES.has(locale) ? 'rtl' : 'ltr';
}
