import pg from 'pg';
import { postgresUrl } from './schema-lock';

/** What a freshly migrated test schema holds besides its tables (decision 0178). */
export type MigratedState = {
  /** The schema's shape: a schema a test reshaped is dropped, never reused. */
  shape: string;
  /** Each table's rows as the migrations left them, as JSON (most are empty). */
  rows: { table: string; json: string }[];
  /** Each sequence's state, for setval(name, value, called). */
  sequences: { name: string; value: number; called: boolean }[];
};

/**
 * The shape of a schema, whatever its name: its tables and their columns, indexes, constraints,
 * triggers (and whether they are enabled) and functions.
 */
const SHAPE = `
  select md5(string_agg(item, ',' order by item)) as shape from (
    select 'relation:' || c.relname || ':' || c.relkind::text as item
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = $1
    union all
    select 'column:' || c.relname || '.' || a.attname || ':' || format_type(a.atttypid, a.atttypmod) || ':' || a.attnotnull
      from pg_attribute a join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1 and a.attnum > 0 and not a.attisdropped
    union all
    select 'constraint:' || co.conname || ':' || replace(pg_get_constraintdef(co.oid), $1 || '.', '')
      from pg_constraint co join pg_namespace n on n.oid = co.connamespace where n.nspname = $1
    union all
    select 'trigger:' || c.relname || '.' || t.tgname || ':' || t.tgenabled::text
      from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = $1
    union all
    select 'function:' || p.proname || ':' || md5(p.prosrc)
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = $1
  ) items`;

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: postgresUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

const tablesOf = async (client: pg.Client, schema: string) =>
  (
    await client.query<{ name: string }>('select tablename as name from pg_tables where schemaname = $1', [schema])
  ).rows.map((row) => row.name);

/** What the migrations left in a schema just migrated, to empty others back to it. */
export function readMigratedState(schema: string): Promise<MigratedState> {
  return withClient(async (client) => {
    const shape = (await client.query<{ shape: string }>(SHAPE, [schema])).rows[0]!.shape;
    const rows: MigratedState['rows'] = [];
    for (const table of await tablesOf(client, schema)) {
      const json = (
        await client.query<{ json: string | null }>(
          `select json_agg(t)::text as json from ${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)} t`,
        )
      ).rows[0]!.json;
      if (json) rows.push({ table, json });
    }
    const sequences = (
      await client.query<{ name: string; last_value: string | null }>(
        'select sequencename as name, last_value from pg_sequences where schemaname = $1',
        [schema],
      )
    ).rows.map((row) => ({ name: row.name, value: Number(row.last_value ?? 1), called: row.last_value !== null }));
    return { shape, rows, sequences };
  });
}

/**
 * Empties a test schema back to the rows its migrations wrote, in one transaction, with the
 * triggers off (`session_replication_role`, which needs a superuser role like CI's): false when
 * the schema was reshaped or cannot be emptied, and the caller drops it.
 */
export function emptiedToMigratedRows(schema: string, migrated: MigratedState): Promise<boolean> {
  return withClient(async (client) => {
    try {
      const shape = (await client.query<{ shape: string }>(SHAPE, [schema])).rows[0]!.shape;
      if (shape !== migrated.shape) return false;
      const name = (table: string) => `${client.escapeIdentifier(schema)}.${client.escapeIdentifier(table)}`;
      const statements = [
        'begin',
        'set local session_replication_role = replica',
        ...(await tablesOf(client, schema)).map((table) => `delete from ${name(table)}`),
        ...migrated.rows.map(
          ({ table, json }) =>
            `insert into ${name(table)} select * from json_populate_recordset(null::${name(table)}, ${client.escapeLiteral(json)})`,
        ),
        ...migrated.sequences.map(
          ({ name: sequence, value, called }) =>
            `select setval(${client.escapeLiteral(`${client.escapeIdentifier(schema)}.${client.escapeIdentifier(sequence)}`)}, ${value}, ${called})`,
        ),
        'commit',
      ];
      await client.query(statements.join(';\n'));
      return true;
    } catch {
      return false;
    }
  });
}

/** The prefix of this run's reusable schemas: TEST_RUN_ID is set once per run by vitest.config.ts. */
export const reusablePrefix = () => `test_reused_${process.env.TEST_RUN_ID ?? 'local'}_`;

/** Drops the schemas this run reused, at its end (a project's global teardown). */
export async function dropReusedSchemas(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) return;
  await withClient(async (client) => {
    const { rows } = await client.query<{ name: string }>(
      'select nspname as name from pg_namespace where starts_with(nspname, $1)',
      [reusablePrefix()],
    );
    for (const { name } of rows) await client.query(`drop schema ${client.escapeIdentifier(name)} cascade`);
  });
}
