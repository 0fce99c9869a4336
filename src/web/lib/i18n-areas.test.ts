import type { Messages } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { areaOfCatalog } from './i18n-areas';
import { firstPageEnglish } from './i18n';

describe('the areas of the catalogs (docs/decisions/0128-languages.md)', () => {
  it('puts each catalog in its area and language, and nothing else in any', () => {
    expect(areaOfCatalog('../features/admin-rounds/locales/fr.ts')).toEqual({ area: 'admin', locale: 'fr' });
    expect(areaOfCatalog('/app/src/web/features/journey/locales/ar.ts')).toEqual({ area: 'member', locale: 'ar' });
    expect(areaOfCatalog('../features/public/locales/en.ts')).toEqual({ area: 'start', locale: 'en' });
    expect(areaOfCatalog('../locales/fr.ts')).toEqual({ area: 'start', locale: 'fr' });
    expect(areaOfCatalog('../../contract/locales/fr.ts')).toEqual({ area: 'start', locale: 'fr' });
    expect(areaOfCatalog('/app/src/web/locales/ar.ts')).toEqual({ area: 'start', locale: 'ar' });
    expect(areaOfCatalog('/app/src/contract/locales/ar.ts')).toEqual({ area: 'start', locale: 'ar' });
    expect(areaOfCatalog('/app/src/server/locales/fr.ts')).toBeUndefined();
    expect(areaOfCatalog('/app/src/web/features/public/landing-page.tsx')).toBeUndefined();
  });

  it('bundles the English of every first-page catalog with the first page', () => {
    const all = import.meta.glob(['../locales/*.ts', '../features/*/locales/*.ts']);
    const firstPage = Object.keys(all).filter((path) => {
      const catalog = areaOfCatalog(path);
      return catalog?.area === 'start' && catalog.locale === 'en';
    });
    expect(firstPage.length).toBeGreaterThan(1);
    expect(Object.keys(firstPageEnglish).sort()).toEqual(firstPage.sort());
  });
});

// Catalogs in use at once are merged by message id (lib/i18n.ts): the same English in two folders
// must read the same in each language, or which text shows depends on which catalog loaded last
// (the Arabic review found 20 such ids: "Admin" read as the role badge's word in the top bar).
describe('one text per message in each language', () => {
  const catalogs = import.meta.glob<Messages>(
    ['../locales/*.ts', '../../contract/locales/*.ts', '../features/*/locales/*.ts'],
    {
      eager: true,
      import: 'messages',
    },
  );

  it.each(['fr', 'ar'])('has no message id with two texts in %s', (locale) => {
    const texts = new Map<string, { text: string; path: string }>();
    const clashes: string[] = [];
    for (const [path, messages] of Object.entries(catalogs)) {
      if (areaOfCatalog(path)?.locale !== locale) continue;
      for (const [id, message] of Object.entries(messages)) {
        const text = JSON.stringify(message);
        const seen = texts.get(id);
        if (seen && seen.text !== text) clashes.push(`${id}: ${seen.text} (${seen.path}) ≠ ${text} (${path})`);
        texts.set(id, { text, path });
      }
    }
    expect(texts.size).toBeGreaterThan(1000);
    expect(clashes).toEqual([]);
  });
});
