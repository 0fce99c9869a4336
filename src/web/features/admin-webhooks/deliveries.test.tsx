import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/locales';
import { activateLocale, loadArea } from '../../lib/i18n';
import { AttemptAnswer } from './deliveries';

const html = { lang: '', dir: '' };
beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: html });
  await loadArea('admin');
});
afterAll(async () => {
  await activateLocale('en');
  vi.unstubAllGlobals();
});

async function answer(locale: Locale, status_code: number | null, error: string | null) {
  await activateLocale(locale);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <AttemptAnswer attempt={{ status_code, error }} />
    </I18nProvider>,
  );
}

// The server stores facts (a status, the code `timeout`, a network error's own words); the board
// writes the sentence in its reader's language (docs/decisions/0128-languages.md).
describe('what a webhook delivery attempt got back, in the reader’s language', () => {
  it('writes a timeout in each language, for the stored code and for the English rows stored before', async () => {
    for (const stored of ['timeout', 'No answer within 10 s']) {
      expect(await answer('en', null, stored)).toBe('No answer within 10 s');
      expect(await answer('fr', null, stored)).toBe('Aucune réponse en 10 s');
      expect(await answer('ar', null, stored)).toBe('لا رد خلال 10 ثوانٍ');
    }
  });

  it('says an attempt the server refused to send to an address inside a network, the address as it is', async () => {
    const stored = 'address_refused 127.0.0.1';
    const address = '<code[^>]*\\bdir="ltr"[^>]*>127\\.0\\.0\\.1</code>';
    expect(await answer('en', null, stored)).toMatch(
      new RegExp(`^Not sent: the address led to ${address}, which is not a public internet address\\.$`),
    );
    expect(await answer('fr', null, stored)).toMatch(new RegExp(`^Non envoyé\u202f: l’adresse menait à ${address}, `));
    expect(await answer('ar', null, stored)).toMatch(new RegExp(`^لم يُرسل: كان الرابط يؤدي إلى ${address}،`));
  });

  it('shows the status a receiver answered, and a network error as its system wrote it, untranslated', async () => {
    expect(await answer('fr', 500, null)).toBe('HTTP 500');
    // A row stored before: its sentence is beside a status, which says it all.
    expect(await answer('ar', 503, 'The receiver answered 503')).toBe('HTTP 503');
    // In code, marked translate="no" (preact/compat sets it as the DOM property, which a string
    // rendering leaves out: the browser writes the attribute).
    expect(await answer('fr', null, 'connect ECONNREFUSED 127.0.0.1:9')).toMatch(
      /^<code\b[^>]*\bdir="auto"[^>]*>connect ECONNREFUSED 127\.0\.0\.1:9<\/code>$/,
    );
    expect(await answer('fr', null, null)).toBe('Aucune réponse');
  });
});
