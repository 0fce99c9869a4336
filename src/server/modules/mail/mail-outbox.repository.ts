import type { Insertable } from 'kysely';
import type { Db, Executor } from '../../db/database';
import { claimDue } from '../../db/outbox-claim';
import type { MailOutboxRow, MailOutboxTable } from '../../db/schema';
import type { Locale } from '../../../contract/locales';

const IDS_PER_QUERY = 500;
const ROWS_PER_INSERT = 200;

export type RecipientRow = {
  id: number;
  email: string;
  first_name: string | null;
  intra_login: string;
  locale: Locale | null;
  sign_in_locale: Locale | null;
};

/** The users among `userIds` who have an email address; the others get no mail. */
export async function findRecipients(db: Executor, userIds: number[]): Promise<RecipientRow[]> {
  const found: RecipientRow[] = [];
  for (let i = 0; i < userIds.length; i += IDS_PER_QUERY) {
    const rows = await db
      .selectFrom('users')
      .select(['id', 'email', 'first_name', 'intra_login', 'locale', 'sign_in_locale'])
      .where('id', 'in', userIds.slice(i, i + IDS_PER_QUERY))
      .where('email', 'is not', null)
      .where('email', '<>', '')
      .orderBy('id')
      .execute();
    found.push(...rows.map((row) => ({ ...row, email: row.email! })));
  }
  return found;
}

export async function insertMails(db: Executor, rows: Insertable<MailOutboxTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('mail_outbox')
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .execute();
  }
}

/** Claims due pending mails for this process (see claimDue) and answers them, oldest first. */
export async function claimDueMails(
  db: Db,
  options: { now: string; leaseUntil: string; limit: number },
): Promise<MailOutboxRow[]> {
  const ids = await claimDue(db, 'mail_outbox', options);
  if (ids.length === 0) return [];
  return db.selectFrom('mail_outbox').selectAll().where('id', 'in', ids).orderBy('id').execute();
}

export async function markMailSent(db: Db, id: number, at: string): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ status: 'sent', sent_at: at, last_error: null })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Records a failed attempt: the mail waits until `retryAt`, or is given up when that is null. */
export async function markMailAttemptFailed(
  db: Db,
  id: number,
  failure: { error: string; retryAt: string | null },
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set(
      failure.retryAt
        ? { last_error: failure.error, next_attempt_at: failure.retryAt }
        : { last_error: failure.error, status: 'failed' },
    )
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

export async function listRecentMails(db: Executor, limit: number): Promise<MailOutboxRow[]> {
  return db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
