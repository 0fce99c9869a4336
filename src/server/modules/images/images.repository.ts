import type { Executor } from '../../db/database';
import type { ImagesTable } from '../../db/images-table';

export type StoredImage = Pick<ImagesTable, 'sha256' | 'kind' | 'width' | 'height'>;

/**
 * Stores an image, or finds it stored already (the same bytes, the same name). Either way its
 * upload time becomes `at`: an image uploaded again is kept as long as a new one.
 */
export async function saveImage(
  db: Executor,
  image: StoredImage & { data: Buffer; data_2x: Buffer; created_by: number },
  at: Date,
): Promise<void> {
  await db
    .insertInto('images')
    .values({ ...image, created_at: at.toISOString() })
    .onConflict((conflict) => conflict.column('sha256').doUpdateSet({ created_at: at.toISOString() }))
    .execute();
}

/** The bytes of one rendition of an image (1x or 2x), with its size, or undefined when there is none. */
export async function readImageData(
  db: Executor,
  sha256: string,
  retina: boolean,
): Promise<{ width: number; height: number; data: Buffer } | undefined> {
  return db
    .selectFrom('images')
    .select(['width', 'height', retina ? 'data_2x as data' : 'data'])
    .where('sha256', '=', sha256)
    .executeTakeFirst();
}

/** The stored images among these names, without their bytes. */
export async function findImages(db: Executor, sha256s: string[]): Promise<StoredImage[]> {
  if (sha256s.length === 0) return [];
  return db.selectFrom('images').select(['sha256', 'kind', 'width', 'height']).where('sha256', 'in', sha256s).execute();
}

/** Deletes the images uploaded before `before` that are not in `keep`; answers how many. */
export async function deleteImagesExcept(db: Executor, keep: string[], before: Date): Promise<number> {
  let query = db.deleteFrom('images').where('created_at', '<', before.toISOString());
  if (keep.length > 0) query = query.where('sha256', 'not in', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}
