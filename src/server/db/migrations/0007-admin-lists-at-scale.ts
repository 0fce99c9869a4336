import { sql, type Kysely } from 'kysely';

/**
 * The admin lists stay fast on a big club (decision 0100). The audit log answers any page in
 * a few index seeks, however long it grows:
 * one counter per (action, entity_type) gives exact totals without counting rows, and each
 * entry's `key_seq` (its rank within its counter, 1, 2, 3, ... in id order) turns an offset
 * into a seek. The counters replace `audit_actions`, whose rows they hold too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('audit_counts')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('n', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('audit_counts_pk', ['action', 'entity_type'])
    .execute();
  await db.schema.alterTable('audit_logs').addColumn('key_seq', 'integer').execute();
  await backfillAuditCounts(db);

  await db.schema.dropIndex('audit_logs_action_id').execute();
  await db.schema.dropIndex('audit_logs_entity_type_id').execute();
  // Also the guard of the counters: two entries can never share a rank.
  await db.schema
    .createIndex('audit_logs_key_seq')
    .unique()
    .on('audit_logs')
    .columns(['action', 'entity_type', 'key_seq'])
    .execute();
  // "How many entries of this key from id x on" is one seek: key_seq rides along in the index.
  await db.schema
    .createIndex('audit_logs_key_id')
    .on('audit_logs')
    .columns(['action', 'entity_type', 'id', 'key_seq'])
    .execute();
  await db.schema.dropTable('audit_actions').execute();

  // A member's recent activity reads the newest entries about them in index order.
  await db.schema.dropIndex('audit_logs_entity').execute();
  await db.schema
    .createIndex('audit_logs_entity')
    .on('audit_logs')
    .columns(['entity_type', 'entity_id', 'id'])
    .execute();

  // A member's journey counts their validated challenges; without it SQLite reads every
  // validated challenge of the club through (status, id) instead.
  await db.schema
    .createIndex('user_challenges_user_status')
    .on('user_challenges')
    .columns(['user_id', 'status'])
    .execute();
}

/** Ranks the entries already written and counts them per (action, entity_type). */
export async function backfillAuditCounts(db: Kysely<unknown>): Promise<void> {
  await sql`
    update audit_logs set key_seq = ranked.rank
    from (
      select id, row_number() over (partition by action, entity_type order by id) as rank from audit_logs
    ) as ranked
    where ranked.id = audit_logs.id`.execute(db);
  await sql`
    insert into audit_counts (action, entity_type, n)
    select action, entity_type, count(*) from audit_logs group by action, entity_type`.execute(db);
}
