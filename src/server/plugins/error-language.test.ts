import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';

// The `error` of an answer, and each detail, in the request's language: the user's saved locale,
// else Accept-Language, else English (docs/decisions/0128-languages.md). The code never changes.
describe("the server's answers in the request's language", () => {
  let t: TestApp;
  let admin: string;
  let candidate: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '0' });
    admin = (await signIn(t.app, 'admin')).cookie;
    candidate = (await signIn(t.app, 'amina')).cookie;
  });
  afterAll(() => t.close());

  type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; cookie?: string; payload?: object };
  const answer = async ({ method = 'GET', url, cookie, payload }: Call, acceptLanguage?: string) => {
    const response = await t.app.inject({
      method,
      url,
      payload,
      headers: { ...(cookie ? { cookie } : {}), ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
    });
    return { status: response.statusCode, ...(response.json() as { error: string; code: string; details?: unknown }) };
  };

  const calls = {
    signedOut: { url: '/api/users/me' },
    notAdmin: () => ({ url: '/api/admin/members/1', cookie: candidate }),
    noSuchUser: () => ({ url: '/api/admin/members/999999', cookie: admin }),
    noSuchRoute: { url: '/api/no-such-thing' },
    badLocale: () => ({
      method: 'PUT' as const,
      url: '/api/users/me/preferences',
      cookie: candidate,
      payload: { locale: 'es' },
    }),
    badSettings: () => ({
      method: 'PUT' as const,
      url: '/api/admin/settings',
      cookie: admin,
      payload: { settings: { sponsors: [{ name: '', url: 'https://example.com', logo_url: null }] } },
    }),
  };

  it('keeps English, byte for byte, with no Accept-Language or with English asked', async () => {
    for (const language of [undefined, 'en-GB,en;q=0.9', 'de']) {
      expect(await answer(calls.signedOut, language)).toEqual({
        status: 401,
        error: 'Unauthorized. Please check your authentication.',
        code: 'UNAUTHENTICATED',
      });
      expect(await answer(calls.notAdmin(), language)).toMatchObject({
        status: 403,
        error: 'Admin access is required.',
        code: 'FORBIDDEN',
      });
      expect(await answer(calls.noSuchUser(), language)).toMatchObject({
        status: 404,
        error: 'There is no such user.',
        code: 'NOT_FOUND',
      });
      expect(await answer(calls.noSuchRoute, language)).toMatchObject({
        error: 'There is no GET /api/no-such-thing.',
        code: 'NOT_FOUND',
      });
      expect(await answer(calls.badSettings(), language)).toMatchObject({
        error: 'settings.sponsors.0.name: Required.',
        code: 'VALIDATION_FAILED',
        details: [{ path: 'settings.sponsors.0.name', message: 'Required.' }],
      });
    }
  });

  it('answers in French or Arabic by Accept-Language: 401, 403, 404, validation details', async () => {
    expect(await answer(calls.signedOut, 'fr-MA,fr;q=0.9,en;q=0.5')).toEqual({
      status: 401,
      error: 'Accès non autorisé. Vérifiez que vous êtes bien connecté.',
      code: 'UNAUTHENTICATED',
    });
    expect(await answer(calls.notAdmin(), 'ar')).toMatchObject({
      status: 403,
      error: 'يتطلب هذا صلاحيات الإشراف.',
      code: 'FORBIDDEN',
    });
    expect(await answer(calls.noSuchUser(), 'fr')).toMatchObject({
      status: 404,
      error: 'Cet utilisateur n’existe pas.',
      code: 'NOT_FOUND',
    });
    expect(await answer(calls.noSuchRoute, 'ar')).toMatchObject({
      error: 'لا يوجد \u2068GET /api/no-such-thing\u2069.',
      code: 'NOT_FOUND',
    });
    expect(await answer(calls.badSettings(), 'fr')).toMatchObject({
      status: 400,
      error: 'settings.sponsors.0.name\u202f: Obligatoire.',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'settings.sponsors.0.name', message: 'Obligatoire.' }],
    });
    expect(await answer(calls.badSettings(), 'ar')).toMatchObject({
      details: [{ path: 'settings.sponsors.0.name', message: 'هذا الحقل مطلوب.' }],
    });
  });

  it('answers in the language the user saved, over their browser’s', async () => {
    const other = (await signIn(t.app, 'youssef')).cookie;
    const save = (locale: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/users/me/preferences',
        headers: { cookie: other },
        payload: { locale },
      });
    expect((await save('ar')).statusCode).toBe(200);
    const notAdmin = { url: '/api/admin/members/1', cookie: other };
    const badLocale = {
      method: 'PUT' as const,
      url: '/api/users/me/preferences',
      cookie: other,
      payload: { locale: 'es' },
    };
    // The session memo hears the change within 100 ms on PostgreSQL.
    await expect.poll(async () => (await answer(notAdmin, 'fr')).error).toBe('يتطلب هذا صلاحيات الإشراف.');
    expect(await answer(badLocale, 'en')).toMatchObject({
      status: 400,
      error: '\u2068locale\u2069: يُرجى اختيار الإنجليزية (en) أو الفرنسية (fr) أو العربية (ar).',
      code: 'VALIDATION_FAILED',
    });
    expect((await save('fr')).statusCode).toBe(200);
    await expect
      .poll(async () => (await answer(badLocale)).details)
      .toEqual([{ path: 'locale', message: 'Choisissez l’anglais (en), le français (fr) ou l’arabe (ar).' }]);
  });

  it('tells an AppError whose sentence names another, in the language asked', async () => {
    // An uploaded image the database does not hold: the answer names the field, then the sentence.
    const logo = `/media/${'a'.repeat(64)}-10x10.webp`;
    const refused = (language: string) =>
      answer(
        {
          method: 'PUT',
          url: '/api/admin/settings',
          cookie: admin,
          payload: { settings: { sponsors: [{ name: 'A', url: null, logo_url: logo }] } },
        },
        language,
      );
    const path = 'settings.sponsors.0.logo_url';
    expect(await refused('en')).toMatchObject({
      status: 400,
      error: `${path}: This image is no longer stored: upload it again.`,
      code: 'VALIDATION_FAILED',
      details: [{ path, message: 'This image is no longer stored: upload it again.' }],
    });
    expect(await refused('fr')).toMatchObject({
      error: `${path}\u202f: Cette image n’est plus enregistrée\u202f: importez-la de nouveau.`,
      code: 'VALIDATION_FAILED',
      details: [{ path, message: 'Cette image n’est plus enregistrée\u202f: importez-la de nouveau.' }],
    });
    expect(await refused('ar')).toMatchObject({
      error: `\u2068${path}\u2069: لم تعد هذه الصورة محفوظة: يُرجى رفعها من جديد.`,
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('the rate limit in the request’s language', () => {
  it('answers 429 in French or Arabic, its code unchanged, English as it was', async () => {
    const t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1' });
    try {
      const call = (language?: string) =>
        t.app.inject({ url: '/api/events', headers: language ? { 'accept-language': language } : {} });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).json()).toEqual({
        error: 'Rate limit exceeded. Please wait a moment and try again.',
        code: 'RATE_LIMITED',
      });
      expect((await call('fr')).json()).toEqual({
        error: 'Trop de requêtes. Patientez un instant, puis réessayez.',
        code: 'RATE_LIMITED',
      });
      expect((await call('ar')).json()).toEqual({
        error: 'أرسلتم طلبات كثيرة في وقت قصير. يُرجى الانتظار قليلًا ثم إعادة المحاولة.',
        code: 'RATE_LIMITED',
      });
    } finally {
      await t.close();
    }
  });
});

describe('the health check’s 503 in the asker’s language', () => {
  it('says the database is not reachable in French or Arabic, English as it was', async () => {
    const t = await createTestApp();
    try {
      // The database closed under the running server: the health check's query fails, as when it is down.
      await t.database.db.destroy();
      const health = async (language?: string) => {
        const answer = await t.app.inject({
          url: '/api/health',
          headers: language ? { 'accept-language': language } : {},
        });
        expect(answer.statusCode).toBe(503);
        expect(answer.headers['cache-control']).toBe('no-store');
        return answer.json();
      };
      expect(await health()).toEqual({ error: 'The database is not reachable.', code: 'UNAVAILABLE' });
      expect(await health('fr-FR,fr;q=0.9')).toEqual({
        error: 'La base de données est injoignable.',
        code: 'UNAVAILABLE',
      });
      expect(await health('ar')).toEqual({ error: 'تعذّر الوصول إلى قاعدة البيانات.', code: 'UNAVAILABLE' });
    } finally {
      await t.close();
    }
  });
});
