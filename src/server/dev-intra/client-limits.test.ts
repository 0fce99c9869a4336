import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { createClientLimits } from './client-limits';

describe("the stand-in's limits, as the intra's", () => {
  it('allows 2 calls in each second of the clock, then answers Retry-After until the next second', () => {
    let now = Date.parse('2026-11-24T10:00:00.100Z');
    const limits = createClientLimits({ perSecond: 2, perHour: 1200 }, () => now);
    const first = limits.take('app');
    expect(first.retryAfterSeconds).toBeUndefined();
    expect(first.headers).toEqual({
      'x-secondly-ratelimit-limit': '2',
      'x-secondly-ratelimit-remaining': '1',
      'x-hourly-ratelimit-limit': '1200',
      'x-hourly-ratelimit-remaining': '1199',
    });
    expect(limits.take('app').headers['x-secondly-ratelimit-remaining']).toBe('0');
    now += 800;
    const third = limits.take('app');
    expect(third.retryAfterSeconds).toBe(1);
    expect(third.headers['x-secondly-ratelimit-remaining']).toBe('0');
    // Another application has limits of its own.
    expect(limits.take('other-app').retryAfterSeconds).toBeUndefined();
    now += 100; // 10:00:01.000, a new second
    expect(limits.take('app').retryAfterSeconds).toBeUndefined();
    expect(limits.usage('app')).toEqual({ served: [now - 900, now - 900, now], refused: 1 });
  });

  it('allows so many calls an hour, then answers Retry-After until the next hour', () => {
    let now = Date.parse('2026-11-24T10:59:00.000Z');
    const limits = createClientLimits({ perSecond: 100, perHour: 3 }, () => now);
    for (let i = 0; i < 3; i++) expect(limits.take('app').retryAfterSeconds).toBeUndefined();
    const refused = limits.take('app');
    expect(refused.retryAfterSeconds).toBe(60);
    expect(refused.headers['x-hourly-ratelimit-remaining']).toBe('0');
    now = Date.parse('2026-11-24T11:00:00.000Z');
    expect(limits.take('app').headers['x-hourly-ratelimit-remaining']).toBe('2');
  });

  it('counts nothing and sends no headers when off', () => {
    const limits = createClientLimits(null, () => 0);
    for (let i = 0; i < 50; i++) expect(limits.take('app')).toEqual({ headers: {} });
    expect(limits.usage('app').served).toHaveLength(50);
  });

  it('reads DEV_INTRA_LIMITS and FT_RATE_LIMIT: 2/s,1200/h by default, N/s,M/h, or off', () => {
    expect(loadConfig({}).devIntraLimits).toEqual({ perSecond: 2, perHour: 1200 });
    expect(loadConfig({}).intraRateLimit).toEqual({ perSecond: 2, perHour: 1200 });
    expect(loadConfig({ DEV_INTRA_LIMITS: '5/s, 3000/h' }).devIntraLimits).toEqual({ perSecond: 5, perHour: 3000 });
    expect(loadConfig({ DEV_INTRA_LIMITS: 'off', FT_RATE_LIMIT: 'off' })).toMatchObject({
      devIntraLimits: null,
      intraRateLimit: null,
    });
    for (const bad of ['2/s', '0/s,10/h', 'fast', '2/m,10/h']) {
      expect(() => loadConfig({ DEV_INTRA_LIMITS: bad }), bad).toThrow(/DEV_INTRA_LIMITS/);
      expect(() => loadConfig({ FT_RATE_LIMIT: bad }), bad).toThrow(/FT_RATE_LIMIT/);
    }
  });
});
