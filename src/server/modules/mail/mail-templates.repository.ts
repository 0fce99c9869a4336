import type { Executor } from '../../db/database';

/** The language of every template until the app speaks others (decision 0120). */
export const DEFAULT_LOCALE = 'en';

export type SavedTemplateRow = {
  key: string;
  subject: string;
  body: string;
  updated_at: string;
  updated_by: string | null;
};

/** The board's saved templates of a language, with the login of whoever saved each. */
export async function listSavedTemplates(db: Executor, locale = DEFAULT_LOCALE): Promise<SavedTemplateRow[]> {
  return db
    .selectFrom('mail_templates')
    .leftJoin('users', 'users.id', 'mail_templates.updated_by')
    .select([
      'mail_templates.key',
      'mail_templates.subject',
      'mail_templates.body',
      'mail_templates.updated_at',
      'users.intra_login as updated_by',
    ])
    .where('mail_templates.locale', '=', locale)
    .orderBy('mail_templates.key')
    .execute();
}

export async function findSavedTemplate(
  db: Executor,
  key: string,
  locale = DEFAULT_LOCALE,
): Promise<{ subject: string; body: string } | undefined> {
  return db
    .selectFrom('mail_templates')
    .select(['subject', 'body'])
    .where('key', '=', key)
    .where('locale', '=', locale)
    .executeTakeFirst();
}

export async function saveTemplate(
  db: Executor,
  row: { key: string; subject: string; body: string; updated_by: number; updated_at: string },
  locale = DEFAULT_LOCALE,
): Promise<void> {
  const { subject, body, updated_by, updated_at } = row;
  await db
    .insertInto('mail_templates')
    .values({ ...row, locale })
    .onConflict((conflict) =>
      conflict.columns(['key', 'locale']).doUpdateSet({ subject, body, updated_by, updated_at }),
    )
    .execute();
}

/** Deletes the board's version; answers whether there was one. */
export async function deleteSavedTemplate(db: Executor, key: string, locale = DEFAULT_LOCALE): Promise<boolean> {
  const result = await db
    .deleteFrom('mail_templates')
    .where('key', '=', key)
    .where('locale', '=', locale)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
