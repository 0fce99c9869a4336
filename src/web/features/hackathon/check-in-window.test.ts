import { describe, expect, it } from 'vitest';
import { showsCheckInCode } from './check-in-window';

describe('showsCheckInCode', () => {
  // Saturday 10:00 in Casablanca (UTC+1) until Sunday 10:00.
  const event = { start_at: '2026-12-05T09:00:00.000Z', end_at: '2026-12-06T09:00:00.000Z' };
  const zone = 'Africa/Casablanca';
  const at = (iso: string) => Date.parse(iso);

  it('shows the code from the first minute of the day before the start, in the club time zone', () => {
    expect(showsCheckInCode(event, at('2026-12-03T22:59:00.000Z'), zone)).toBe(false); // Thu 23:59 there
    expect(showsCheckInCode(event, at('2026-12-03T23:00:00.000Z'), zone)).toBe(true); // Fri 00:00 there
    expect(showsCheckInCode(event, at('2026-12-05T12:00:00.000Z'), zone)).toBe(true);
  });

  it('counts the day in the club time zone, not in UTC', () => {
    // Thursday 23:30 UTC is still Thursday in UTC, and already Friday 00:30 in Casablanca.
    expect(showsCheckInCode(event, at('2026-12-03T23:30:00.000Z'), 'UTC')).toBe(false);
    expect(showsCheckInCode(event, at('2026-12-03T23:30:00.000Z'), zone)).toBe(true);
  });

  it('hides the code once the event has ended', () => {
    expect(showsCheckInCode(event, at('2026-12-06T08:59:59.000Z'), zone)).toBe(true);
    expect(showsCheckInCode(event, at('2026-12-06T09:00:00.000Z'), zone)).toBe(false);
  });
});
