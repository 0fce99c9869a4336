import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { INTL_LOCALES } from '../../contract/i18n';
import { isLocale } from '../../contract/locales';

/*
 * Dates, times and numbers in the language the page speaks (docs/decisions/0128-languages.md),
 * read from Lingui's `i18n.locale` at each call. English keeps the British order, day before
 * month, and every language a 24-hour time (decision 0125).
 */

/** The `Intl` locale of the active language. */
export function intlLocale(): string {
  return isLocale(i18n.locale) ? INTL_LOCALES[i18n.locale] : INTL_LOCALES.en;
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(intlLocale(), { day: 'numeric', month: 'short', year: 'numeric' });

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });

/**
 * From one moment to another, as the language writes a range: "10 Jan 2031, 18:00 – 11 Jan 2031, 18:00"
 * in English, the dates' order and the dash as Arabic lays them out (no "→" that would point the wrong way).
 */
export const formatDateTimeRange = (startIso: string, endIso: string) =>
  new Intl.DateTimeFormat(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatRange(new Date(startIso), new Date(endIso));

/** A date with its weekday and no year: "Sat 5 Dec". */
export const formatDay = (date: Date) =>
  date.toLocaleDateString(intlLocale(), { weekday: 'short', day: 'numeric', month: 'short' });

/** A time of day: "18:00". */
export const formatTime = (date: Date) =>
  date.toLocaleTimeString(intlLocale(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** A month's short name: "Dec". */
export const formatMonth = (date: Date) => date.toLocaleDateString(intlLocale(), { month: 'short' });

/** A number, grouped and with the decimal sign of the language (a year is a string, never this). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(intlLocale(), options).format(value);

/** A duration in whole units, the unit's name in full: "12 seconds", "3 minutes". */
export const formatDuration = (value: number, unit: 'second' | 'minute' | 'hour' | 'day') =>
  formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });

const pad = (n: number) => String(n).padStart(2, '0');

/*
 * Dates typed in forms read day/month/year with a 24-hour time, as the text shows them
 * (decision 0125). The browser's own date fields follow the browser's locale (month first in
 * an American Chromium) whatever the page says, so the fields are text fields with this format.
 */

/**
 * What a date and time field says it takes (its hint starts with it), in the page's language:
 * `i18n._(DATE_TIME_HINT)` or `t(DATE_TIME_HINT)`. The format itself is the same in every
 * language, and so are the placeholders below (docs/decisions/0128-languages.md).
 */
export const DATE_TIME_HINT = msg`Day/month/year and 24-hour time, for example 31/12/2026 18:30.`;
/** What a date field says it takes. */
export const DATE_HINT = msg`Day/month/year, for example 31/12/2026.`;
export const DATE_TIME_PLACEHOLDER = 'dd/mm/yyyy hh:mm';
export const DATE_PLACEHOLDER = 'dd/mm/yyyy';

/** The attributes of a date and time field (and of a date field). */
export const DATE_TIME_INPUT = {
  type: 'text',
  placeholder: DATE_TIME_PLACEHOLDER,
  autoComplete: 'off',
  spellCheck: false,
};
export const DATE_INPUT = { ...DATE_TIME_INPUT, placeholder: DATE_PLACEHOLDER };

const DATE_TIME = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/;

/** The local date (and time, if `withTime`) typed as day/month/year hh:mm; null when it names no such moment (31/02). */
function readLocal(text: string, withTime: boolean): Date | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match || (withTime && match[4] === undefined)) return null;
  const [day, month, year, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  const date = new Date(year!, month! - 1, day, hour, minute);
  const same =
    date.getFullYear() === year &&
    date.getMonth() === month! - 1 &&
    date.getDate() === day &&
    date.getHours() === hour &&
    date.getMinutes() === minute;
  return same ? date : null;
}

/** An instant as a date and time field shows it, in the browser's time zone: `31/12/2026 18:30`. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The texts the readers could not read while `readingDates` runs, each with the format its field takes. */
let misread: Map<string, string> | null = null;

/** Passes an unreadable text on (for the schema to refuse) and notes which format it missed. */
function unreadable(text: string, format: string): string {
  misread?.set(text, format);
  return text;
}

/** A date and time field's text as an ISO instant; what cannot be read is passed on for the schema to refuse. */
export function fromLocalInput(local: string): string {
  if (!local.trim()) return '';
  return readLocal(local, true)?.toISOString() ?? unreadable(local, i18n._(DATE_TIME_HINT));
}

/** A date field's text (`31/12/2026`) as `2026-12-31`; what cannot be read is passed on for the schema to refuse. */
export function fromDateInput(local: string): string {
  if (!local.trim()) return '';
  const date = readLocal(local, false);
  return date
    ? `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
    : unreadable(local, i18n._(DATE_HINT));
}

/**
 * Runs `read`, which turns a form's fields into what the API takes with the readers above, and
 * answers its value with, by path in that value (`closes_at`, `rows.2.at`), the format of each
 * date it could not read. The schema's own message names the API's format (ISO 8601), which is
 * not what the person types: forms show this one instead, under that field (decision 0125).
 */
export function readingDates<T>(read: () => T): { value: T; misread: Map<string, string> } {
  const outer = misread;
  const seen = new Map<string, string>();
  misread = seen;
  try {
    const value = read();
    const paths = new Map<string, string>();
    const walk = (node: unknown, path: string) => {
      if (typeof node === 'string') {
        const format = seen.get(node);
        if (format) paths.set(path, format);
      } else if (node && typeof node === 'object') {
        for (const [key, child] of Object.entries(node)) walk(child, path ? `${path}.${key}` : key);
      }
    };
    walk(value, '');
    return { value, misread: paths };
  } finally {
    misread = outer;
  }
}

/** The time zone date and time fields are read in: the browser's. */
export const BROWSER_TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;
