import type { Db } from './database';

/** The tables that work as an outbox: rows `pending` until sent, tried again at `next_attempt_at`. */
type OutboxTable = 'mail_outbox' | 'webhook_deliveries';

/**
 * Takes up to `limit` due pending rows of an outbox for this process: one conditional UPDATE
 * counts the attempt and moves `next_attempt_at` to the end of a lease, so that no other process
 * sees them as due while this one sends (a process that dies mid-send leaves them to be claimed
 * again when the lease ends). Of two processes claiming at once, each row goes to one of them
 * (PostgreSQL re-checks the WHERE on a row another transaction changed; SQLite writes one at a
 * time). Answers the ids claimed, in order.
 */
export async function claimDue(
  db: Db,
  table: OutboxTable,
  options: { now: string; leaseUntil: string; limit: number },
): Promise<number[]> {
  const due = db
    .selectFrom(table)
    .select('id')
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', options.now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(options.limit);
  const rows = await db
    .updateTable(table)
    .set((eb) => ({ attempts: eb('attempts', '+', 1), next_attempt_at: options.leaseUntil }))
    .where('id', 'in', due)
    .where('status', '=', 'pending')
    .where('next_attempt_at', '<=', options.now)
    .returning('id')
    .execute();
  return rows.map((row) => row.id).sort((a, b) => a - b);
}
