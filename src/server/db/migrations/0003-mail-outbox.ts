import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * The transactional outbox of the notification emails (decision 0060): a service writes its
 * mails in the transaction of its change, a worker sends them after the commit.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    // The recipient may be deleted later; the mail keeps its address.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    // outbox: written while no SMTP server was configured, kept for /dev/mail and never sent.
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('outbox', 'pending', 'sent', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // Only pending mails are ever looked for by time: the index stays as small as the backlog.
  await db.schema
    .createIndex('mail_outbox_due')
    .on('mail_outbox')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema.createIndex('mail_outbox_user_id').on('mail_outbox').column('user_id').execute();
}
