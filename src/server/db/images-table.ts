import type { ImageKind } from '../../contract/image-urls';

/**
 * An uploaded board photo or sponsor logo (decision 0122): WebP at 1x (width × height) and 2x.
 * Beside schema.ts rather than in it, which holds every other table and is near its 400 lines.
 */
export interface ImagesTable {
  sha256: string;
  kind: ImageKind;
  width: number;
  height: number;
  data: Buffer;
  data_2x: Buffer;
  created_by: number | null;
  /** ISO 8601, as every timestamp of schema.ts. */
  created_at: string;
}
