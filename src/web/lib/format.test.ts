import { describe, expect, it } from 'vitest';
import {
  DATE_FORMAT,
  DATE_TIME_FORMAT,
  formatDate,
  formatDateTime,
  fromDateInput,
  fromLocalInput,
  readingDates,
  toLocalInput,
} from './format';

/** Dates read day/month/year with a 24-hour time, in text and in forms (decision 0125). */
describe('dates', () => {
  const local = (year: number, month: number, day: number, hour = 0, minute = 0) =>
    new Date(year, month - 1, day, hour, minute).toISOString();

  it('writes day, month, year and a 24-hour time in text', () => {
    expect(formatDate(local(2026, 3, 4, 18, 5))).toBe('4 Mar 2026');
    expect(formatDateTime(local(2026, 3, 4, 18, 5))).toBe('4 Mar 2026, 18:05');
  });

  it('shows a date and time field as dd/mm/yyyy hh:mm and reads it back in the browser zone', () => {
    expect(toLocalInput(local(2026, 3, 4, 18, 5))).toBe('04/03/2026 18:05');
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('04/03/2026 18:05')).toBe(local(2026, 3, 4, 18, 5));
    expect(fromLocalInput(' 4/3/2026  8:05 ')).toBe(local(2026, 3, 4, 8, 5));
    expect(fromLocalInput('')).toBe('');
  });

  it('passes on what names no moment, for the schema to refuse: month first, no time, 31 February, 24:00', () => {
    for (const typed of [
      '2026-03-04T18:05',
      '03/31/2026 18:05',
      '04/03/2026',
      '31/02/2026 10:00',
      '04/03/2026 24:00',
    ]) {
      expect(fromLocalInput(typed)).toBe(typed);
    }
  });

  it('reads a date field as yyyy-mm-dd', () => {
    expect(fromDateInput('30/06/2031')).toBe('2031-06-30');
    expect(fromDateInput('')).toBe('');
    expect(fromDateInput('06/30/2031')).toBe('06/30/2031');
  });

  it('names, by path, the dates a reading could not read and the format each field takes', () => {
    const { value, misread } = readingDates(() => ({
      opens_at: fromLocalInput('04/03/2026 18:05'),
      closes_at: fromLocalInput('31/02/2026 18:30'),
      rows: [{ on: fromDateInput('2026-12-31') }],
    }));
    expect(value.closes_at).toBe('31/02/2026 18:30');
    expect([...misread]).toEqual([
      ['closes_at', DATE_TIME_FORMAT],
      ['rows.0.on', DATE_FORMAT],
    ]);
    expect(readingDates(() => fromLocalInput('tomorrow')).misread.get('')).toBe(DATE_TIME_FORMAT);
    // Outside a reading nothing is noted, and a reading sees only its own dates.
    fromLocalInput('tomorrow');
    expect(readingDates(() => fromLocalInput('')).misread.size).toBe(0);
  });
});
