import type { Settings } from '../../contract/settings';
import { DEFAULT_SETTINGS } from '../../contract/settings-defaults';
import type { Executor } from '../db/database';

/** One setting: its stored value, or its default when none is stored. Every module reads settings here. */
export async function readSetting<K extends keyof Settings>(db: Executor, key: K): Promise<Settings[K]> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst();
  return row ? (JSON.parse(row.value) as Settings[K]) : DEFAULT_SETTINGS[key];
}
