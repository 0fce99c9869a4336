import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { authorizeAs, signIn, startSignIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';

describe('a user’s language (docs/decisions/0128-languages.md)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(() => t.close());

  const usersRow = (login: string) =>
    t.database.db.selectFrom('users').selectAll().where('intra_login', '=', login).executeTakeFirstOrThrow();
  const putPreferences = (cookie: string, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/users/me/preferences', headers: { cookie }, payload: payload as object });

  it('saves the chosen language and shows it as `locale` on the user', async () => {
    const { cookie } = await signIn(t.app, 'amina');
    const before = await t.app.inject({ url: '/api/users/me', headers: { cookie } });
    expect(before.json().locale).toBeNull();

    const saved = await putPreferences(cookie, { locale: 'ar' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ intra_login: 'amina', locale: 'ar' });
    expect((await usersRow('amina')).locale).toBe('ar');
    // Every process's session memo hears the change (within 100 ms on PostgreSQL).
    await expect
      .poll(async () => (await t.app.inject({ url: '/api/users/me', headers: { cookie } })).json().locale)
      .toBe('ar');

    expect((await putPreferences(cookie, { locale: 'fr' })).json().locale).toBe('fr');
  });

  it('refuses another language, another key or no body with 400, changing nothing', async () => {
    const { cookie } = await signIn(t.app, 'youssef');
    await putPreferences(cookie, { locale: 'fr' });
    for (const payload of [{ locale: 'es' }, { locale: 'FR' }, { locale: 'fr', theme: 'dark' }, {}, { locale: null }]) {
      const refused = await putPreferences(cookie, payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    expect((await usersRow('youssef')).locale).toBe('fr');
    // The database holds the rule too (migration 0019), for writes that bypass the API.
    for (const column of ['locale', 'sign_in_locale'] as const) {
      await expect(
        t.database.db
          .updateTable('users')
          .set({ [column]: 'es' as 'fr' })
          .where('intra_login', '=', 'youssef')
          .execute(),
      ).rejects.toThrow(/check/i);
    }
  });

  it('remembers the language the browser asked for at sign-in, and keeps it when the next sign-in says none', async () => {
    const callback = async (login: string, acceptLanguage?: string) => {
      const { authorizeUrl, state } = await startSignIn(t.app);
      const { code } = await authorizeAs(t.app, authorizeUrl, login);
      const answer = await t.app.inject({
        url: `/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
        cookies: { oauth_state: state },
        headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {},
      });
      expect(answer.statusCode).toBe(200);
    };
    await callback('salma', 'fr-MA,fr;q=0.9,ar;q=0.8');
    expect(await usersRow('salma')).toMatchObject({ sign_in_locale: 'fr', locale: null });
    await callback('salma', 'ar-MA,ar;q=0.9');
    expect((await usersRow('salma')).sign_in_locale).toBe('ar');
    // No header says nothing new about this person; one naming none of ours falls back to English.
    await callback('salma');
    expect((await usersRow('salma')).sign_in_locale).toBe('ar');
    await callback('salma', 'de-DE,de;q=0.9');
    expect((await usersRow('salma')).sign_in_locale).toBe('en');
  });
});
