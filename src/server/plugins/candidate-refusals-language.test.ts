import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';

/**
 * Every refusal the candidate's pages can meet, asked by a candidate who reads Arabic (issue 28
 * item 2): the `error` and each detail are Arabic, with no English word left in them but the
 * names of things (Tinkercad, GitHub, XP, an address, a date). A sentence missing from the Arabic
 * catalog, or built outside it, shows as English here.
 */
const NAMES_KEPT_AS_WRITTEN = [
  /\u2068[^\u2069]*\u2069/g, // a value isolated in the sentence: a field's path, a login, an address
  /https?:\/\/\S*/g, // an address the sentence names
  /\bhttp\(s\)/g,
  /\((?:en|fr|ar)\)/g, // the codes of the languages, beside their names
  /\b[\w.-]+\.(?:com|ma|org)\b/g, // a host (tinkercad.com)
  /\b(?:Tinkercad|GitHub|XP|UTC|JSON|NUL|KiB|Content-Length|application\/json)\b/g,
  /\\u0000/g,
];

/** The English words left in a sentence once the names it may carry are set aside. */
function englishIn(sentence: string): string[] {
  let rest = sentence;
  for (const name of NAMES_KEPT_AS_WRITTEN) rest = rest.replace(name, ' ');
  return rest.match(/[A-Za-z]{2,}/g) ?? [];
}

describe('the refusals of the canditate’s pages, in Arabic', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '0', ALLOWED_CAMPUSES: '' });
    admin = (await signIn(t.app, 'admin')).cookie;
    await insertChallenge(t.database.db, new Date());
  });
  afterAll(() => t.close());

  type Call = { method?: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: unknown; headers?: object };
  const ask = async (cookie: string | undefined, { method = 'GET', url, payload, headers }: Call) => {
    const answer = await t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': 'ar', ...(cookie ? { cookie } : {}), ...headers },
    });
    return { status: answer.statusCode, body: answer.json() as { error: string; code: string; details?: [] } };
  };
  /** A candidate who chose Arabic in the app (their saved locale decides, whatever their browser sends). */
  const arabicCandidate = async (login: string) => {
    const { cookie, user } = await signIn(t.app, login);
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/users/me/preferences',
      payload: { locale: 'ar' },
      headers: { cookie },
    });
    expect(saved.statusCode).toBe(200);
    return { cookie, id: user.id };
  };
  const asAdmin = (call: Call) =>
    t.app.inject({
      method: call.method ?? 'GET',
      url: call.url,
      payload: call.payload as object,
      headers: { cookie: admin },
    });

  it('has no English word in any of them', async () => {
    const found: string[] = [];
    const refused = async (who: string | undefined, call: Call, status: number) => {
      const { status: got, body } = await ask(who, call);
      const what = `${call.method ?? 'GET'} ${call.url} ${JSON.stringify(call.payload ?? '')}`;
      expect(got, `${what}: ${JSON.stringify(body)}`).toBe(status);
      for (const sentence of [body.error, ...(body.details ?? []).map((d: { message: string }) => d.message)]) {
        const english = englishIn(sentence);
        if (english.length) found.push(`${what} → ${status} "${sentence}" (${english.join(' ')})`);
      }
    };

    // Signed out, and the requests any page may send wrong.
    await refused(undefined, { url: '/api/users/me' }, 401);
    await refused(undefined, { url: '/api/no-such-thing' }, 404);
    const amina = await arabicCandidate('amina');
    await refused(amina.cookie, { method: 'PUT', url: '/api/users/me/preferences', payload: { locale: 'es' } }, 400);
    await refused(
      amina.cookie,
      {
        method: 'POST',
        url: '/api/applications',
        payload: 'not json',
        headers: { 'content-type': 'application/json' },
      },
      400,
    );
    await refused(amina.cookie, { method: 'POST', url: '/api/applications', payload: { motivation: 'a\u0000b' } }, 400);
    await refused(
      amina.cookie,
      {
        method: 'POST',
        url: '/api/applications',
        payload: { motivation: 'x' },
        headers: { origin: 'https://elsewhere.example' },
      },
      403,
    );

    // The application form.
    await refused(amina.cookie, { url: '/api/applications/me' }, 404);
    await refused(amina.cookie, { url: '/api/challenges/me' }, 403);
    for (const payload of [
      {},
      { motivation: 'short' },
      { motivation: 'x'.repeat(2001) },
      { motivation: 'I want to build robots with the club.', experience_level: 'expert' },
      { motivation: 'I want to build robots with the club.', github_profile: 'github.com/amina' },
      { motivation: 'I want to build robots with the club.', portfolio_url: `https://example.org/${'p'.repeat(500)}` },
    ]) {
      await refused(amina.cookie, { method: 'POST', url: '/api/applications', payload }, 400);
    }
    await asAdmin({ method: 'PUT', url: '/api/admin/settings', payload: { settings: { applications_open: false } } });
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/applications', payload: { motivation: 'I want to build robots.' } },
      403,
    );
    await asAdmin({ method: 'PUT', url: '/api/admin/settings', payload: { settings: { applications_open: true } } });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      payload: { motivation: 'I want to build robots with the club.' },
      headers: { cookie: amina.cookie },
    });
    expect(sent.statusCode).toBe(201);
    const application = sent.json().id;
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/applications', payload: { motivation: 'Once more, please.' } },
      409,
    );
    await refused(
      amina.cookie,
      { method: 'PUT', url: `/api/applications/${application}`, payload: { motivation: 'no' } },
      400,
    );
    await refused(
      amina.cookie,
      { method: 'PUT', url: '/api/applications/999999', payload: { motivation: 'Robots, robots.' } },
      404,
    );
    await refused(amina.cookie, { method: 'POST', url: '/api/projects', payload: { title: 'A robot' } }, 403);
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/challenges/deadline-request', payload: { reason: 'Time' } },
      403,
    );

    // The challenges.
    expect(
      (
        await asAdmin({
          method: 'PUT',
          url: `/api/admin/applications/${application}/review`,
          payload: { status: 'approved' },
        })
      ).statusCode,
    ).toBe(200);
    await refused(
      amina.cookie,
      { method: 'PUT', url: `/api/applications/${application}`, payload: { motivation: 'Robots, robots.' } },
      409,
    );
    const mine = (await t.app.inject({ url: '/api/challenges/me', headers: { cookie: amina.cookie } })).json();
    const id = mine.data[0].id as number;
    const link = (n: number, tinkercad_link: unknown) => ({
      method: 'POST' as const,
      url: `/api/challenges/${id}/exercise/${n}/submit`,
      payload: { tinkercad_link },
    });
    await refused(amina.cookie, link(1, 'https://www.tinkercad.com/things/abc'), 409);
    await refused(amina.cookie, { method: 'POST', url: `/api/challenges/${id}/submit` }, 409);
    await refused(amina.cookie, { method: 'POST', url: '/api/challenges/999999/start' }, 404);
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/challenges/deadline-request', payload: { reason: 'I was ill.' } },
      409,
    );
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/challenges/${id}/start`, headers: { cookie: amina.cookie } }))
        .statusCode,
    ).toBe(200);
    await refused(amina.cookie, { method: 'POST', url: `/api/challenges/${id}/start` }, 409);
    await refused(amina.cookie, link(1, ''), 400);
    await refused(amina.cookie, link(1, 'https://example.org/things/abc'), 400);
    await refused(amina.cookie, link(1, `https://www.tinkercad.com/things/${'a'.repeat(500)}`), 400);
    await refused(amina.cookie, link(5, 'https://www.tinkercad.com/things/abc'), 404);
    await refused(amina.cookie, { method: 'POST', url: `/api/challenges/${id}/submit` }, 409);
    // Past the deadline.
    await t.database.db.updateTable('applications').set({ reviewed_at: '2020-01-01T00:00:00.000Z' }).execute();
    await refused(amina.cookie, link(1, 'https://www.tinkercad.com/things/abc'), 403);
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/challenges/deadline-request', payload: { reason: '' } },
      400,
    );
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/challenges/deadline-request', payload: { reason: 'r'.repeat(501) } },
      400,
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/challenges/deadline-request',
          payload: { reason: 'I was ill.' },
          headers: { cookie: amina.cookie },
        })
      ).statusCode,
    ).toBe(201);
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/challenges/deadline-request', payload: { reason: 'Again.' } },
      409,
    );

    // The hackathon.
    const event = await asAdmin({
      method: 'POST',
      url: '/api/hackathon/events',
      payload: { name: 'Robotics night', start_at: '2031-01-10T18:00:00.000Z', end_at: '2031-01-11T18:00:00.000Z' },
    });
    const eventId = event.json().id as number;
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/hackathon/register', payload: { event_id: eventId } },
      403,
    );
    await refused(amina.cookie, { method: 'DELETE', url: `/api/hackathon/register?event_id=${eventId}` }, 404);
    // Every challenge validated today: registration opens a week from now.
    await t.database.db
      .updateTable('user_challenges')
      .set({ status: 'validated', completed: true, validated_at: new Date().toISOString() })
      .execute();
    await refused(
      amina.cookie,
      { method: 'POST', url: '/api/hackathon/register', payload: { event_id: eventId } },
      403,
    );

    expect(found).toEqual([]);
  });
});
