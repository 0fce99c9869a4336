import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../../contract/locales';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { ARABIC_TEMPLATES } from './mail-defaults-ar';
import { FRENCH_TEMPLATES } from './mail-defaults-fr';
import { DEFAULT_TEMPLATES } from './mail-defaults';
import type { Notification } from '../../deps';
import { boardMessageMail, deadlineChangedMail, teamAssignedMail } from './mail-templates';

const URL = '/api/admin/mail-templates';
const DEADLINE = `${URL}/deadline_changed`;
const DEADLINE_AT = '2026-12-07T18:00:00.000Z';
const NNBSP = '\u202f';

/** The board's French wording of the deadline mail. */
const BOARD_FRENCH = {
  subject: 'Nouvelle échéance, {{name}}',
  body: `# Bonjour {{name}}

Vos défis sont à rendre le {{deadline}}.`,
};

describe('mails in the recipient’s language (decision 0128)', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();

  beforeEach(async () => {
    // No SMTP_URL: each mail stays in the outbox as it was written, where the test reads it.
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object, language?: string) =>
    t.app.inject({
      method,
      url,
      headers: { cookie: admin, ...(language ? { 'accept-language': language } : {}) },
      payload,
    });

  /** A signed-in user who reads `locale` (chosen) or whose browser asked `signInLocale`. */
  const person = async (login: string, languages: { locale?: Locale; sign_in_locale?: Locale }) => {
    const { user } = await signIn(t.app, login);
    await t.database.db
      .updateTable('users')
      .set({ locale: null, sign_in_locale: null, ...languages })
      .where('id', '=', user.id)
      .execute();
    return user.id;
  };
  const enqueue = (userIds: number[], notification: Notification) =>
    t.database.db.transaction().execute((trx) => t.app.mail.enqueue(trx, userIds, notification, clock.now()));
  /** The latest mail written to a user, as the outbox keeps it. */
  const mailTo = (userId: number) =>
    t.database.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text_body as text', 'html_body as html', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();

  it('writes the default wording, dates and frame in French for a French user, in Arabic from sign_in_locale alone', async () => {
    const french = await person('carol', { locale: 'fr', sign_in_locale: 'ar' });
    const arabic = await person('dave', { sign_in_locale: 'ar' });
    const english = await person('erin', {});
    await enqueue([french, arabic, english], deadlineChangedMail({ deadlineAt: DEADLINE_AT }));

    const fr = await mailTo(french);
    expect(fr.subject).toBe(FRENCH_TEMPLATES.deadline_changed.subject);
    expect(fr.text).toContain(`# Plus de temps pour vos défis, Carol`);
    expect(fr.text).toContain(`nouvelle échéance pour vos défis${NNBSP}: le lundi 7 décembre 2026 à 19:00 UTC+1.`);
    expect(fr.text).toContain('Le bureau du 1337 Robotics Club\n');
    expect(fr.html).toContain('<html lang="fr" dir="ltr">');
    expect(fr.html).toContain('Le bureau du 1337 Robotics Club<br>');
    expect(fr.html).toContain('Ouvrir vos défis</a>');

    const ar = await mailTo(arabic);
    expect(ar.subject).toBe(ARABIC_TEMPLATES.deadline_changed.subject);
    expect(ar.text).toContain('# وقت إضافي لتحدياتكم، \u2068Dave\u2069');
    expect(ar.text).toContain('الاثنين، 7 ديسمبر 2026 في 19:00 غرينتش+1');
    expect(ar.text).toContain('مكتب \u20681337 Robotics Club\u2069');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.html).toContain('<div dir="rtl"');

    const en = await mailTo(english);
    expect(en.subject).toBe(DEFAULT_TEMPLATES.deadline_changed.subject);
    expect(en.text).toContain(
      'The board has set a new deadline for your challenges: Monday, 7 December 2026 at 19:00 GMT+1.',
    );
    expect(en.text).toContain('The board of the 1337 Robotics Club\n');
    expect(en.html).toContain('<html lang="en" dir="ltr">');
  });

  it('names a numbered team in the reader’s language and a team the board named as the board wrote it', async () => {
    const french = await person('carol', { locale: 'fr' });
    const arabic = await person('dave', { locale: 'ar' });
    const english = await person('erin', {});
    const event = { name: 'Robotics night', start_at: '2026-12-07T18:00:00.000Z', location: null };
    const members = [french, arabic, english].map((user_id) => ({ user_id, intra_login: `login${user_id}` }));
    await enqueue(
      [french, arabic, english],
      teamAssignedMail(() => ({ team: 'Team 3', event, members })),
    );
    expect((await mailTo(french)).subject).toContain('Équipe 3');
    expect((await mailTo(arabic)).subject).toContain('الفريق 3');
    expect((await mailTo(english)).subject).toBe('Your hackathon team: Team 3');
    await enqueue(
      [french],
      teamAssignedMail(() => ({ team: 'Servo Team 3', event, members })),
    );
    expect((await mailTo(french)).subject).toContain('Servo Team 3');
  });

  it('uses the board’s French wording for French readers only, and keeps a queued mail as written', async () => {
    expect((await call('PUT', `${DEADLINE}?locale=fr`, BOARD_FRENCH)).statusCode).toBe(200);
    const french = await person('carol', { sign_in_locale: 'fr' });
    const english = await person('erin', { sign_in_locale: 'en' });
    const arabic = await person('dave', { locale: 'ar' });
    await enqueue([french, english, arabic], deadlineChangedMail({ deadlineAt: DEADLINE_AT }));

    const fr = await mailTo(french);
    expect(fr.subject).toBe('Nouvelle échéance, Carol');
    expect(fr.text).toContain('Vos défis sont à rendre le lundi 7 décembre 2026 à 19:00 UTC+1.');
    expect((await mailTo(english)).subject).toBe(DEFAULT_TEMPLATES.deadline_changed.subject);
    expect((await mailTo(arabic)).subject).toBe(ARABIC_TEMPLATES.deadline_changed.subject);

    // A change of language (or of wording) later changes no mail already in the outbox.
    const before = await mailTo(french);
    await t.database.db.updateTable('users').set({ locale: 'ar' }).where('id', '=', french).execute();
    await call('DELETE', `${DEADLINE}?locale=fr`);
    expect(await mailTo(french)).toEqual(before);
    await enqueue([french], deadlineChangedMail({ deadlineAt: DEADLINE_AT }));
    expect((await mailTo(french)).subject).toBe(ARABIC_TEMPLATES.deadline_changed.subject);
  });

  it('sends the board’s message to a group as the board wrote it, inside each recipient’s frame', async () => {
    const french = await person('carol', { locale: 'fr' });
    const arabic = await person('dave', { locale: 'ar' });
    await enqueue([french, arabic], boardMessageMail({ subject: 'Workshop on Friday', body: 'Bring a **laptop**.' }));

    const fr = await mailTo(french);
    expect(fr.subject).toBe('Workshop on Friday');
    expect(fr.html).toContain('<strong>laptop</strong>');
    expect(fr.text).toContain(`Ouvrir le suivi de votre candidature${NNBSP}: http://`);
    expect(fr.text).toContain('Le bureau du 1337 Robotics Club');
    const ar = await mailTo(arabic);
    expect(ar.text).toContain('Workshop on Friday\n\nBring a **laptop**.');
    expect(ar.html).toContain('<html lang="ar" dir="rtl">');
    expect(ar.text).toContain('فتح صفحة متابعة الطلب: http://');
  });

  it('refuses a template’s problems in the reader’s language, whatever the wording’s, English unchanged', async () => {
    const wrong = { subject: 'For {{team}}', body: 'Hi {{name}}{{/name}}' };
    const refusal = async (language?: string, url = `${DEADLINE}?locale=ar`) => {
      const answer = await call('PUT', url, wrong, language);
      expect(answer.statusCode).toBe(400);
      return answer.json() as { error: string; code: string; details: { path: string; message: string }[] };
    };
    const english = {
      error: 'This email does not know the placeholder {{team}}. It knows {{name}}, {{app_url}}, {{deadline}}.',
      code: 'VALIDATION_FAILED',
      details: [
        {
          path: 'subject',
          message: 'This email does not know the placeholder {{team}}. It knows {{name}}, {{app_url}}, {{deadline}}.',
        },
        { path: 'body', message: '{{/name}} closes no section: open one with {{#name}} before it.' },
      ],
    };
    expect(await refusal()).toEqual(english);
    expect(await refusal('en-GB,fr;q=0.5')).toEqual(english);

    const known = '{{name}}, {{app_url}} et {{deadline}}';
    expect(await refusal('fr')).toEqual({
      error: `Cet e-mail n’a pas de variable {{team}}. Ses variables sont${NNBSP}: ${known}.`,
      code: 'VALIDATION_FAILED',
      details: [
        { path: 'subject', message: `Cet e-mail n’a pas de variable {{team}}. Ses variables sont${NNBSP}: ${known}.` },
        {
          path: 'body',
          message: `{{/name}} ne ferme aucune section${NNBSP}: ouvrez-en une avec {{#name}} avant elle.`,
        },
      ],
    });
    // The preview refuses in the same words.
    expect((await call('POST', `${DEADLINE}/preview?locale=en`, wrong, 'fr')).json().error).toBe(
      `Cet e-mail n’a pas de variable {{team}}. Ses variables sont${NNBSP}: ${known}.`,
    );

    const [subject, body] = (await refusal('ar', DEADLINE)).details;
    expect(subject!.message).toBe(
      'لا تعرف هذه الرسالة المتغير \u2068{{team}}\u2069. المتغيرات التي تعرفها: \u2068{{name}}\u2069، و\u2068{{app_url}}\u2069، و\u2068{{deadline}}\u2069.',
    );
    expect(body!.message).toBe('لا يُغلق \u2068{{/name}}\u2069 أي قسم: يُرجى فتح قسم بـ\u2068{{#name}}\u2069 قبله.');
    expect(await t.database.db.selectFrom('mail_templates').selectAll().execute()).toEqual([]);
  });

  it('reads, saves, restores and previews each language’s wording with ?locale=, English without it', async () => {
    const wordingOf = async (query: string, language?: string) =>
      ((await call('GET', `${URL}${query}`, undefined, language)).json().data as Record<string, unknown>[]).find(
        (template) => template.key === 'deadline_changed',
      )!;
    expect(await wordingOf('')).toMatchObject({ ...DEFAULT_TEMPLATES.deadline_changed, is_default: true });
    expect(await wordingOf('?locale=en')).toMatchObject({ ...DEFAULT_TEMPLATES.deadline_changed, is_default: true });
    expect(await wordingOf('?locale=ar')).toMatchObject({ ...ARABIC_TEMPLATES.deadline_changed, is_default: true });
    // The names and descriptions follow the reader's language, not the wording's.
    expect(await wordingOf('?locale=ar', 'fr')).toMatchObject({
      title: 'Échéance des défis modifiée',
      subject: ARABIC_TEMPLATES.deadline_changed.subject,
    });
    expect((await wordingOf('', 'ar')).title).toBe('تغيير الموعد النهائي للتحديات');

    for (const refused of ['?locale=de', '?locale=FR', '?locale=']) {
      expect((await call('GET', `${URL}${refused}`)).statusCode).toBe(400);
      expect((await call('PUT', `${DEADLINE}${refused}`, BOARD_FRENCH)).statusCode).toBe(400);
      expect((await call('DELETE', `${DEADLINE}${refused}`)).statusCode).toBe(400);
      expect((await call('POST', `${DEADLINE}/preview${refused}`, BOARD_FRENCH)).statusCode).toBe(400);
    }

    const saved = await call('PUT', `${DEADLINE}?locale=fr`, BOARD_FRENCH);
    expect(saved.json()).toMatchObject({ ...BOARD_FRENCH, is_default: false, updated_by: 'admin' });
    expect(await wordingOf('?locale=fr')).toMatchObject({ ...BOARD_FRENCH, is_default: false });
    expect(await wordingOf('')).toMatchObject({ ...DEFAULT_TEMPLATES.deadline_changed, is_default: true });
    const rows = await t.database.db.selectFrom('mail_templates').select(['key', 'locale']).execute();
    expect(rows).toEqual([{ key: 'deadline_changed', locale: 'fr' }]);
    const audit = await t.database.db
      .selectFrom('audit_logs')
      .select('details')
      .where('action', '=', 'mail_template.saved')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audit.details!)).toMatchObject({ locale: 'fr', before: FRENCH_TEMPLATES.deadline_changed });

    // Without ?locale= the English wording is restored: the French one stays.
    expect((await call('DELETE', DEADLINE)).json()).toMatchObject({ is_default: true });
    expect(await wordingOf('?locale=fr')).toMatchObject({ is_default: false });
    expect((await call('DELETE', `${DEADLINE}?locale=fr`)).json()).toMatchObject({
      ...FRENCH_TEMPLATES.deadline_changed,
      is_default: true,
    });

    const preview = (await call('POST', `${DEADLINE}/preview?locale=ar`, ARABIC_TEMPLATES.deadline_changed)).json();
    expect(preview.html).toContain('<html lang="ar" dir="rtl">');
    expect(preview.text).toContain('غرينتش+1');
    const english = (await call('POST', `${DEADLINE}/preview`, DEFAULT_TEMPLATES.deadline_changed)).json();
    expect(english.html).toContain('<html lang="en" dir="ltr">');
    expect(english.text).toContain('The board of the 1337 Robotics Club');
  });
});
