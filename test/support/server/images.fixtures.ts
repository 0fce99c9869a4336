import sharp from 'sharp';

/** Noise, not a flat colour: it compresses poorly, so a truncated file is missing real image data. */
const noise = (width: number, height: number) =>
  sharp({
    create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } },
  });

export const pngOf = (width: number, height: number) => noise(width, height).png().toBuffer();
export const webpOf = (width: number, height: number) => noise(width, height).webp().toBuffer();
export const gifOf = (width: number, height: number) => noise(width, height).gif().toBuffer();

/**
 * A large smooth picture (noise blown up) as a progressive JPEG: small to send, but its decoder
 * keeps every coefficient of the whole picture, the heaviest decode a board photo can ask for.
 */
export const progressiveJpegOf = async (width: number, height: number) =>
  sharp(await noise(8, 8).png().toBuffer())
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 80, progressive: true })
    .toBuffer();

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>PhoneOwner</dc:creator>' +
  '</rdf:Description></rdf:RDF></x:xmpmeta>';

/**
 * A camera's JPEG: EXIF with a GPS position, an orientation (6: turned a quarter clockwise), an
 * XMP block naming its owner and a Display P3 colour profile.
 */
export const cameraJpegOf = (width: number, height: number, orientation = 1) =>
  noise(width, height)
    .jpeg()
    .withMetadata({ orientation })
    .withIccProfile('p3')
    .withXmp(XMP)
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '33/1 53/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '6/1 54/1 0/1' },
    })
    .toBuffer();

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
);
