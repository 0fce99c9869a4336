import { sql, type ExpressionBuilder, type Transaction } from 'kysely';
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

const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The log, newest first. The action filter is a substring: it is resolved against the small
 * table of distinct actions first, so the big table is read through its (action, id) index.
 */
export async function listAuditLogs(
  db: Db,
  filter: { action?: string; entity_type?: string; limit: number; offset: number },
) {
  let actions: string[] | undefined;
  if (filter.action) {
    actions = (
      await db
        .selectFrom('audit_actions')
        .select('action')
        .where(sql<boolean>`lower(action) like ${likePattern(filter.action)} escape '\\'`)
        .execute()
    ).map((row) => row.action);
    if (actions.length === 0) return { data: [], total: 0 };
  }
  const where = (eb: ExpressionBuilder<DB, 'audit_logs'>) =>
    eb.and([
      ...(actions ? [eb('action', 'in', actions)] : []),
      ...(filter.entity_type ? [eb('entity_type', '=', filter.entity_type)] : []),
    ]);
  const [rows, count] = await Promise.all([
    db
      .selectFrom('audit_logs')
      .selectAll()
      .where(where)
      .orderBy('id', 'desc')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    db
      .selectFrom('audit_logs')
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    data: rows.map((row) => ({
      ...row,
      details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
    })),
    total: count.total,
  };
}
