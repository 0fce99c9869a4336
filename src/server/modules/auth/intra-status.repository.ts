import type { Executor } from '../../db/database';

export type IntraStatusRow = { credentials_refused_at: string | null; secret_valid_until: string | null };

export async function readIntraStatus(db: Executor): Promise<IntraStatusRow> {
  const row = await db
    .selectFrom('intra_status')
    .select(['credentials_refused_at', 'secret_valid_until'])
    .where('id', '=', 1)
    .executeTakeFirst();
  return row ?? { credentials_refused_at: null, secret_valid_until: null };
}

export async function writeIntraStatus(db: Executor, changes: Partial<IntraStatusRow>): Promise<void> {
  await db.updateTable('intra_status').set(changes).where('id', '=', 1).execute();
}
