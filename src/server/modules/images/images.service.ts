import { mediaImage, mediaUrl, type ImageKind } from '../../../contract/image-urls';
import type { UploadedImage } from '../../../contract/images';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { recordAudit } from '../audit';
import { createDecodeQueue } from './decode-queue';
import { processImage } from './image-processing';
import { readImageData, saveImage } from './images.repository';

/** The file part of an image's address: `<sha256>-<w>x<h>.webp`, or `...@2x.webp` for the 2x rendition. */
const RETINA_SUFFIX = /@2x(?=\.webp$)/;

/** The board's uploaded images (docs/decisions/0122-uploaded-images.md). */
export function createImagesService(deps: Deps) {
  const { db, clock } = deps;
  // One line for the whole process: every upload route shares it (decision 0141).
  const decoding = createDecodeQueue();

  return {
    /**
     * Checks and re-encodes an upload, stores it and audits it. The settings name it only once
     * the board saves them (`settings.updated`); until then it is kept a day (decision 0122).
     */
    async upload(bytes: Buffer, kind: ImageKind, admin: UserRow): Promise<UploadedImage> {
      const image = await decoding.run(() => processImage(bytes, kind));
      const url = mediaUrl(image.sha256, image.width, image.height);
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        await saveImage(
          trx,
          {
            sha256: image.sha256,
            kind,
            width: image.width,
            height: image.height,
            data: image.data,
            data_2x: image.data2x,
            created_by: admin.id,
          },
          now,
        );
        await recordAudit(trx, {
          action: 'settings.image_uploaded',
          entity_type: 'settings',
          entity_id: null,
          actor: admin,
          details: { kind, url, uploaded: image.source },
          at: now,
        });
      });
      return { url, kind, width: image.width, height: image.height };
    },

    /** The WebP bytes an address names (`<sha256>-<w>x<h>.webp` or its `@2x`), or undefined when none is stored. */
    async read(file: string): Promise<Buffer | undefined> {
      const retina = RETINA_SUFFIX.test(file);
      const named = mediaImage(`/media/${file.replace(RETINA_SUFFIX, '')}`);
      if (!named) return undefined;
      const stored = await readImageData(db, named.sha256, retina);
      // Another size than the stored one is another address: only one address serves each image.
      if (!stored || stored.width !== named.width || stored.height !== named.height) return undefined;
      return stored.data;
    },
  };
}
