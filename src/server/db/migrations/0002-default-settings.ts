import type { Kysely } from 'kysely';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';

/** Stores the default content (contact details, board listing, sponsors) so the board edits real rows. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const at = new Date().toISOString();
  const rows = Object.entries(DEFAULT_SETTINGS).map(([key, value]) => ({
    key,
    value: JSON.stringify(value),
    updated_at: at,
  }));
  await (db as Kysely<{ settings: { key: string; value: string; updated_at: string } }>)
    .insertInto('settings')
    .values(rows)
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}
