import { describe, expect, it } from 'vitest';
import { retryPolicy } from './outbox-retry';

const policy = retryPolicy({ maxAttempts: 4, firstMs: 60_000, longestMs: 5 * 60_000 });
const now = new Date('2026-03-01T10:00:00.000Z');

describe('the outbox retry policy', () => {
  it('doubles the wait after each failed attempt, up to the longest', () => {
    expect([1, 2, 3, 4, 5].map(policy.delayMs)).toEqual([60_000, 120_000, 240_000, 300_000, 300_000]);
  });

  it('retries after the backoff until the last attempt, then gives up', () => {
    expect(policy.retryAt(1, now)).toEqual(new Date('2026-03-01T10:01:00.000Z'));
    expect(policy.retryAt(3, now)).toEqual(new Date('2026-03-01T10:04:00.000Z'));
    expect(policy.retryAt(4, now)).toBeNull();
  });

  it('waits what the receiver asked for instead of the backoff, never longer than the longest', () => {
    expect(policy.retryAt(3, now, 5_000)).toEqual(new Date('2026-03-01T10:00:05.000Z'));
    expect(policy.retryAt(1, now, 3600_000)).toEqual(new Date('2026-03-01T10:05:00.000Z'));
    expect(policy.retryAt(4, now, 5_000)).toBeNull();
  });
});
