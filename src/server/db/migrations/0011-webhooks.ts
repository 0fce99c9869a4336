import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * The board's webhooks (decision 0114): each subscribes an address to some events. Their
 * deliveries are an outbox like the mails': written in the transaction of the change, sent after
 * it commits, retried with backoff; every attempt is kept for the board to see.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);

  await db.schema
    .createTable('webhooks')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('url', 'text', (c) => c.notNull())
    // A JSON array of event names.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull().check(sql`format in ('json', 'discord')`))
    // Signs each delivery (HMAC-SHA256): it must be readable, so it is kept as it is.
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('webhook_id', 'integer', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'delivered', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('next_attempt_at', t.timestamp, (c) => c.notNull())
    .addColumn('delivered_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  // Only pending deliveries are looked for by time: the index stays as small as the backlog.
  await db.schema
    .createIndex('webhook_deliveries_due')
    .on('webhook_deliveries')
    .columns(['next_attempt_at', 'id'])
    .where(sql.ref('status'), '=', 'pending')
    .execute();
  await db.schema
    .createIndex('webhook_deliveries_webhook')
    .on('webhook_deliveries')
    .columns(['webhook_id', 'id'])
    .execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('delivery_id', 'integer', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('attempted_at', t.timestamp, (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempts_delivery')
    .on('webhook_attempts')
    .columns(['delivery_id', 'id'])
    .execute();
}
