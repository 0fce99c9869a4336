import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAIL_TEMPLATE_BODY_MAX, MAIL_TEMPLATE_KEYS } from '../../../contract/mail-templates';
import { pendingApplicant } from '#test/server/challenges.fixtures';
import { startSmtpServer, type SmtpTestServer } from '#test/server/mail.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { HOLD_MS } from '../../undo-hold';
import { DEFAULT_TEMPLATES } from './mail-defaults';

const URL = '/api/admin/mail-templates';
const DECLINE = `${URL}/application_declined`;

/** The board's decline, with its note in a section and a line that says whose words these are. */
const BOARD_DECLINE = {
  subject: 'Your application to the club, {{name}}',
  body: `# Dear {{name}}

Not this time, sorry: **keep building**.

{{#review_notes}}
The board adds:
> {{review_notes}}
{{/review_notes}}

[Your tracker]({{app_url}}/apply)`,
};

describe('mail templates the board edits (decision 0120)', () => {
  let t: TestApp;
  let smtp: SmtpTestServer;
  let admin: string;
  const clock = testClock();

  beforeEach(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url }, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(async () => {
    await t.close();
    await smtp.close();
  });

  const call = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: admin }, payload });
  const list = async () => (await call('GET', URL)).json().data as { key: string; [field: string]: unknown }[];
  const saved = () => t.database.db.selectFrom('mail_templates').selectAll().execute();
  const audit = async () =>
    (
      await t.database.db
        .selectFrom('audit_logs')
        .select(['action', 'entity_type', 'details'])
        .where('entity_type', '=', 'mail_template')
        .orderBy('id')
        .execute()
    ).map((entry) => ({ ...entry, details: JSON.parse(entry.details ?? 'null') as unknown }));

  it('lists every notification with its default wording and the placeholders it knows, and no group message', async () => {
    const templates = await list();
    expect(templates.map((template) => template.key)).toEqual(MAIL_TEMPLATE_KEYS);
    expect(templates.map((template) => template.key)).not.toContain('board_message');
    const decline = templates.find((template) => template.key === 'application_declined')!;
    expect(decline).toMatchObject({
      title: 'Application declined',
      subject: 'About your application to the 1337 Robotics Club',
      body: DEFAULT_TEMPLATES.application_declined.body,
      is_default: true,
      updated_at: null,
      updated_by: null,
    });
    expect((decline.placeholders as { name: string }[]).map((p) => p.name)).toEqual([
      'name',
      'app_url',
      'review_notes',
    ]);
  });

  it('saves the board’s version, audited before → after, and lists it as the board’s', async () => {
    const answer = await call('PUT', DECLINE, BOARD_DECLINE);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ ...BOARD_DECLINE, is_default: false, updated_by: 'admin' });
    expect((await list()).find((template) => template.key === 'application_declined')).toMatchObject({
      ...BOARD_DECLINE,
      is_default: false,
      updated_at: clock.now().toISOString(),
    });
    expect(await saved()).toMatchObject([
      { key: 'application_declined', locale: 'en', subject: BOARD_DECLINE.subject },
    ]);

    const second = { subject: 'About your application', body: BOARD_DECLINE.body };
    expect((await call('PUT', DECLINE, second)).statusCode).toBe(200);
    expect(await saved()).toHaveLength(1);
    expect(await audit()).toEqual([
      {
        action: 'mail_template.saved',
        entity_type: 'mail_template',
        details: {
          key: 'application_declined',
          locale: 'en',
          before: DEFAULT_TEMPLATES.application_declined,
          after: BOARD_DECLINE,
        },
      },
      {
        action: 'mail_template.saved',
        entity_type: 'mail_template',
        details: { key: 'application_declined', locale: 'en', before: BOARD_DECLINE, after: second },
      },
    ]);
  });

  it('refuses an unknown placeholder with 400 naming it, under its field, and saves nothing', async () => {
    const answer = await call('PUT', DECLINE, { subject: 'Hello', body: 'Dear {{nickname}}, no.' });
    expect(answer.statusCode).toBe(400);
    const error = answer.json();
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.error).toContain('{{nickname}}');
    expect(error.details).toEqual([{ path: 'body', message: error.error }]);

    const inSubject = await call('PUT', DECLINE, { subject: 'For {{team_name}}', body: 'Hi {{name}}' });
    expect(inSubject.statusCode).toBe(400);
    expect(inSubject.json().details).toEqual([
      {
        path: 'subject',
        message:
          'This email does not know the placeholder {{team_name}}. It knows {{name}}, {{app_url}}, {{review_notes}}.',
      },
    ]);

    for (const body of ['{{#review_notes}}never closed', 'closed {{/review_notes}}', 'Hi {{first name}}']) {
      const refused = await call('PUT', DECLINE, { subject: 'Hello', body });
      expect(refused.statusCode, body).toBe(400);
      expect(refused.json().details[0].path).toBe('body');
    }
    expect(await saved()).toEqual([]);
    expect(await audit()).toEqual([]);
  });

  it('holds the lengths and refuses an empty subject or body, and a template that does not exist', async () => {
    const tooLong = await call('PUT', DECLINE, { subject: 'Hi', body: 'x'.repeat(MAIL_TEMPLATE_BODY_MAX + 1) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details[0].path).toBe('body');
    expect((await call('PUT', DECLINE, { subject: 'x'.repeat(201), body: 'Hi' })).statusCode).toBe(400);
    expect((await call('PUT', DECLINE, { subject: '   ', body: 'Hi' })).statusCode).toBe(400);
    expect((await call('PUT', `${URL}/board_message`, BOARD_DECLINE)).statusCode).toBe(404);
    expect((await call('PUT', `${URL}/toString`, BOARD_DECLINE)).statusCode).toBe(404);
    expect((await call('DELETE', `${URL}/nope`)).statusCode).toBe(404);
    expect((await call('POST', `${URL}/nope/preview`, BOARD_DECLINE)).statusCode).toBe(404);
    expect(await saved()).toEqual([]);
  });

  it('previews unsaved wording for a sample candidate, as text and as HTML, and saves nothing', async () => {
    const answer = await call('POST', `${DECLINE}/preview`, BOARD_DECLINE);
    expect(answer.statusCode).toBe(200);
    const preview = answer.json();
    expect(preview.subject).toBe('Your application to the club, Amina');
    expect(preview.text).toContain('# Dear Amina\n\nNot this time, sorry: **keep building**.');
    expect(preview.text).toContain('The board adds:\n> Your motivation stood out.');
    expect(preview.text).toContain('Your tracker: http://localhost:3000/apply');
    expect(preview.html).toContain('<strong>keep building</strong>');
    expect(preview.html).toMatch(/<blockquote[^>]*>\s*<p[^>]*>Your motivation stood out\./);
    expect(preview.html).toMatch(/<a href="http:\/\/localhost:3000\/apply" style="[^"]+">Your tracker<\/a>/);

    const board = await call('POST', `${DECLINE}/preview`, {
      subject: 'Hi',
      body: 'Raw <b>HTML</b> [x](javascript:alert(1))',
    });
    expect(board.json().html).toContain('Raw &lt;b&gt;HTML&lt;/b&gt;');
    expect(board.json().html).not.toContain('href="javascript:');

    const unknown = await call('POST', `${DECLINE}/preview`, { subject: 'Hi', body: '{{score}}' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toContain('{{score}}');
    expect(await saved()).toEqual([]);
  });

  it('restores the default, audited, and restoring a default changes nothing', async () => {
    await call('PUT', DECLINE, BOARD_DECLINE);
    const restored = await call('DELETE', DECLINE);
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ ...DEFAULT_TEMPLATES.application_declined, is_default: true });
    expect(await saved()).toEqual([]);
    expect((await call('DELETE', DECLINE)).statusCode).toBe(200);
    expect((await audit()).map((entry) => [entry.action, entry.details])).toEqual([
      ['mail_template.saved', expect.anything()],
      [
        'mail_template.restored',
        {
          key: 'application_declined',
          locale: 'en',
          before: BOARD_DECLINE,
          after: DEFAULT_TEMPLATES.application_declined,
        },
      ],
    ]);
  });

  it('sends a decline in the board’s saved wording, values escaped, and in the default once restored', async () => {
    await call('PUT', DECLINE, BOARD_DECLINE);
    const review = async (login: string, notes: string) => {
      const { userId } = await pendingApplicant(t, clock, login);
      const { id } = await t.database.db
        .selectFrom('applications')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      const answer = await call('PUT', `/api/admin/applications/${id}/review`, {
        status: 'declined',
        review_notes: notes,
      });
      expect(answer.statusCode).toBe(200);
      clock.advance(HOLD_MS);
      await t.app.mail.flush();
      return smtp.received.at(-1)!;
    };

    const mail = await review('carol', 'Show us a <b>project</b>\nand *more*');
    expect(mail.subject).toBe('Your application to the club, Carol');
    expect(mail.text).toContain('# Dear Carol\n\nNot this time, sorry: **keep building**.');
    expect(mail.text).toContain('The board adds:\n> Show us a <b>project</b>\n> and *more*');
    expect(mail.text).not.toContain('decided not to move forward');
    expect(mail.html).toContain('Show us a &#60;b&#62;project&#60;/b&#62;<br>\nand *more*');
    expect(mail.html).toContain('<strong>keep building</strong>');

    await call('DELETE', DECLINE);
    const restored = await review('dave', '');
    expect(restored.subject).toBe('About your application to the 1337 Robotics Club');
    expect(restored.text).toContain('decided not to move forward with it this time');
    // No note: its section is left out, label and all.
    expect(restored.text).not.toContain('A note from the board');
  });
});
