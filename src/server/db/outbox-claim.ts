import type { Db, Executor } from './database';

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

/**
 * Deletes the rows held for `key` (decision 0119) that have not gone out: never tried and not
 * yet due, so no process has claimed them. Answers how many were withdrawn.
 */
export async function withdrawHeld(db: Executor, table: OutboxTable, key: string, now: string): Promise<number> {
  const result = await db
    .deleteFrom(table)
    .where('hold_key', '=', key)
    .where('attempts', '=', 0)
    .where('next_attempt_at', '>', now)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
