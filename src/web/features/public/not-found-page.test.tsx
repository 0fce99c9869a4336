import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/locales';
import { activateLocale } from '../../lib/i18n';
import { NotFoundPage } from './not-found-page';

const html = { lang: '', dir: '' };
beforeAll(() => vi.stubGlobal('document', { documentElement: html }));
afterAll(async () => {
  await activateLocale('en');
  vi.unstubAllGlobals();
});

async function renderIn(locale: Locale) {
  await activateLocale(locale);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>
    </I18nProvider>,
  );
}

// The first page translated end to end (docs/decisions/0128-languages.md): the English of the
// seed unchanged, French and Arabic from their catalogs, <html lang dir> set with the language.
describe('the not-found page in each language', () => {
  it.each([
    ['en', 'Page not found', 'The page you are looking for does not exist or has moved.', 'Back to Home', 'ltr'],
    [
      'fr',
      'Page introuvable',
      'La page que vous cherchez n’existe pas ou a été déplacée.',
      'Retour à l’accueil',
      'ltr',
    ],
    [
      'ar',
      'الصفحة غير موجودة',
      'الصفحة التي تبحثون عنها غير موجودة أو نُقلت إلى عنوان آخر.',
      'العودة إلى الصفحة الرئيسية',
      'rtl',
    ],
  ] as const)('speaks %s', async (locale, heading, sentence, link, dir) => {
    const page = await renderIn(locale);
    expect(page).toContain(`<h1>${heading}</h1>`);
    expect(page).toContain(`<p class="muted">${sentence}</p>`);
    expect(page).toContain(`>${link}</a>`);
    if (locale !== 'en') expect(page).not.toMatch(/Page not found|Back to Home/);
    expect(html).toEqual({ lang: locale, dir });
  });
});
