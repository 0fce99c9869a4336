import type { Kysely } from 'kysely';

/**
 * A decision's mail and webhook deliveries wait out its undo window (decision 0119): they carry
 * the decision's `hold_key`, by which an undo withdraws those not yet sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['mail_outbox', 'webhook_deliveries']) {
    await db.schema.alterTable(table).addColumn('hold_key', 'text').execute();
    await db.schema.createIndex(`${table}_hold_key`).on(table).column('hold_key').execute();
  }
}
