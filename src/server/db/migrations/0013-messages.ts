import type { Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * Messages from the board to a group of candidates (decision 0116): what was sent and to whom,
 * each recipient once (the primary key), with when they read it.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('messages')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    // The audience as the board chose it (JSON), for the list of what was sent.
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('sender_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('recipients', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('message_recipients')
    .addColumn('message_id', 'integer', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('read_at', t.timestamp)
    .addPrimaryKeyConstraint('message_recipients_pk', ['message_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('message_recipients_user')
    .on('message_recipients')
    .columns(['user_id', 'message_id'])
    .execute();
}
