import { mediaImage, type ImageKind } from '../../../contract/image-urls';
import type { Settings } from '../../../contract/settings';
import type { Executor } from '../../db/database';
import { badRequest, FIELD_AND_MESSAGE, type ErrorDetail } from '../../errors';
import { deleteImagesExcept, findImages } from '../images';

/** How long an upload waits for the save that names it before a cleanup may delete it (decision 0122). */
export const UNSAVED_IMAGE_DAYS = 1;

type ImageSlot = { path: string; url: string; kind: ImageKind };

/** Every picture address of these settings, with where it sits and the kind of image it must be. */
function imageSlots(settings: Partial<Settings>): ImageSlot[] {
  const slots: (ImageSlot | undefined)[] = [
    ...(settings.board_members ?? []).map((member, index) =>
      member.photo_url
        ? { path: `board_members.${index}.photo_url`, url: member.photo_url, kind: 'board_photo' as const }
        : undefined,
    ),
    ...(settings.sponsors ?? []).map((sponsor, index) =>
      sponsor.logo_url
        ? { path: `sponsors.${index}.logo_url`, url: sponsor.logo_url, kind: 'sponsor_logo' as const }
        : undefined,
    ),
  ];
  return slots.filter((slot): slot is ImageSlot => slot !== undefined);
}

const WRONG_KIND: Record<ImageKind, string> = {
  board_photo: /*i18n*/ 'This image was uploaded as a sponsor logo: upload the photo here.',
  sponsor_logo: /*i18n*/ 'This image was uploaded as a board photo: upload the logo here.',
};

/**
 * Refuses settings that name an uploaded image the database does not hold (deleted by a cleanup,
 * or an address typed by hand) or one of the other kind, with the field's path and a sentence.
 */
export async function checkImages(db: Executor, changes: Partial<Settings>): Promise<void> {
  const named = imageSlots(changes).flatMap((slot) => {
    const image = mediaImage(slot.url);
    return image ? [{ ...slot, image }] : [];
  });
  if (named.length === 0) return;
  const stored = new Map(
    (await findImages(db, [...new Set(named.map((slot) => slot.image.sha256))])).map((row) => [row.sha256, row]),
  );
  const details: ErrorDetail[] = [];
  for (const { path, kind, image } of named) {
    const row = stored.get(image.sha256);
    if (!row || row.width !== image.width || row.height !== image.height) {
      details.push({ path: `settings.${path}`, message: /*i18n*/ 'This image is no longer stored: upload it again.' });
    } else if (row.kind !== kind) {
      details.push({ path: `settings.${path}`, message: WRONG_KIND[kind] });
    }
  }
  if (details.length > 0) {
    const [{ path, message }] = details as [ErrorDetail];
    throw badRequest(
      { sentence: FIELD_AND_MESSAGE, values: { path, message: { sentence: message } } },
      'VALIDATION_FAILED',
      details,
    );
  }
}

/**
 * Deletes the uploaded images these settings (all of them, as saved) no longer name and that
 * were uploaded more than a day ago: an upload not saved yet is kept for its save.
 */
export async function deleteUnnamedImages(db: Executor, settings: Settings, now: Date): Promise<number> {
  const keep = imageSlots(settings).flatMap((slot) => mediaImage(slot.url)?.sha256 ?? []);
  return deleteImagesExcept(db, keep, new Date(now.getTime() - UNSAVED_IMAGE_DAYS * 86_400_000));
}
