import { sql, type ExpressionBuilder } from 'kysely';
import type { AuditAction, AuditEntityType } from '../../../contract/audit';
import type { Db, Executor } from '../../db/database';
import type { AuditLogRow, DB } from '../../db/schema';
import { likePattern } from '../../db/like-pattern';

export type Actor = { id: number; intra_login: string } | null;

export type AuditEntry = {
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: number | null;
  actor: Actor;
  details?: Record<string, unknown>;
  at: Date;
};

/** Writes one audit entry, inside the caller's transaction so it lands with the change or not at all. */
/** An audit entry's details for an update: each changed field's value before, and the changes. */
export function changeDetails<T extends object>(
  before: T,
  after: Partial<T>,
): { before: Partial<T>; after: Partial<T> } {
  return {
    before: Object.fromEntries(Object.keys(after).map((key) => [key, before[key as keyof T]])) as Partial<T>,
    after,
  };
}

export async function recordAudit(db: Executor, entry: AuditEntry): Promise<void> {
  // The counter's row lock, held to the commit, is what keeps ranks gapless and in id order.
  if (!db.isTransaction) return db.transaction().execute((trx) => recordAudit(trx, entry));
  // Counter first, so the entry's id is drawn while the key is held (decision 0100).
  const { n } = await db
    .insertInto('audit_counts')
    .values({ action: entry.action, entity_type: entry.entity_type, n: 1 })
    .onConflict((conflict) =>
      conflict.columns(['action', 'entity_type']).doUpdateSet((eb) => ({ n: eb('audit_counts.n', '+', 1) })),
    )
    .returning('n')
    .executeTakeFirstOrThrow();
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
      key_seq: n,
    })
    .execute();
}

type AuditFilter = { action?: string; entity_type?: string; limit: number; offset: number };
type Key = { action: string; entity_type: string; n: number };

/** Beyond this many entries to skip, a page across several keys is found by a search on ids. */
export const AUDIT_SKIP_WINDOW = 200;

/**
 * The log, newest first, as `{ data, total }` pages, at the same cost on page 1 and page
 * 20,000 (decision 0100). The filters pick keys (action substring, exact entity_type) in the
 * small table of counters, whose sum is the total; one key's page is a seek on its ranks,
 * several keys' a merge of their newest entries below an id bound found by search.
 */
export async function listAuditLogs(db: Db, filter: AuditFilter, skipWindow = AUDIT_SKIP_WINDOW) {
  const keys = await db
    .selectFrom('audit_counts')
    .select((eb) => [
      'action',
      'entity_type',
      'n',
      // Where a search on ids starts; an index's last entry, read along to save a round trip.
      eb
        .selectFrom('audit_logs')
        .select((inner) => inner.fn.max('audit_logs.id').as('id'))
        .as('newest_id'),
    ])
    .where(keyFilter(filter))
    .execute();
  const total = keys.reduce((sum, key) => sum + key.n, 0);
  if (filter.offset >= total) return { data: [], total };
  const rows =
    keys.length === 1
      ? await pageOfOneKey(db, keys[0]!, filter)
      : await pageAcrossKeys(
          db,
          keys,
          filter,
          filter.offset > skipWindow
            ? await idBound(db, filter, total, Number(keys[0]!.newest_id), skipWindow)
            : undefined,
        );
  return { data: rows.map(({ key_seq: _rank, ...row }) => withDetails(row)), total };
}

/** An entry with its details read back from their JSON. */
const withDetails = <T extends { action: string; details: string | null }>(row: T) => ({
  ...row,
  action: writtenAction(row.action),
  details: row.details ? (JSON.parse(row.details) as Record<string, unknown>) : null,
});

/** A stored action as the contract types it: `recordAudit`, typed by AUDIT_ACTIONS, writes every one. */
export const writtenAction = (action: string) => action as AuditAction;

/** An entity the log speaks about; `action` keeps only the entries of that action. */
export type AuditSubject = { entity_type: AuditEntityType; entity_id: number; action?: AuditAction };

/**
 * The newest entries about these entities, newest first, at most `limit`: each subject's newest
 * from the (entity_type, entity_id, id) index, merged, so a long history costs one short seek each.
 */
export async function entriesAbout(db: Executor, subjects: AuditSubject[], limit: number) {
  const newest = (subject: AuditSubject) =>
    db
      .selectFrom(
        db
          .selectFrom('audit_logs')
          .select(['id', 'action', 'user_id', 'user_name', 'details', 'created_at'])
          .where('entity_type', '=', subject.entity_type)
          .where('entity_id', '=', subject.entity_id)
          .$if(subject.action !== undefined, (query) => query.where('action', '=', subject.action!))
          .orderBy('id', 'desc')
          .limit(limit)
          .as('entries'),
      )
      .selectAll();
  if (subjects.length === 0) return [];
  const merged = subjects.slice(1).reduce((union, subject) => union.unionAll(newest(subject)), newest(subjects[0]!));
  const rows = await db.selectFrom(merged.as('about')).selectAll().orderBy('id', 'desc').limit(limit).execute();
  return rows.map(withDetails);
}

/**
 * Every entry the filters select, newest first, a page at a time, for the CSV export: the keys
 * come from the counters as for a page, then each page is a seek below the last id read.
 */
export async function* eachAuditLogForExport(db: Db, filter: Omit<AuditFilter, 'limit' | 'offset'>, pageSize = 500) {
  const keys = await db.selectFrom('audit_counts').select(['action', 'entity_type']).where(keyFilter(filter)).execute();
  if (keys.length === 0) return;
  const everything = !filter.action && !filter.entity_type;
  let before: number | undefined;
  for (;;) {
    const rows = await db
      .selectFrom('audit_logs')
      .select(['id', 'created_at', 'action', 'entity_type', 'entity_id', 'user_id', 'user_name', 'details'])
      .$if(before !== undefined, (query) => query.where('id', '<', before!))
      .$if(!everything, (query) =>
        query.where((eb) =>
          eb.or(keys.map((key) => eb.and([eb('action', '=', key.action), eb('entity_type', '=', key.entity_type)]))),
        ),
      )
      .orderBy('id', 'desc')
      .limit(pageSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((row) => ({ ...row, action: writtenAction(row.action) }));
    before = rows[rows.length - 1]!.id;
  }
}

const keyFilter = (filter: Omit<AuditFilter, 'limit' | 'offset'>) => (eb: ExpressionBuilder<DB, 'audit_counts'>) =>
  eb.and([
    ...(filter.action
      ? [sql<boolean>`lower(${eb.ref('audit_counts.action')}) like ${likePattern(filter.action)} escape '\\'`]
      : []),
    ...(filter.entity_type ? [eb('audit_counts.entity_type', '=', filter.entity_type)] : []),
  ]);

/** Ranks run 1..n in id order, so the entry `offset` places below the newest has rank n - offset. */
async function pageOfOneKey(db: Db, key: Key, filter: AuditFilter): Promise<AuditLogRow[]> {
  return db
    .selectFrom('audit_logs')
    .selectAll()
    .where('action', '=', key.action)
    .where('entity_type', '=', key.entity_type)
    .where('key_seq', '<=', key.n - filter.offset)
    .orderBy('key_seq', 'desc')
    .limit(filter.limit)
    .execute();
}

/**
 * The newest entries of the keys with an id below `bound.id` (all of them without a bound),
 * skipping what the bound has not already passed: each key gives its newest entries from its
 * index, and the database merges them.
 */
async function pageAcrossKeys(
  db: Db,
  keys: Key[],
  filter: AuditFilter,
  bound: { id: number; newer: number } | undefined,
): Promise<AuditLogRow[]> {
  const skip = filter.offset - (bound?.newer ?? 0);
  const newestOf = (key: Key, index: number) =>
    db
      .selectFrom(
        db
          .selectFrom('audit_logs')
          .select('id')
          .where('action', '=', key.action)
          .where('entity_type', '=', key.entity_type)
          .$if(bound !== undefined, (query) => query.where('id', '<', bound!.id))
          .orderBy('id', 'desc')
          .limit(skip + filter.limit)
          .as(`key_${index}`),
      )
      .select('id');
  const merged = keys
    .slice(1)
    .reduce((union, key, index) => union.unionAll(newestOf(key, index + 1)), newestOf(keys[0]!, 0));
  const page = db
    .selectFrom(merged.as('merged'))
    .select('merged.id')
    .orderBy('merged.id', 'desc')
    .limit(filter.limit)
    .offset(skip);
  return db.selectFrom('audit_logs').selectAll().where('id', 'in', page).orderBy('id', 'desc').execute();
}

/**
 * An id such that the entries of the filter at or above it number `newer`, with
 * offset - skipWindow <= newer <= offset: the page then starts at most skipWindow entries
 * below it. "Entries at or above id x" is one index seek per key (the first rank at or above
 * x, subtracted from the key's count), so the search interpolates on ids and bisects when
 * that stalls, a handful of queries for a million entries.
 */
async function idBound(db: Db, filter: AuditFilter, total: number, newestId: number, skipWindow: number) {
  const newerThan = async (id: number) => {
    const keys = await db
      .selectFrom('audit_counts')
      .select((eb) => [
        'audit_counts.n',
        eb
          .selectFrom('audit_logs')
          .select('audit_logs.key_seq')
          .whereRef('audit_logs.action', '=', 'audit_counts.action')
          .whereRef('audit_logs.entity_type', '=', 'audit_counts.entity_type')
          .where('audit_logs.id', '>=', id)
          .orderBy('audit_logs.id')
          .limit(1)
          .as('first_rank'),
      ])
      .where(keyFilter(filter))
      .execute();
    return keys.reduce((sum, key) => sum + (key.first_rank === null ? 0 : key.n - key.first_rank + 1), 0);
  };
  // Invariant: more than `offset` entries at or above `low`, at most `offset` at or above `high`.
  let [low, atLow] = [0, total];
  let [high, atHigh] = [newestId + 1, 0];
  let bisect = false;
  while (filter.offset - atHigh > skipWindow && high - low > 1) {
    const before = high - low;
    const aim = filter.offset - skipWindow / 2;
    const guess = bisect
      ? Math.floor((low + high) / 2)
      : Math.round(high - ((aim - atHigh) * (high - low)) / (atLow - atHigh));
    const probe = Math.min(high - 1, Math.max(low + 1, guess));
    const newer = await newerThan(probe);
    if (newer > filter.offset) [low, atLow] = [probe, newer];
    else [high, atHigh] = [probe, newer];
    // Interpolation crawls where entries bunch up: a step that did not halve the range is followed by a bisection.
    bisect = !bisect && high - low > before / 2;
  }
  return { id: high, newer: atHigh };
}
