import type { Settings } from '../../../contract/settings';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';
import type { Engine, Executor } from '../../db/database';

/** All settings: the stored value of each key, or its default when none is stored. */
export async function readSettings(db: Executor): Promise<Settings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const stored = Object.fromEntries(rows.map((row) => [row.key, JSON.parse(row.value) as unknown]));
  return { ...DEFAULT_SETTINGS, ...stored } as Settings;
}

/** On PostgreSQL, holds every stored setting until the transaction ends (SQLite writes one at a time anyway). */
export async function lockSettings(db: Executor, engine: Engine): Promise<void> {
  if (engine === 'postgres') await db.selectFrom('settings').select('key').forUpdate().execute();
}

export async function writeSetting<K extends keyof Settings>(
  db: Executor,
  key: K,
  value: Settings[K],
  at: Date,
): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('settings')
    .values({ key, value: json, updated_at: at.toISOString() })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: json, updated_at: at.toISOString() }))
    .execute();
}
