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
