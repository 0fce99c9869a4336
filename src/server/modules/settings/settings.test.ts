import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';
import { signIn } from '../../testing/sign-in';
import { createTestApp, type TestApp } from '../../testing/test-app';
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

  it('is for admins only', async () => {
    const { cookie } = await signIn(t.app, 'jdoe');
    expect((await t.app.inject({ url: '/api/admin/settings' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/settings', headers: { cookie } })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: { cookie }, payload: {} })).statusCode,
    ).toBe(403);
  });
});
