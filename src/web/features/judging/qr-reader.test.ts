import jsQR from 'jsqr';
import { encode } from 'uqr';
import { describe, expect, it } from 'vitest';
import { codeOf, createQrReader, readPixels, scanGate } from './qr-reader';

const CODE = 'Zm9vYmFyLWJheg_-12AB';

/** The RGBA pixels of a QR code as uqr encodes it: `scale` pixels a module, a white quiet zone. */
function qrPixels(text: string, scale = 4, margin = 4) {
  const modules = encode(text, { ecc: 'M', border: 0 }).data;
  const side = (modules.length + 2 * margin) * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const row = modules[Math.floor(y / scale) - margin];
      if (row?.[Math.floor(x / scale) - margin]) pixels.fill(0, (y * side + x) * 4, (y * side + x) * 4 + 3);
    }
  }
  return { pixels, side };
}

describe('the door reading QR codes', () => {
  it("reads the code of a QR code made by uqr, the tracker's encoder, through jsQR", () => {
    const { pixels, side } = qrPixels(CODE);
    expect(readPixels(jsQR, pixels, side, side)).toBe(CODE);
    // Nothing in a blank frame.
    expect(readPixels(jsQR, new Uint8ClampedArray(side * side * 4).fill(255), side, side)).toBeNull();
  });

  it('uses the browser BarcodeDetector where it reads QR codes, without loading jsQR', async () => {
    const video = {} as HTMLVideoElement;
    class BarcodeDetector {
      static getSupportedFormats = async () => ['ean_13', 'qr_code'];
      constructor(readonly options: { formats: string[] }) {
        expect(options.formats).toEqual(['qr_code']);
      }
      detect = async (source: unknown) => (source === video ? [{ rawValue: `  ${CODE}\n` }] : []);
    }
    const reader = await createQrReader({ BarcodeDetector }, () => {
      throw new Error('jsQR must not load');
    });
    expect(reader.kind).toBe('native');
    expect(await reader.read(video)).toBe(CODE);
  });

  it('falls back to jsQR where the detector is missing or reads no QR codes', async () => {
    const load = async () => jsQR;
    expect((await createQrReader({}, load)).kind).toBe('jsqr');
    const noQr = { BarcodeDetector: { getSupportedFormats: async () => ['ean_13'] } };
    expect((await createQrReader(noQr, load)).kind).toBe('jsqr');
  });

  it('trims a scanned text and refuses an empty one', () => {
    expect(codeOf(` ${CODE} `)).toBe(CODE);
    expect(codeOf('   ')).toBeNull();
    expect(codeOf(undefined)).toBeNull();
  });

  it('lets a code in view through once, and again after it was out of view for the quiet time', () => {
    const gate = scanGate(3000);
    expect(gate('a', 0)).toBe(true);
    expect(gate('a', 250)).toBe(false);
    expect(gate('a', 2000)).toBe(false);
    expect(gate('b', 2100)).toBe(true);
    expect(gate('a', 2200)).toBe(true);
    expect(gate('a', 5300)).toBe(true);
  });
});
