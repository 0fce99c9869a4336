import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyTeamResults } from '../../../contract/hackathon';
import type { Locale } from '../../../contract/locales';
import { activateLocale, loadArea } from '../../lib/i18n';
import { TeamResults } from './team-results';

const html = { lang: '', dir: '' };
beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: html });
  await loadArea('member');
});
afterAll(async () => {
  await activateLocale('en');
  vi.unstubAllGlobals();
});

const results: MyTeamResults = {
  score: 0.7625,
  xp: 153,
  criteria: [
    { key: 'idea', name: 'Idea', max: 10, mean: 7.5 },
    { key: 'build', name: 'Réalisation', max: 20, mean: 12 },
  ],
  comments: ['Neat wiring.', 'Great demo.'],
  published_at: '2026-11-24T12:00:00.000Z',
};

async function render(locale: Locale, data: MyTeamResults) {
  await activateLocale(locale);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <TeamResults results={data} />
    </I18nProvider>,
  );
}

describe("the team's published results on the tracker", () => {
  it('shows each criterion as "mean / max", the score, the XP and the comments', async () => {
    const page = await render('en', results);
    expect(page).toContain('<bdi>7.5 / 10</bdi>');
    expect(page).toContain('<bdi>12 / 20</bdi>');
    expect(page).toContain('<strong>76.3%</strong>');
    expect(page).toContain('<strong>153 XP</strong>');
    expect(page).toContain('Neat wiring.');
    expect(page).toContain('Great demo.');
  });

  it('speaks French and Arabic', async () => {
    const french = await render('fr', results);
    expect(french).toContain('Les résultats de votre équipe');
    expect(french).toContain('<bdi>7,5 / 10</bdi>');
    const arabic = await render('ar', { ...results, comments: [] });
    expect(arabic).toContain('نتائج فريقكم');
    expect(arabic).toContain('لم يترك الحكّام أي تعليق.');
    expect(arabic).toContain('153 XP');
  });
});
