import { IMAGE_SENTENCES } from '../../../contract/image-urls';
import { RetryLater } from '../../errors';

/**
 * How many uploads this process decodes at once, and how many more may wait for a slot. A
 * decode holds the whole picture in memory (a progressive 36-megapixel JPEG, about 200 MB while
 * its coefficients and pixels are both held): twelve at once took a server to 1.1 GB. Two at a
 * time keep a server near a few hundred megabytes whatever arrives (decision 0141).
 */
export const DECODE_SLOTS = 2;
export const DECODE_LINE = 4;
/** What a decode is taken to last before one has been timed: about a 40-megapixel photo's. */
const FIRST_GUESS_MS = 2000;

export type DecodeQueue = {
  /**
   * Runs `decode` once a slot is free, in the order the uploads came. When `line` uploads already
   * wait, refuses at once: 503 UNAVAILABLE with Retry-After, the time the line ahead should take.
   */
  run<T>(decode: () => Promise<T>): Promise<T>;
};

export function createDecodeQueue({ slots = DECODE_SLOTS, line = DECODE_LINE } = {}): DecodeQueue {
  let running = 0;
  const waiting: (() => void)[] = [];
  /** A moving average of the last decodes' durations, for Retry-After. */
  let typicalMs = FIRST_GUESS_MS;

  return {
    async run(decode) {
      if (running < slots) running += 1;
      else if (waiting.length < line) {
        // The slot is handed over by the decode that frees it (below): nobody can take it in between.
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        const aheadMs = ((waiting.length + 1) / slots) * typicalMs;
        throw new RetryLater(IMAGE_SENTENCES.busy, Math.max(1, Math.ceil(aheadMs / 1000)));
      }
      const started = Date.now();
      try {
        return await decode();
      } finally {
        typicalMs = 0.7 * typicalMs + 0.3 * (Date.now() - started);
        const next = waiting.shift();
        if (next) next();
        else running -= 1;
      }
    },
  };
}
