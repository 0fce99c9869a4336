import sharp from 'sharp';

/** Noise, not a flat colour: it compresses poorly, so a truncated file is missing real image data. */
const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

export const pngOf = (width: number, height: number) => noise(width, height).png().toBuffer();
export const webpOf = (width: number, height: number) => noise(width, height).webp().toBuffer();
export const gifOf = (width: number, height: number) => noise(width, height).gif().toBuffer();

/** A camera's JPEG: EXIF with a GPS position, and an orientation (6: turned a quarter clockwise). */
export const cameraJpegOf = (width: number, height: number, orientation = 1) =>
  noise(width, height)
    .jpeg()
    .withMetadata({ orientation })
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 53/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '6/1 54/1 0/1' },
    })
    .toBuffer();

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
