import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';
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
