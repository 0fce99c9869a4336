/**
 * The areas of the app's messages (docs/decisions/0128-languages.md): the first page's (the shell,
 * the public pages, sign-in), a member's pages, the admin panel. Read by the web to load a page's
 * catalogs and by the build (vite.config.ts) to group them into one chunk per area and language.
 */
export type Area = 'start' | 'member' | 'admin';

const FIRST_PAGE_FEATURES = new Set(['public', 'auth', 'health']);
const FEATURE_CATALOG = /\/features\/([^/]+)\/locales\/(\w+)\.ts$/;
// The web shell's (src/web/locales) and the contract's (src/contract/locales), as the build names
// them or as src/web/lib globs them.
const SHELL_CATALOG = /(?:\/web|\/contract|^\.\.)\/locales\/(\w+)\.ts$/;

/** The area and language of a compiled catalog, or undefined for any other file (the server's among them). */
export function areaOfCatalog(path: string): { area: Area; locale: string } | undefined {
  const feature = FEATURE_CATALOG.exec(path);
  if (feature) {
    const [, name = '', locale = ''] = feature;
    const area = FIRST_PAGE_FEATURES.has(name) ? 'start' : name.startsWith('admin-') ? 'admin' : 'member';
    return { area, locale };
  }
  const shell = SHELL_CATALOG.exec(path);
  return shell ? { area: 'start', locale: shell[1]! } : undefined;
}
