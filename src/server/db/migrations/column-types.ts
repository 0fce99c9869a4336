import { sql, type ColumnDefinitionBuilder } from 'kysely';
import type { Engine } from '../database';

/** The few column types that differ between SQLite and PostgreSQL. */
export function columnTypes(engine: Engine) {
  const postgres = engine === 'postgres';
  return {
    id: postgres ? ('serial' as const) : ('integer' as const),
    primaryKey: (c: ColumnDefinitionBuilder) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()),
    // SQLite keeps ISO 8601 UTC text, which sorts and compares in time order.
    timestamp: postgres ? sql`timestamptz` : sql`text`,
    real: postgres ? sql`double precision` : sql`real`,
    bytes: postgres ? sql`bytea` : sql`blob`,
  };
}
