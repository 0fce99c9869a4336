/**
 * Reading a check-in QR code from the camera (decision 0170): the browser's BarcodeDetector where it
 * reads QR codes, else jsQR on the video frame's pixels, loaded only when the camera starts.
 */
export type QrReader = { kind: 'native' | 'jsqr'; read: (video: HTMLVideoElement) => Promise<string | null> };

type Detector = { detect: (source: HTMLVideoElement) => Promise<{ rawValue: string }[]> };
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats: () => Promise<string[]>;
};
type JsQr = (data: Uint8ClampedArray, width: number, height: number) => { data: string } | null;

/** The code a scanned text carries: the text itself, trimmed; nothing for an empty one. */
export function codeOf(text: string | null | undefined): string | null {
  const code = text?.trim();
  return code ? code : null;
}

/** The code in a frame's RGBA pixels, by jsQR. */
export function readPixels(jsQr: JsQr, pixels: Uint8ClampedArray, width: number, height: number): string | null {
  return codeOf(jsQr(pixels, width, height)?.data);
}

async function nativeDetector(scope: object): Promise<DetectorClass | null> {
  const Detector = (scope as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    return (await Detector.getSupportedFormats()).includes('qr_code') ? Detector : null;
  } catch {
    return null;
  }
}

/** A reader of QR codes in video frames: native where the browser has one for QR codes, jsQR otherwise. */
export async function createQrReader(
  scope: object = globalThis,
  loadJsQr: () => Promise<JsQr> = async () => (await import('jsqr')).default,
): Promise<QrReader> {
  const Detector = await nativeDetector(scope);
  if (Detector) {
    const detector = new Detector({ formats: ['qr_code'] });
    return { kind: 'native', read: async (video) => codeOf((await detector.detect(video))[0]?.rawValue) };
  }
  const jsQr = await loadJsQr();
  let canvas: HTMLCanvasElement | undefined;
  return {
    kind: 'jsqr',
    read: async (video) => {
      const { videoWidth: width, videoHeight: height } = video;
      canvas ??= document.createElement('canvas');
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (!context || width === 0 || height === 0) return null;
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      return readPixels(jsQr, context.getImageData(0, 0, width, height).data, width, height);
    },
  };
}

/**
 * Lets a scanned code through once: the camera sees the same code many times a second, and a
 * code shown again after `quietMs` of other codes or none is let through again.
 */
export function scanGate(quietMs: number) {
  let last: { code: string; at: number } | null = null;
  return (code: string, now: number): boolean => {
    const repeat = last !== null && last.code === code && now - last.at < quietMs;
    last = { code, at: now };
    return !repeat;
  };
}
