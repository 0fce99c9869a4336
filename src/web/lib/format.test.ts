import { i18n } from '@lingui/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INTL_LOCALES } from '../../contract/i18n';
import type { Locale } from '../../contract/locales';
import {
  DATE_HINT,
  DATE_TIME_HINT,
  formatDate,
  formatDateTime,
  formatNumber,
  fromDateInput,
  fromLocalInput,
  fromPickerValue,
  readingDates,
  setClubTimeZone,
  toLocalInput,
  toPickerValue,
} from './format';

const speak = (locale: Locale) => {
  i18n.load(locale, {});
  i18n.activate(locale, [INTL_LOCALES[locale]]);
};
const DATE_TIME_FORMAT = 'Day/month/year and 24-hour time, for example 31/12/2026 18:30.';
const DATE_FORMAT = 'Day/month/year, for example 31/12/2026.';

/**
 * Dates read day/month/year with a 24-hour time, in text and in forms (decision 0125), in the
 * club's time zone whatever the browser's (decision 0155): Africa/Casablanca, UTC+1 in March 2026.
 */
describe('dates', () => {
  // The format's tests in a club on UTC; the zone's own test below sets others.
  beforeEach(() => setClubTimeZone('UTC'));
  afterEach(() => setClubTimeZone('Africa/Casablanca'));
  /** The instant the club's clocks (UTC here) show this wall time. */
  const local = (year: number, month: number, day: number, hour = 0, minute = 0) =>
    new Date(Date.UTC(year, month - 1, day, hour, minute)).toISOString();

  it('writes day, month, year and a 24-hour time in text', () => {
    expect(formatDate(local(2026, 3, 4, 18, 5))).toBe('4 Mar 2026');
    expect(formatDateTime(local(2026, 3, 4, 18, 5))).toBe('4 Mar 2026, 18:05');
  });

  describe("in the page's language (docs/decisions/0128-languages.md)", () => {
    afterEach(() => speak('en'));

    it('writes French and Arabic dates with a 24-hour time, and Latin digits in Arabic', () => {
      speak('fr');
      expect(formatDate(local(2026, 3, 4, 18, 5))).toBe('4 mars 2026');
      expect(formatDateTime(local(2026, 3, 4, 18, 5))).toMatch(/^4 mars 2026.* 18:05$/);
      expect(formatNumber(1234.5)).toBe('1\u202f234,5');
      speak('ar');
      expect(formatDate(local(2026, 3, 4, 18, 5))).toBe('4 مارس 2026');
      expect(formatDateTime(local(2026, 3, 4, 18, 5))).toMatch(/^4 مارس 2026.* 18:05$/);
      expect(formatNumber(1234.5)).toBe('1,234.5');
    });

    it('keeps the typed format dd/mm/yyyy hh:mm in every language', () => {
      speak('ar');
      expect(toLocalInput(local(2026, 3, 4, 18, 5))).toBe('04/03/2026 18:05');
      expect(fromLocalInput('04/03/2026 18:05')).toBe(local(2026, 3, 4, 18, 5));
    });
  });

  it('shows a date and time field as dd/mm/yyyy hh:mm and reads it back in the club’s zone', () => {
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

  it('reads a typed event date in the club’s zone, not the browser’s, and follows a change of the setting', () => {
    // 18:00 in Casablanca (UTC+1 in December) is 17:00 UTC, whatever zone the test runs in.
    setClubTimeZone('Africa/Casablanca');
    expect(fromLocalInput('05/12/2026 18:00')).toBe('2026-12-05T17:00:00.000Z');
    expect(toLocalInput('2026-12-05T17:00:00.000Z')).toBe('05/12/2026 18:00');
    expect(formatDateTime('2026-12-05T23:30:00.000Z')).toBe('6 Dec 2026, 00:30');
    setClubTimeZone('America/New_York');
    expect(fromLocalInput('05/12/2026 18:00')).toBe('2026-12-05T23:00:00.000Z');
    expect(toLocalInput('2026-12-05T23:00:00.000Z')).toBe('05/12/2026 18:00');
    expect(formatDate('2026-12-06T02:00:00.000Z')).toBe('5 Dec 2026');
    // Summer time in New York: four hours behind UTC; the hour the clocks skip names no moment.
    expect(fromLocalInput('01/07/2026 09:30')).toBe('2026-07-01T13:30:00.000Z');
    expect(fromLocalInput('08/03/2026 02:30')).toBe('08/03/2026 02:30');
  });

  it('turns the typed form into the browser picker’s value and back', () => {
    expect(toPickerValue('5/12/2026 8:05', true)).toBe('2026-12-05T08:05');
    expect(toPickerValue('05/12/2026', false)).toBe('2026-12-05');
    expect(toPickerValue('tomorrow', true)).toBe('');
    expect(fromPickerValue('2026-12-05T08:05', true)).toBe('05/12/2026 08:05');
    expect(fromPickerValue('2026-12-05', false)).toBe('05/12/2026');
    expect(fromPickerValue('', true)).toBe('');
  });

  it('reads a date field as yyyy-mm-dd', () => {
    expect(fromDateInput('30/06/2031')).toBe('2031-06-30');
    expect(fromDateInput('')).toBe('');
    expect(fromDateInput('06/30/2031')).toBe('06/30/2031');
  });

  it('names, by path, the dates a reading could not read and the format each field takes', () => {
    expect([i18n._(DATE_TIME_HINT), i18n._(DATE_HINT)]).toEqual([DATE_TIME_FORMAT, DATE_FORMAT]);
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
