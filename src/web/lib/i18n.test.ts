import { i18n, type Messages } from '@lingui/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { activateLocale, loadArea } from './i18n';

// Read the way this module reads catalogs (lib/ imports no feature).
const [adminRoundsFrench] = Object.values(
  import.meta.glob<Messages>('../features/admin-rounds/locales/fr.ts', { eager: true, import: 'messages' }),
);

const html = { lang: '', dir: '' };
beforeAll(() => vi.stubGlobal('document', { documentElement: html }));
afterAll(() => vi.unstubAllGlobals());

describe('loading catalogs while the language changes (docs/decisions/0128-languages.md)', () => {
  it('gives a page that starts loading during a switch the messages of the new language', async () => {
    await activateLocale('en');
    const switching = activateLocale('fr');
    const opening = loadArea('admin');
    await Promise.all([switching, opening]);
    expect(i18n.locale).toBe('fr');
    const [id, french] = Object.entries(adminRoundsFrench!)[0]!;
    expect(i18n.messages[id]).toEqual(french);
  });

  it('speaks the last language chosen when two switches overlap', async () => {
    // French's catalogs are there already, Arabic's still to fetch: the second choice is ready first.
    await activateLocale('fr');
    await activateLocale('en');
    await Promise.all([activateLocale('ar'), activateLocale('fr')]);
    expect(i18n.locale).toBe('fr');
    expect(html).toEqual({ lang: 'fr', dir: 'ltr' });
  });
});
