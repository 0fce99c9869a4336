import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Settings } from '../../../contract/settings';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';
import { expectGuarded } from '#test/server/guards';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';
import { writeSetting } from './settings.repository';

describe('public settings', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('answers the seeded public content to anyone, without the private settings', async () => {
    const answer = await t.app.inject({ url: '/api/settings/public' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    const body = answer.json();
    expect(body.board_members).toEqual(DEFAULT_SETTINGS.board_members);
    expect(body.contact_email).toBe(DEFAULT_SETTINGS.contact_email);
    // The club's time zone, in which the pages tell and read dates (decision 0155).
    expect(body.time_zone).toBe('Africa/Casablanca');
    // The retention period the privacy notice tells (decisions §15).
    expect(body.retention_months).toBe(12);
    expect(body).not.toHaveProperty('challenge_deadline_days');
  });

  it('shows a stored change at once', async () => {
    await writeSetting(t.database.db, 'contact_email', 'board@club.example', new Date());
    expect((await t.app.inject({ url: '/api/settings/public' })).json().contact_email).toBe('board@club.example');
  });
});

describe('admin settings', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  it('reads every setting and changes only the keys sent, with one audit entry of before and after', async () => {
    const { cookie } = await signIn(t.app, 'admin');
    const all = (await t.app.inject({ url: '/api/admin/settings', headers: { cookie } })).json();
    expect(all.settings).toEqual(DEFAULT_SETTINGS);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: {
        settings: {
          applications_open: false,
          hackathon_registration_delay_days: 0,
          contact_email: DEFAULT_SETTINGS.contact_email,
        },
      },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().settings).toMatchObject({ applications_open: false, hackathon_registration_delay_days: 0 });
    const entries = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'settings.updated')
      .execute();
    expect(entries).toHaveLength(1);
    expect(JSON.parse(entries[0]!.details!)).toEqual({
      before: { applications_open: true, hackathon_registration_delay_days: 7 },
      after: { applications_open: false, hackathon_registration_delay_days: 0 },
    });
  });

  it('refuses unknown keys and bad values with 400 and changes nothing', async () => {
    const { cookie } = await signIn(t.app, 'admin');
    for (const settings of [
      { nope: 1 },
      { challenge_deadline_days: 0 },
      { contact_email: 'not-mail' },
      { board_members: [] },
    ]) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie },
        payload: { settings },
      });
      expect(answer.statusCode).toBe(400);
    }
    expect((await t.app.inject({ url: '/api/admin/settings', headers: { cookie } })).json().settings).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('refuses a bad value of every key with its path in details, and writes no row and no audit entry', async () => {
    const { cookie } = await signIn(t.app, 'admin');
    const member = (changes: object) => [{ ...DEFAULT_SETTINGS.board_members[0], ...changes }];
    const bad: [Partial<Record<keyof Settings, unknown>>, string][] = [
      [{ applications_open: 'yes' }, 'settings.applications_open'],
      [{ blind_review: 'on' }, 'settings.blind_review'],
      [{ time_zone: 'Mars/Olympus_Mons' }, 'settings.time_zone'],
      [{ time_zone: '+01:00' }, 'settings.time_zone'],
      [{ time_zone: '' }, 'settings.time_zone'],
      [{ challenge_deadline_days: 366 }, 'settings.challenge_deadline_days'],
      [{ challenge_deadline_days: 2.5 }, 'settings.challenge_deadline_days'],
      [{ hackathon_registration_delay_days: -1 }, 'settings.hackathon_registration_delay_days'],
      [{ project_grace_minutes: -1 }, 'settings.project_grace_minutes'],
      [{ project_grace_minutes: 241 }, 'settings.project_grace_minutes'],
      [{ project_grace_minutes: 1.5 }, 'settings.project_grace_minutes'],
      [{ contact_email: '' }, 'settings.contact_email'],
      [{ contact_phone: '   ' }, 'settings.contact_phone'],
      [{ contact_address: 'x'.repeat(201) }, 'settings.contact_address'],
      [{ data_location: 'x'.repeat(201) }, 'settings.data_location'],
      [{ data_location: '  ' }, 'settings.data_location'],
      [{ retention_months: -1 }, 'settings.retention_months'],
      [{ retention_months: 121 }, 'settings.retention_months'],
      [{ retention_months: 1.5 }, 'settings.retention_months'],
      [{ retention_months: '12' }, 'settings.retention_months'],
      [{ retention_months: null }, 'settings.retention_months'],
      [{ contact_map_url: 'javascript:alert(1)' }, 'settings.contact_map_url'],
      [{ social_links: [{ label: 'X', url: 'ftp://x.example' }] }, 'settings.social_links.0.url'],
      [{ social_links: Array(9).fill({ label: 'X', url: 'https://x.example' }) }, 'settings.social_links'],
      [
        { board_members: [...DEFAULT_SETTINGS.board_members.slice(1), ...member({ name: '' })] },
        'settings.board_members.3.name',
      ],
      [
        { board_members: [...DEFAULT_SETTINGS.board_members.slice(1), ...member({ photo_url: 'not a url' })] },
        'settings.board_members.3.photo_url',
      ],
      [{ board_members: [...DEFAULT_SETTINGS.board_members, ...member({})] }, 'settings.board_members'],
      [{ sponsors: [{ name: 'Acme', logo_url: null, url: 'data:text/html,hi' }] }, 'settings.sponsors.0.url'],
      [{ sponsors: [{ name: '', logo_url: null, url: null }] }, 'settings.sponsors.0.name'],
      [{ sponsors: Array(21).fill({ name: 'Acme', logo_url: null, url: null }) }, 'settings.sponsors'],
    ];
    const before = await t.database.db.selectFrom('settings').selectAll().orderBy('key').execute();
    for (const [settings, path] of bad) {
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie },
        // A valid key beside the bad one: the whole request is refused, not half of it.
        payload: { settings: { applications_open: false, ...settings } },
      });
      expect(answer.statusCode, path).toBe(400);
      expect(
        answer.json().details.map((detail: { path: string }) => detail.path),
        path,
      ).toContain(path);
    }
    expect(await t.database.db.selectFrom('settings').selectAll().orderBy('key').execute()).toEqual(before);
    expect(
      await t.database.db.selectFrom('audit_logs').selectAll().where('entity_type', '=', 'settings').execute(),
    ).toEqual([]);
  });

  it("answers a refused value in the request's language: Accept-Language, with plurals (docs/decisions/0128-languages.md)", async () => {
    const { cookie } = await signIn(t.app, 'admin');
    const refusal = async (acceptLanguage: string | undefined, settings: Partial<Settings>) => {
      const answer = await t.app.inject({
        method: 'PUT',
        url: '/api/admin/settings',
        headers: { cookie, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
        payload: { settings },
      });
      expect(answer.statusCode).toBe(400);
      return answer.json() as { error: string; details: { path: string; message: string }[] };
    };
    const oneDay = { challenge_deadline_days: 0 };
    const noDays = { hackathon_registration_delay_days: -1 };
    expect((await refusal(undefined, oneDay)).details).toEqual([
      { path: 'settings.challenge_deadline_days', message: 'At least 1 day.' },
    ]);
    expect((await refusal('en-GB,en;q=0.9', noDays)).error).toBe(
      'settings.hackathon_registration_delay_days: At least 0 days.',
    );
    // French typography: a narrow no-break space before the colon.
    expect((await refusal('fr-MA,fr;q=0.9,en;q=0.5', oneDay)).error).toBe(
      'settings.challenge_deadline_days\u202f: Au moins 1 jour.',
    );
    expect((await refusal('fr', noDays)).details[0]?.message).toBe('Au moins 0 jour.');
    expect((await refusal('ar,en;q=0.5', oneDay)).details[0]?.message).toBe('لا تقلّ المدة عن يوم واحد.');
    expect((await refusal('ar', noDays)).details[0]?.message).toBe('لا تقلّ المدة عن 0 يوم.');
    // The language of one answer does not leak into the next one.
    expect((await refusal(undefined, oneDay)).details[0]?.message).toBe('At least 1 day.');
  });

  it('audits a change of every key, stores the trimmed values and shows them on the public endpoint', async () => {
    const { cookie } = await signIn(t.app, 'admin');
    const next: Settings = {
      applications_open: false,
      challenge_deadline_days: 30,
      hackathon_registration_delay_days: 3,
      project_grace_minutes: 240,
      contact_email: 'board@club.example',
      contact_phone: '+212 600 000 000',
      contact_address: 'Lab 3, 1337 Benguerir',
      contact_map_url: 'https://maps.example/lab',
      data_location: 'a server of the club in Benguerir, Morocco',
      retention_months: 120,
      social_links: [{ label: 'Mastodon', url: 'https://mastodon.example/@club' }],
      board_members: [
        { name: 'Amina', title: 'President', photo_url: 'https://img.example/amina.png' },
        { name: 'Youssef', title: 'Vice President', photo_url: null },
        { name: 'Sara', title: 'Technical Lead', photo_url: null },
        { name: 'Omar', title: 'Secretary', photo_url: null },
      ],
      sponsors: [],
      blind_review: true,
      time_zone: 'Europe/Paris',
    };
    const sent = { ...next, contact_phone: `  ${next.contact_phone}  `, board_members: next.board_members };
    sent.board_members = [{ ...next.board_members[0]!, name: ' Amina ' }, ...next.board_members.slice(1)];
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { settings: sent },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().settings).toEqual(next);
    const [entry, ...more] = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'settings.updated')
      .execute();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ entity_type: 'settings', user_name: 'admin' });
    const details = JSON.parse(entry!.details!);
    expect(details.after).toEqual(next);
    expect(details.before).toEqual(DEFAULT_SETTINGS);
    const publicSettings = (await t.app.inject({ url: '/api/settings/public' })).json();
    expect(publicSettings.board_members).toEqual(next.board_members);
    expect(publicSettings.sponsors).toEqual([]);
    expect(publicSettings.time_zone).toBe('Europe/Paris');
    expect(publicSettings.data_location).toBe(next.data_location);
    expect(publicSettings.retention_months).toBe(120);
  });

  it('writes no audit entry when nothing changes', async () => {
    const { cookie } = await signIn(t.app, 'admin');
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie },
      payload: { settings: { board_members: DEFAULT_SETTINGS.board_members } },
    });
    expect(put.statusCode).toBe(200);
    expect(
      await t.database.db.selectFrom('audit_logs').selectAll().where('entity_type', '=', 'settings').execute(),
    ).toEqual([]);
  });

  it('keeps the audit trail a chain when admins save the same key at once: each "before" is the previous "after"', async () => {
    const { cookie } = await signIn(t.app, 'admin');
    const phones = ['+1 1', '+1 2', '+1 3', '+1 4', '+1 5'];
    const answers = await Promise.all(
      phones.map((contact_phone) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/admin/settings',
          headers: { cookie },
          payload: { settings: { contact_phone } },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(phones.map(() => 200));
    const entries = await t.database.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'settings.updated')
      .orderBy('id')
      .execute();
    const trail = entries.map((entry) => JSON.parse(entry.details!) as { before: Settings; after: Settings });
    expect(trail).toHaveLength(phones.length);
    expect(trail[0]!.before.contact_phone).toBe(DEFAULT_SETTINGS.contact_phone);
    for (let i = 1; i < trail.length; i++)
      expect(trail[i]!.before.contact_phone).toBe(trail[i - 1]!.after.contact_phone);
    const stored = (await t.app.inject({ url: '/api/settings/public' })).json().contact_phone;
    expect(stored).toBe(trail.at(-1)!.after.contact_phone);
  });

  it('is for admins only: 401 anonymous, 403 applicants, 403 BANNED, before validation', async () => {
    const applicant = await signIn(t.app, 'jdoe');
    const banned = await signIn(t.app, 'bad');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    await expectGuarded(
      t.app,
      [
        ['GET', '/api/admin/settings'],
        ['PUT', '/api/admin/settings'],
      ],
      { applicant: applicant.cookie, banned: banned.cookie },
    );
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: applicant.cookie },
      payload: { settings: { applications_open: false } },
    });
    expect(put.statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/settings/public' })).json().applications_open).toBe(true);
  });
});
