import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { DB } from '../../db/schema';

export type Actor = { id: number; intra_login: string } | null;

export type AuditEntry = {
  action: string;
  entity_type: string;
  entity_id: number | null;
  actor: Actor;
  details?: Record<string, unknown>;
  at: Date;
};

/** Writes one audit entry, inside the caller's transaction so it lands with the change or not at all. */
export async function recordAudit(db: Db | Transaction<DB>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_logs')
    .values({
      action: entry.action,
      entity_type: entry.entity_type,
      entity_id: entry.entity_id,
      user_id: entry.actor?.id ?? null,
      user_name: entry.actor?.intra_login ?? null,
      details: entry.details ? JSON.stringify(entry.details) : null,
      created_at: entry.at.toISOString(),
    })
    .execute();
  await db
    .insertInto('audit_actions')
    .values({ action: entry.action })
    .onConflict((conflict) => conflict.column('action').doNothing())
    .execute();
}
