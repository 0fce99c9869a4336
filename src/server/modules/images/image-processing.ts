import { createHash } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import { IMAGE_BOX, IMAGE_SENTENCES, type ImageKind } from '../../../contract/image-urls';
import { badRequest } from '../../errors';

/** An upload made ready to store: WebP at the size the landing shows it (1x) and at twice that. */
export type ProcessedImage = {
  sha256: string;
  kind: ImageKind;
  width: number;
  height: number;
  data: Buffer;
  data2x: Buffer;
  /** What was uploaded, for the audit entry. */
  source: { format: SourceFormat; bytes: number; width: number; height: number };
};

type SourceFormat = 'png' | 'jpeg' | 'webp';

/** Decoding a 40-megapixel image takes about 160 MB: more is refused before decoding (a 2 MB PNG can claim far more). */
const MAX_INPUT_PIXELS = 40_000_000;
const WEBP_QUALITY = 82;

/**
 * The format the file's first bytes announce, whatever its name or Content-Type said: the PNG
 * signature, a JPEG's SOI marker, or a RIFF container of WebP.
 */
export function sniffFormat(bytes: Buffer): SourceFormat | undefined {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
    return 'webp';
  }
  return undefined;
}

/** The 1x size: a photo fills its square; a logo keeps its proportions inside its box, at least a pixel each way. */
function sizeOf(kind: ImageKind, source: { width: number; height: number }) {
  const box = IMAGE_BOX[kind];
  if (kind === 'board_photo') return box;
  const scale = Math.min(box.width / source.width, box.height / source.height);
  return {
    width: Math.max(1, Math.round(source.width * scale)),
    height: Math.max(1, Math.round(source.height * scale)),
  };
}

let sharpModule: Promise<typeof import('sharp')> | undefined;

/**
 * sharp, loaded on the first upload, like the PostgreSQL driver: a server's start never pays for
 * libvips (decision 0101). Without libvips' operation cache: each upload is decoded once and
 * never again, and the cache would keep up to 50 MB of pixels nobody asks for (decision 0141).
 */
function loadSharp(): Promise<typeof import('sharp')> {
  sharpModule ??= import('sharp').then((module) => {
    module.default.cache(false);
    return module;
  });
  return sharpModule;
}

/**
 * Checks an upload by its content and re-encodes it: decoded by sharp (libvips), turned upright
 * from its EXIF orientation, cut or fitted to the kind's size, and written as WebP without any
 * metadata (no EXIF, so no camera GPS position leaves the club). Refusals are 400s with a
 * sentence for the board.
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  if (bytes.length === 0) throw badRequest(IMAGE_SENTENCES.empty);
  const format = sniffFormat(bytes);
  if (!format) throw badRequest(IMAGE_SENTENCES.notAnImage);
  const { default: sharp } = await loadSharp();
  // Truncated data fails the decode rather than coming out grey; the first frame of an animation only.
  const open = (): Sharp => sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS, animated: false });
  let metadata: Metadata;
  try {
    metadata = await open().metadata();
  } catch {
    throw badRequest(IMAGE_SENTENCES.unreadable);
  }
  if (metadata.format !== format) throw badRequest(IMAGE_SENTENCES.notAnImage);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS) throw badRequest(IMAGE_SENTENCES.tooManyPixels);
  const upright = metadata.autoOrient;
  const { width, height } = sizeOf(kind, upright);
  // Decoded once, to the 2x size's pixels; the 1x is made from those, never from the upload again.
  let pixels: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    pixels = await open()
      .autoOrient()
      .resize(width * 2, height * 2, { fit: kind === 'board_photo' ? 'cover' : 'fill', position: 'attention' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw badRequest(IMAGE_SENTENCES.unreadable);
  }
  const { info } = pixels;
  const fromPixels = () =>
    sharp(pixels.data, { raw: { width: info.width, height: info.height, channels: info.channels } });
  const [data, data2x] = await Promise.all([
    fromPixels().resize(width, height).webp({ quality: WEBP_QUALITY }).toBuffer(),
    fromPixels().webp({ quality: WEBP_QUALITY }).toBuffer(),
  ]);
  return {
    sha256: createHash('sha256').update(data2x).digest('hex'),
    kind,
    width,
    height,
    data,
    data2x,
    source: { format, bytes: bytes.length, width: upright.width, height: upright.height },
  };
}
