import { i18n } from '@lingui/core';
import { afterEach, describe, expect, it } from 'vitest';
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
  readingDates,
  toLocalInput,
} from './format';

const speak = (locale: Locale) => {
  i18n.load(locale, {});
  i18n.activate(locale, [INTL_LOCALES[locale]]);
};
const DATE_TIME_FORMAT = 'Day/month/year and 24-hour time, for example 31/12/2026 18:30.';
const DATE_FORMAT = 'Day/month/year, for example 31/12/2026.';

/** Dates read day/month/year with a 24-hour time, in text and in forms (decision 0125). */
describe('dates', () => {
  const local = (year: number, month: number, day: number, hour = 0, minute = 0) =>
    new Date(year, month - 1, day, hour, minute).toISOString();

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
