import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';

/*
 * The erasure records (decisions §15, decision 0167): a keyed hash of each erased person's 42 id,
 * so that a restored backup taken before an erasure erases the person again. The key is never in
 * the database nor in a backup of it: ERASURE_KEY, or else a file DATA_DIR/erasure.key made once.
 */

const keys = new Map<string, string>();

/** The key of the records' HMAC: ERASURE_KEY, or the one kept in DATA_DIR (made on first use). */
export function erasureKey(config: Pick<Config, 'erasureKey' | 'dataDir'>): string {
  if (config.erasureKey) return config.erasureKey;
  const file = path.join(config.dataDir, 'erasure.key');
  const known = keys.get(file);
  if (known) return known;
  fs.mkdirSync(config.dataDir, { recursive: true });
  try {
    // Exclusive: two processes starting at once keep the same key, the first one written.
    fs.writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = fs.readFileSync(file, 'utf8').trim();
  keys.set(file, key);
  return key;
}

/** The hash a record keeps of a 42 id. */
export function subjectHash(key: string, intraId: number): string {
  return createHmac('sha256', key).update(String(intraId)).digest('hex');
}

/** Records the erasure of `user` (still holding their 42 id), in the caller's transaction. */
export async function recordErasure(db: Executor, key: string, user: UserRow, now: Date): Promise<void> {
  // An account that never had a 42 id of its own (already erased) has nothing to record.
  if (user.intra_id <= 0) return;
  await db
    .insertInto('erasure_records')
    .values({ subject_hash: subjectHash(key, user.intra_id), erased_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('subject_hash').doUpdateSet({ erased_at: now.toISOString() }))
    .execute();
}

/** The records, to carry into a restored database. */
export async function erasureRecords(db: Executor): Promise<{ subject_hash: string; erased_at: string }[]> {
  return db.selectFrom('erasure_records').select(['subject_hash', 'erased_at']).execute();
}
