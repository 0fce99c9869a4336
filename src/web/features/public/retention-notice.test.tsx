import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Locale } from '../../../contract/locales';
import { activateLocale } from '../../lib/i18n';
import { RetentionNotice } from './retention-notice';

const html = { lang: '', dir: '' };
beforeAll(() => vi.stubGlobal('document', { documentElement: html }));
afterAll(async () => {
  await activateLocale('en');
  vi.unstubAllGlobals();
});

async function notice(locale: Locale, months: number) {
  await activateLocale(locale);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <RetentionNotice months={months} />
    </I18nProvider>,
  );
}

// How long the notice says data is kept: the retention period of the settings (decision 0168).
describe('the retention period on the privacy notice, in each language', () => {
  it('tells the months without a sign-in after which an account that is not the club’s is erased', async () => {
    expect(await notice('en', 12)).toMatch(
      /^If you are not a member of the club and have not signed in for 12 months, /,
    );
    expect(await notice('en', 1)).toMatch(/ for 1 month, your account is erased automatically/);
    expect(await notice('fr', 12)).toMatch(
      /^Si vous n’êtes pas membre du club et ne vous êtes pas connecté depuis 12 mois, /,
    );
    expect(await notice('ar', 12)).toContain('ولم تسجّل الدخول منذ 12 شهرًا،');
    expect(await notice('ar', 3)).toContain('منذ 3 أشهر،');
    expect(await notice('ar', 2)).toContain('منذ شهرين،');
    for (const locale of ['en', 'fr', 'ar'] as const) {
      expect(await notice(locale, 120), locale).toContain('120');
    }
  });

  it('says that everything is kept until one asks, at 0', async () => {
    expect(await notice('en', 0)).toBe('Your data is kept until you ask for it to be erased.');
    expect(await notice('fr', 0)).toBe('Vos données sont gardées jusqu’à ce que vous demandiez leur effacement.');
    expect(await notice('ar', 0)).toBe('تُحفظ بياناتك إلى أن تطلب محوها.');
  });
});
