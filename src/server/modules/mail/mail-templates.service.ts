import type { z } from 'zod';
import { say } from '../../../contract/i18n';
import type { Locale } from '../../../contract/locales';
import {
  MAIL_PLACEHOLDERS,
  MAIL_TEMPLATES,
  type MailPreview,
  type MailTemplate,
  type MailTemplateKey,
  type mailTemplateInputSchema,
} from '../../../contract/mail-templates';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, notFound, type ErrorDetail } from '../../errors';
import { recordAudit } from '../audit';
import { readSetting } from '../../read-model/settings';
import { speaking } from '../../i18n';
import { defaultTemplate, sampleValues } from './mail-defaults';
import { formatMoment, renderTemplate } from './mail-templates';
import {
  deleteSavedTemplate,
  findSavedTemplate,
  listSavedTemplates,
  saveTemplate,
  type SavedTemplateRow,
} from './mail-templates.repository';
import { parseTemplate } from './template';

type Input = z.output<typeof mailTemplateInputSchema>;

function templateKey(key: string): MailTemplateKey {
  if (!Object.hasOwn(MAIL_TEMPLATES, key)) throw notFound(/*i18n*/ 'There is no such email template.');
  return key as MailTemplateKey;
}

/**
 * Refuses a subject or body that uses a placeholder the template does not know, or a section
 * left open: 400, the first problem as the sentence, each under the field it is in, all told in
 * the reader's language by the error handler.
 */
function checkPlaceholders(key: MailTemplateKey, input: Input): void {
  const known = MAIL_TEMPLATES[key].placeholders;
  const details: ErrorDetail[] = (['subject', 'body'] as const).flatMap((field) =>
    parseTemplate(input[field], known).problems.map(({ sentence, values }) => ({
      path: field,
      message: sentence,
      values,
    })),
  );
  const [first] = details;
  if (first) throw badRequest({ sentence: first.message, values: first.values }, 'VALIDATION_FAILED', details);
}

/**
 * Who reads what: `locale` is the language of the wording (the query's), `reader` the language of
 * the board member reading the page, in which the names and descriptions are answered.
 */
type Languages = { locale: Locale; reader: Locale };

function view(key: MailTemplateKey, saved: SavedTemplateRow | undefined, { locale, reader }: Languages): MailTemplate {
  const { title, sent, placeholders } = MAIL_TEMPLATES[key];
  const text = saved ?? defaultTemplate(key, locale);
  return speaking(reader, () => ({
    key,
    title: say(title),
    sent: say(sent),
    subject: text.subject,
    body: text.body,
    placeholders: placeholders.map((name) => ({ name, description: say(MAIL_PLACEHOLDERS[name]) })),
    is_default: !saved,
    updated_at: saved?.updated_at ?? null,
    updated_by: saved?.updated_by ?? null,
  }));
}

/**
 * The board's wording of the notification emails (docs/decisions/0120-mail-templates.md), one
 * per language (docs/decisions/0128-languages.md).
 */
export function createMailTemplatesService(deps: Deps) {
  const { db, clock, config } = deps;

  async function one(key: MailTemplateKey, languages: Languages): Promise<MailTemplate> {
    const saved = (await listSavedTemplates(db, languages.locale)).find((row) => row.key === key);
    return view(key, saved, languages);
  }

  return {
    async list(languages: Languages): Promise<{ data: MailTemplate[] }> {
      const saved = new Map((await listSavedTemplates(db, languages.locale)).map((row) => [row.key, row]));
      return {
        data: Object.keys(MAIL_TEMPLATES).map((key) => view(key as MailTemplateKey, saved.get(key), languages)),
      };
    },

    /** Saves the board's version, audited with the wording before (the default, or its last save) and after. */
    async save(rawKey: string, input: Input, admin: UserRow, languages: Languages): Promise<MailTemplate> {
      const key = templateKey(rawKey);
      checkPlaceholders(key, input);
      const { locale } = languages;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = (await findSavedTemplate(trx, key, locale)) ?? defaultTemplate(key, locale);
        await saveTemplate(trx, { key, ...input, updated_by: admin.id, updated_at: now.toISOString() }, locale);
        await recordAudit(trx, {
          action: 'mail_template.saved',
          entity_type: 'mail_template',
          entity_id: null,
          actor: admin,
          details: {
            key,
            locale,
            before: { subject: before.subject, body: before.body },
            after: { subject: input.subject, body: input.body },
          },
          at: now,
        });
      });
      return one(key, languages);
    },

    /** Puts the default back; audited only when the board had a version of its own. */
    async restore(rawKey: string, admin: UserRow, languages: Languages): Promise<MailTemplate> {
      const key = templateKey(rawKey);
      const { locale } = languages;
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const before = await findSavedTemplate(trx, key, locale);
        if (!before || !(await deleteSavedTemplate(trx, key, locale))) return;
        await recordAudit(trx, {
          action: 'mail_template.restored',
          entity_type: 'mail_template',
          entity_id: null,
          actor: admin,
          details: { key, locale, before, after: defaultTemplate(key, locale) },
          at: now,
        });
      });
      return one(key, languages);
    },

    /** The template as a sample candidate reading `locale` would receive it; nothing is saved. */
    async preview(rawKey: string, input: Input, locale: Locale): Promise<MailPreview> {
      const key = templateKey(rawKey);
      checkPlaceholders(key, input);
      const timeZone = await readSetting(db, 'time_zone');
      return speaking(locale, () => {
        const moment = (iso: string) => formatMoment(iso, timeZone);
        const values = { ...sampleValues(clock.now(), moment), app_url: config.publicUrl };
        const { subject, text, html } = renderTemplate(key, input, values, locale);
        return { subject, text, html };
      });
    },
  };
}
