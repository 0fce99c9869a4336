/*
 * The board's uploaded images (docs/decisions/0122-uploaded-images.md): their kinds, sizes and
 * public addresses. No zod here: the landing page reads these without loading the schemas.
 */

/** The largest file the board may upload: 2 MB (2 MiB), checked by the browser first and by the server. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

export const IMAGE_KINDS = ['board_photo', 'sponsor_logo'] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/**
 * The size each kind is shown at on the landing page, in CSS pixels; the server also keeps a
 * rendition at twice that for high-density screens. A board photo is cut to this square; a logo
 * keeps its proportions within this box.
 */
export const IMAGE_BOX: Record<ImageKind, { width: number; height: number }> = {
  board_photo: { width: 96, height: 96 },
  sponsor_logo: { width: 240, height: 48 },
};

/**
 * `/media/<sha256>-<width>x<height>.webp`: the SHA-256 of the stored image names it (the same
 * address never serves other bytes, so it is cached for a year), and the size it is shown at
 * travels with it, so that a page can reserve its place before it loads.
 */
const MEDIA_URL = /^\/media\/([0-9a-f]{64})-([1-9]\d{0,3})x([1-9]\d{0,3})\.webp$/;

export type MediaImage = { sha256: string; width: number; height: number; src: string; srcSet: string };

export const mediaUrl = (sha256: string, width: number, height: number) => `/media/${sha256}-${width}x${height}.webp`;

/** An uploaded image's parts and its 1x and 2x addresses, or undefined for any other address (an external one). */
export function mediaImage(url: string): MediaImage | undefined {
  const match = MEDIA_URL.exec(url);
  if (!match) return undefined;
  const [, sha256, width, height] = match as unknown as [string, string, string, string];
  const retina = url.replace(/\.webp$/, '@2x.webp');
  return { sha256, width: Number(width), height: Number(height), src: url, srcSet: `${url} 1x, ${retina} 2x` };
}

/** Why an upload was refused: whole sentences, the same from the browser's own check and from the server. */
export const IMAGE_SENTENCES = {
  tooLarge: /*i18n*/ 'This file is larger than 2 MB. Choose a smaller image.',
  notAnImage: /*i18n*/ 'This file is not a PNG, JPEG or WebP image. Choose a photo or logo in one of these formats.',
  unreadable: /*i18n*/ 'This image could not be read: the file may be damaged or incomplete. Try another file.',
  tooManyPixels: /*i18n*/ 'This image has more than 40 megapixels. Choose a smaller image.',
  empty: /*i18n*/ 'Choose an image file to upload.',
  busy: /*i18n*/ 'The server is busy with other pictures. Try this one again in a few seconds.',
} as const;
