import { sql } from 'kysely';
import { expect } from 'vitest';
import type { Database } from '../../../src/server/db/database';

type Row = Record<string, unknown>;

/** Every row of every table of the app, each table's rows in a stable order. */
export type DatabaseDump = { tables: Record<string, Row[]>; text: string };

/**
 * Kysely's bookkeeping: requests never write it, and a restore must not rewind the migrations.
 * Everything else is dumped, tables added later included.
 */
const MIGRATION_TABLES = new Set(['kysely_migration', 'kysely_migration_lock']);
/** Tables written only by the database's own triggers (migration 0047): dumped, never restored by hand. */
const KEPT_BY_TRIGGERS = new Set(['journey_steps']);

/** The app's tables, parents before the tables that reference them (found in the catalog). */
async function tablesInInsertOrder(database: Database): Promise<string[]> {
  const { db, engine } = database;
  let names: string[];
  let references: { child: string; parent: string }[];
  if (engine === 'sqlite') {
    names = (
      await sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
    ).rows.map((row) => row.name);
    references = [];
    for (const name of names) {
      const { rows } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(db);
      references.push(...rows.map((row) => ({ child: name, parent: row.table })));
    }
  } else {
    names = (
      await sql<{ name: string }>`select tablename as name from pg_tables where schemaname = current_schema()`.execute(
        db,
      )
    ).rows.map((row) => row.name);
    references = (
      await sql<{ child: string; parent: string }>`
        select conrelid::regclass::text as child, confrelid::regclass::text as parent
        from pg_constraint where contype = 'f' and connamespace = current_schema()::regnamespace`.execute(db)
    ).rows;
  }
  const tables = names.filter((name) => !MIGRATION_TABLES.has(name)).sort();
  const ordered: string[] = [];
  const visit = (table: string, path: string[]) => {
    if (ordered.includes(table)) return;
    if (path.includes(table)) throw new Error(`foreign keys form a cycle: ${[...path, table].join(' → ')}`);
    for (const { parent } of references.filter((ref) => ref.child === table && ref.parent !== table)) {
      visit(parent, [...path, table]);
    }
    ordered.push(table);
  };
  for (const table of tables) visit(table, []);
  return ordered;
}

const orderCache = new WeakMap<Database, Promise<string[]>>();
const insertOrder = (database: Database) => {
  let order = orderCache.get(database);
  if (!order) orderCache.set(database, (order = tablesInInsertOrder(database)));
  return order;
};

/** Reads every table; rows are sorted by their JSON text, so two dumps compare as strings (`text`). */
export async function dumpDatabase(database: Database): Promise<DatabaseDump> {
  const order = await insertOrder(database);
  const tables: Record<string, Row[]> = {};
  if (database.engine === 'postgres') {
    // One round trip for the whole database: the fuzz suite dumps after every request.
    const { rows } = await sql<{ name: string; rows: Row[] }>`${sql.join(
      order.map(
        (table) =>
          sql`select ${sql.lit(table)}::text as name, coalesce(json_agg(t), '[]'::json) as rows from ${sql.table(table)} t`,
      ),
      sql` union all `,
    )}`.execute(database.db);
    for (const row of rows) tables[row.name] = row.rows;
  } else {
    for (const table of order) {
      tables[table] = (await sql<Row>`select * from ${sql.table(table)}`.execute(database.db)).rows;
    }
  }
  // Each row is written as JSON once, to sort it and to compare: a row's JSON holds no line break.
  const text: string[] = [];
  for (const table of order) {
    const sorted = tables[table]!.map((row) => ({ row, text: JSON.stringify(row) })).sort((a, b) =>
      a.text < b.text ? -1 : a.text > b.text ? 1 : 0,
    );
    tables[table] = sorted.map(({ row }) => row);
    text.push(table, ...sorted.map((entry) => entry.text), '');
  }
  return { tables, text: text.join('\n') };
}

/**
 * Fails with `told` and what differs between the dumps, written out only when they differ: the
 * difference writes both dumps row by row again, for every check that passes too (decision 0191).
 */
export function expectUnchanged(before: DatabaseDump, after: DatabaseDump, told: string): void {
  if (after.text !== before.text) expect.fail(`${told}\n${describeDifference(before, after)}`);
}

/** What differs between two dumps, table by table, for a failure message a person can read. */
export function describeDifference(before: DatabaseDump, after: DatabaseDump): string {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const was = new Set((before.tables[table] ?? []).map((row) => JSON.stringify(row)));
    const now = new Set((after.tables[table] ?? []).map((row) => JSON.stringify(row)));
    for (const row of was) if (!now.has(row)) lines.push(`  ${table} lost    ${row}`);
    for (const row of now) if (!was.has(row)) lines.push(`  ${table} gained  ${row}`);
  }
  return lines.join('\n');
}

/** Each table's primary key columns. */
async function primaryKeys(database: Database, tables: string[]): Promise<Record<string, string[]>> {
  const { db, engine } = database;
  const keys: Record<string, string[]> = {};
  if (engine === 'sqlite') {
    for (const table of tables) {
      const { rows } = await sql<{
        name: string;
      }>`select name from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db);
      keys[table] = rows.map((row) => row.name);
    }
  } else {
    const { rows } = await sql<{ table: string; column: string }>`
      select c.relname as "table", a.attname as "column"
      from pg_index i
      join pg_class c on c.oid = i.indrelid
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
      where i.indisprimary and c.relnamespace = current_schema()::regnamespace`.execute(db);
    for (const row of rows) (keys[row.table] ??= []).push(row.column);
  }
  for (const table of tables) {
    if (!keys[table]?.length) throw new Error(`table ${table} has no primary key: the snapshot cannot restore it`);
  }
  return keys;
}

const keyCache = new WeakMap<Database, Promise<Record<string, string[]>>>();

/**
 * Puts the database back as `target` has it, touching only the rows that differ from `current`
 * (a dump taken now): rows that appeared are deleted (children first), rows that disappeared are
 * inserted again with their ids and rows that changed are updated (parents first), in one
 * transaction.
 */
export async function restoreDatabase(database: Database, target: DatabaseDump, current?: DatabaseDump): Promise<void> {
  const now = current ?? (await dumpDatabase(database));
  if (now.text === target.text) return;
  const order = await insertOrder(database);
  let keys = keyCache.get(database);
  if (!keys) keyCache.set(database, (keys = primaryKeys(database, order)));
  const pk = await keys;
  const keyOf = (table: string, row: Row) => JSON.stringify(pk[table]!.map((column) => row[column]));

  // A table the database's triggers keep follows the rows restored, as it follows any write.
  const changes = order
    .filter((table) => !KEPT_BY_TRIGGERS.has(table))
    .map((table) => {
      const wanted = new Map((target.tables[table] ?? []).map((row) => [keyOf(table, row), row]));
      const present = new Map((now.tables[table] ?? []).map((row) => [keyOf(table, row), row]));
      return {
        table,
        remove: [...present.keys()].filter((key) => !wanted.has(key)).map((key) => present.get(key)!),
        put: [...wanted.entries()]
          .filter(([key, row]) => JSON.stringify(present.get(key)) !== JSON.stringify(row))
          .map(([key, row]) => ({ row, exists: present.has(key) })),
      };
    });

  await database.db.transaction().execute(async (trx) => {
    const matching = (table: string, row: Row) =>
      sql.join(
        pk[table]!.map((column) => sql`${sql.ref(column)} = ${row[column]}`),
        sql` and `,
      );
    for (const { table, remove } of [...changes].reverse()) {
      for (const row of remove) await sql`delete from ${sql.table(table)} where ${matching(table, row)}`.execute(trx);
    }
    for (const { table, put } of changes) {
      for (const { row, exists } of put) {
        if (exists) {
          await trx
            .updateTable(table as never)
            .set(row as never)
            .where(matching(table, row) as never)
            .execute();
        } else {
          await trx
            .insertInto(table as never)
            .values(row as never)
            .execute();
        }
      }
    }
  });
}
