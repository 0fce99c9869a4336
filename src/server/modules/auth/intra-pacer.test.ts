import { describe, expect, it } from 'vitest';
import { grantSlots, type PaceState } from './intra-pacer';

const START: PaceState = { next_slot_ms: 0, hour_start_ms: 0, in_hour: 0 };
const limits = { perSecond: 2, perHour: 1200 };
const at = (iso: string) => Date.parse(iso);

describe('the pace of calls to the intra', () => {
  it('puts two calls a second at .250 and .750 of each second of the clock, one after another', () => {
    const { slots } = grantSlots(START, at('2026-11-24T10:00:00.100Z'), 5, limits);
    expect(slots.map((slot) => new Date(slot).toISOString().slice(17))).toEqual([
      '00.250Z',
      '00.750Z',
      '01.250Z',
      '01.750Z',
      '02.250Z',
    ]);
  });

  it('never grants the same slot twice, and never one in the past', () => {
    const now = at('2026-11-24T10:00:00.600Z');
    const first = grantSlots(START, now, 2, limits);
    const second = grantSlots(first.state, now, 2, limits);
    expect([...first.slots, ...second.slots].map((slot) => slot - now)).toEqual([150, 650, 1150, 1650]);
    // Later, with nobody waiting, the next slot is the next one on the grid.
    const later = grantSlots(second.state, now + 10_000, 1, limits);
    expect(later.slots[0]! - (now + 10_000)).toBe(150);
  });

  it('keeps within the hour: past its allowance the next slot is in the next hour', () => {
    const now = at('2026-11-24T10:59:59.000Z');
    const { slots, state } = grantSlots(START, now, 4, { perSecond: 2, perHour: 3 });
    expect(slots.slice(0, 3).map((slot) => slot - now)).toEqual([250, 750, 1250]);
    // The third went to 11:00:00.250, the first of a new hour; its allowance counts from there.
    expect(new Date(slots[3]!).toISOString()).toBe('2026-11-24T11:00:00.750Z');
    expect(state.in_hour).toBe(2);
    const full = grantSlots(state, now, 2, { perSecond: 2, perHour: 3 });
    expect(full.slots.map((slot) => new Date(slot).toISOString())).toEqual([
      '2026-11-24T11:00:01.250Z',
      '2026-11-24T12:00:00.250Z',
    ]);
  });

  it('spaces slots by the configured rate', () => {
    const { slots } = grantSlots(START, at('2026-11-24T10:00:00.000Z'), 3, { perSecond: 4, perHour: 10_000 });
    expect(slots.map((slot) => slot % 1000)).toEqual([125, 375, 625]);
  });
});
