import type { Insertable } from 'kysely';
import type { WebhookEvent } from '../../../contract/webhooks';
import type { Db, Executor } from '../../db/database';
import { claimDue } from '../../db/outbox-claim';
import type { WebhookDeliveriesTable, WebhookDeliveryRow, WebhookRow, WebhooksTable } from '../../db/schema';

export async function insertWebhook(db: Executor, values: Insertable<WebhooksTable>): Promise<WebhookRow> {
  return db.insertInto('webhooks').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function listWebhooks(db: Executor): Promise<WebhookRow[]> {
  return db.selectFrom('webhooks').selectAll().orderBy('id').execute();
}

export async function countWebhooks(db: Executor): Promise<number> {
  const row = await db
    .selectFrom('webhooks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function findWebhook(db: Executor, id: number): Promise<WebhookRow | undefined> {
  return db.selectFrom('webhooks').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Deletes the webhook and, by cascade, its deliveries and their attempts. */
export async function deleteWebhook(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('webhooks').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function insertDeliveries(db: Executor, rows: Insertable<WebhookDeliveriesTable>[]): Promise<void> {
  if (rows.length) await db.insertInto('webhook_deliveries').values(rows).execute();
}

/** A due delivery with what sending it needs: its webhook's address and secret. */
export type DueDelivery = WebhookDeliveryRow & { url: string; secret: string };

/** Claims due pending deliveries for this process (see claimDue), with their webhook's address and secret. */
export async function claimDueDeliveries(
  db: Db,
  options: { now: string; leaseUntil: string; limit: number },
): Promise<DueDelivery[]> {
  const ids = await claimDue(db, 'webhook_deliveries', options);
  if (ids.length === 0) return [];
  return db
    .selectFrom('webhook_deliveries')
    .innerJoin('webhooks', 'webhooks.id', 'webhook_deliveries.webhook_id')
    .selectAll('webhook_deliveries')
    .select(['webhooks.url', 'webhooks.secret'])
    .where('webhook_deliveries.id', 'in', ids)
    .orderBy('webhook_deliveries.id')
    .execute();
}

export type AttemptRecord = {
  attempted_at: string;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
};

/**
 * Records an attempt and where it leaves the delivery: delivered, due again at `retryAt`, or
 * given up (failed) when that is null. One transaction, so an attempt is never listed without
 * its outcome.
 */
export async function recordAttempt(
  db: Db,
  deliveryId: number,
  attempt: AttemptRecord,
  outcome: { delivered: true } | { delivered: false; retryAt: string | null },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({ delivery_id: deliveryId, ...attempt })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set(
        outcome.delivered
          ? { status: 'delivered', delivered_at: attempt.attempted_at }
          : outcome.retryAt
            ? { next_attempt_at: outcome.retryAt }
            : { status: 'failed' },
      )
      .where('id', '=', deliveryId)
      .where('status', '=', 'pending')
      .execute();
  });
}

/** A delivery with its attempts listed (in place of their count). */
export type DeliveryWithAttempts = Omit<WebhookDeliveryRow, 'attempts'> & { attempts: AttemptRecord[] };

/** A page of the webhook's deliveries, newest first, with every attempt of each. */
export async function listDeliveries(
  db: Executor,
  webhookId: number,
  page: { limit: number; offset: number },
): Promise<{ data: DeliveryWithAttempts[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('webhook_deliveries')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .where('webhook_id', '=', webhookId)
      .executeTakeFirstOrThrow(),
  ]);
  const attempts = rows.length
    ? await db
        .selectFrom('webhook_attempts')
        .select(['delivery_id', 'attempted_at', 'status_code', 'error', 'duration_ms'])
        .where(
          'delivery_id',
          'in',
          rows.map((row) => row.id),
        )
        .orderBy('id')
        .execute()
    : [];
  return {
    data: rows.map(({ attempts: _count, ...row }) => ({
      ...row,
      attempts: attempts
        .filter((attempt) => attempt.delivery_id === row.id)
        .map(({ delivery_id: _delivery, ...attempt }) => attempt),
    })),
    total: Number(count.total),
  };
}

/** The webhooks subscribed to `event` (the events column is a small JSON array). */
export async function webhooksFor(db: Executor, event: WebhookEvent): Promise<WebhookRow[]> {
  const all = await listWebhooks(db);
  return all.filter((webhook) => (JSON.parse(webhook.events) as string[]).includes(event));
}
