import { sql, type Kysely, type Transaction } from 'kysely';

/**
 * A change SQLite's ALTER TABLE cannot make (drop a column's UNIQUE, change a CHECK), made the way
 * https://www.sqlite.org/lang_altertable.html#otheralter says, in one transaction with foreign
 * keys off: the tables that point at this one by name find the new one. `pragma foreign_key_check`
 * must find nothing before the commit. Used by 0017 and 0037.
 */
export async function withForeignKeysOff(
  db: Kysely<unknown>,
  migration: string,
  change: (trx: Transaction<unknown>) => Promise<void>,
): Promise<void> {
  // Off outside the transaction (SQLite ignores the pragma inside one).
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await change(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error(`${migration}: foreign keys broken: ${JSON.stringify(broken.rows)}`);
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

/**
 * Makes `table` again from its own CREATE TABLE text as `edit` changes it, every column copied by
 * name (plus `added` columns, each given one value), the indexes made again from their stored
 * SQL (those SQLite names itself, with no SQL, come back from the new text), and the
 * AUTOINCREMENT counter carried over: an id is never given twice, even one of a deleted row.
 */
export async function rebuildSqliteTable(
  db: Kysely<unknown>,
  table: string,
  edit: (create: string) => string,
  added: Record<string, unknown> = {},
): Promise<void> {
  const master = await sql<{ type: string; sql: string | null }>`
    select type, sql from sqlite_master where tbl_name = ${table}`.execute(db);
  const create = master.rows.find((row) => row.type === 'table')!.sql!;
  const indexes = master.rows.filter((row) => row.type === 'index' && row.sql !== null).map((row) => row.sql!);
  const columns = (await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(db)).rows.map(
    (row) => sql.ref(row.name),
  );
  const sequence = await sql<{ seq: number }>`select seq from sqlite_sequence where name = ${table}`.execute(db);

  const prefix = `CREATE TABLE "${table}" (`;
  const rebuilt = edit(create);
  if (!rebuilt.startsWith(prefix)) throw new Error(`the edited ${table} must still start with ${prefix}`);
  await sql.raw(rebuilt.replace(prefix, `CREATE TABLE "${table}_rebuilt" (`)).execute(db);
  const names = [...columns, ...Object.keys(added).map((name) => sql.ref(name))];
  const values = [...columns, ...Object.values(added).map((value) => sql`${value}`)];
  await sql`
    insert into ${sql.table(`${table}_rebuilt`)} (${sql.join(names)})
    select ${sql.join(values)} from ${sql.table(table)}`.execute(db);
  await sql`drop table ${sql.table(table)}`.execute(db);
  await sql`alter table ${sql.table(`${table}_rebuilt`)} rename to ${sql.table(table)}`.execute(db);
  for (const index of indexes) await sql.raw(index).execute(db);
  if (sequence.rows[0]) {
    await sql`update sqlite_sequence set seq = max(seq, ${sequence.rows[0].seq}) where name = ${table}`.execute(db);
  }
}
