import { describe, expect, it } from 'vitest';
import { RetryLater } from '../../errors';
import { createDecodeQueue } from './decode-queue';

/** A decode that ends when the test says so. */
function heldDecode(log: string[], name: string) {
  let finish!: (fail?: boolean) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = (fail = false) => (fail ? reject(new Error(`${name} broke`)) : resolve(name));
  });
  return {
    decode: () => {
      log.push(`start ${name}`);
      return done;
    },
    finish: (fail?: boolean) => finish(fail),
  };
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the decode queue of uploaded images', () => {
  it('decodes two at a time, the others in the order they came, a failed decode freeing its slot too', async () => {
    const queue = createDecodeQueue({ slots: 2, line: 4 });
    const log: string[] = [];
    const decodes = ['a', 'b', 'c', 'd', 'e'].map((name) => heldDecode(log, name));
    const results = decodes.map(({ decode }) => queue.run(decode).catch((error: Error) => error.message));
    await settle();
    expect(log).toEqual(['start a', 'start b']);
    decodes[1]!.finish(true);
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c']);
    decodes[0]!.finish();
    decodes[2]!.finish();
    await settle();
    expect(log).toEqual(['start a', 'start b', 'start c', 'start d', 'start e']);
    decodes[3]!.finish();
    decodes[4]!.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b broke', 'c', 'd', 'e']);
    // All slots free again: the next one starts at once.
    const next = heldDecode(log, 'f');
    void queue.run(next.decode);
    await settle();
    expect(log.at(-1)).toBe('start f');
    next.finish();
  });

  it('refuses at once, with 503 and Retry-After, an upload that finds the line full', async () => {
    const queue = createDecodeQueue({ slots: 2, line: 1 });
    const log: string[] = [];
    const decodes = ['a', 'b', 'c'].map((name) => heldDecode(log, name));
    const accepted = decodes.map(({ decode }) => queue.run(decode));
    const refused = await queue.run(async () => 'never').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(RetryLater);
    expect(refused).toMatchObject({ statusCode: 503, code: 'UNAVAILABLE' });
    // One waits ahead of it behind two slots, at the first guess of 2 s a decode: 2 s.
    expect((refused as RetryLater).retryAfterSeconds).toBe(2);
    expect(log).toEqual(['start a', 'start b']);
    for (const { finish } of decodes) finish();
    expect(await Promise.all(accepted)).toEqual(['a', 'b', 'c']);
  });
});
