import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MyHackathon, TeamProject as Project } from '../../../contract/hackathon';
import type { Locale } from '../../../contract/locales';
import { activateLocale, loadArea } from '../../lib/i18n';
import { TeamProject } from './team-project';

const html = { lang: '', dir: '' };
beforeAll(async () => {
  vi.stubGlobal('document', { documentElement: html });
  await loadArea('member');
});
afterAll(async () => {
  await activateLocale('en');
  vi.unstubAllGlobals();
});

const HOUR = 3600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();
const project: Project = {
  team_id: 7,
  title: 'Line follower',
  description: 'A **robot**.',
  description_html: '<p>A <strong>robot</strong>.</p>\n',
  links: ['https://github.com/club/line-follower'],
  updated_at: at(-30),
  updated_by: { id: 3, intra_login: 'ana' },
};
const hackathon = (window: { opens_at: string; closes_at: string }, saved: Project | null): MyHackathon => ({
  registrations: [],
  team: { id: 7, name: 'Team 1', event_id: 1, hackathon_xp: null, members: [], results: null },
  registration_delay_days: 7,
  registration_opens_at: null,
  project: saved,
  project_window: window,
});

async function render(locale: Locale, data: MyHackathon) {
  await activateLocale(locale);
  return renderToStaticMarkup(
    <I18nProvider i18n={i18n}>
      <TeamProject hackathon={data} />
    </I18nProvider>,
  );
}

// The form needs the query client: these are the states without it, where the tracker only tells.
describe("the team's project on the tracker, outside its window", () => {
  it('says when the team may write it, before the event, and offers no form', async () => {
    const page = await render('fr', hackathon({ opens_at: at(2), closes_at: at(26) }, null));
    expect(page).toContain('Votre équipe pourra rédiger son projet du ');
    expect(page).toContain('Votre équipe n’a pas rédigé son projet.');
    expect(page).not.toContain('<form');
    expect(page).not.toContain('<textarea');
  });

  it('shows the locked project rendered, with its links and deadline, and no way to edit it', async () => {
    const page = await render('ar', hackathon({ opens_at: at(-48), closes_at: at(-1) }, project));
    expect(page).toContain('المشروع مُقفل: كان الموعد النهائي ');
    expect(page).toContain('<strong>robot</strong>');
    expect(page).toContain('href="https://github.com/club/line-follower"');
    expect(page).toContain('<bdi>@ana</bdi>');
    expect(page).not.toContain('<form');
    expect(page).not.toContain('تعديل المشروع');
  });

  it('shows nothing without a team', async () => {
    expect(
      await render('en', {
        ...hackathon({ opens_at: at(-1), closes_at: at(1) }, null),
        team: null,
        project_window: null,
      }),
    ).toBe('');
  });
});
