import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { INTL_LOCALES } from '../../contract/i18n';
import { isLocale } from '../../contract/locales';
import { DEFAULT_SETTINGS } from '../../contract/settings-defaults';
import type { User } from '../../contract/users';

/*
 * Dates, times and numbers in the language the page speaks (docs/decisions/0128-languages.md),
 * read from Lingui's `i18n.locale` at each call. English keeps the British order, day before
 * month, and every language a 24-hour time (decision 0125).
 */

/**
 * The club's time zone (the `time_zone` setting, decision 0155): every date shown is told in it and
 * every date typed is read in it, whatever the zone of the browser. The public settings set it
 * (features/public/api.ts) before the first page renders.
 */
let clubTimeZone = DEFAULT_SETTINGS.time_zone;

export function setClubTimeZone(timeZone: string): void {
  clubTimeZone = timeZone;
}

/** The zone dates are shown and read in: `Africa/Casablanca`. */
export const clubZone = (): string => clubTimeZone;

/** The `Intl` locale of the active language. */
export function intlLocale(): string {
  return isLocale(i18n.locale) ? INTL_LOCALES[i18n.locale] : INTL_LOCALES.en;
}

export const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: clubTimeZone,
  });

export const formatDateTime = (iso: string) =>
  new Date(iso).toLocaleString(intlLocale(), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: clubTimeZone,
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
    timeZone: clubTimeZone,
  }).formatRange(new Date(startIso), new Date(endIso));

/** A date with its weekday and no year: "Sat 5 Dec". */
export const formatDay = (date: Date) =>
  date.toLocaleDateString(intlLocale(), { weekday: 'short', day: 'numeric', month: 'short', timeZone: clubTimeZone });

/** A time of day: "18:00". */
export const formatTime = (date: Date) =>
  date.toLocaleTimeString(intlLocale(), {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: clubTimeZone,
  });

/** A month's short name: "Dec". */
export const formatMonth = (date: Date) =>
  date.toLocaleDateString(intlLocale(), { month: 'short', timeZone: clubTimeZone });

/** A number, grouped and with the decimal sign of the language (a year is a string, never this). */
export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) =>
  new Intl.NumberFormat(intlLocale(), options).format(value);

/** A user's name as the app shows it: first and last name, else the intra login. */
export const fullName = (user: Pick<User, 'first_name' | 'last_name' | 'intra_login'>) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.intra_login;

/** A duration in whole units, the unit's name in full: "12 seconds", "3 minutes". */
export const formatDuration = (value: number, unit: 'second' | 'minute' | 'hour' | 'day') =>
  formatNumber(value, { style: 'unit', unit, unitDisplay: 'long' });

const pad = (n: number) => String(n).padStart(2, '0');

/*
 * Dates typed in forms read day/month/year with a 24-hour time, as the text shows them
 * (decision 0125), in the club's time zone (decision 0155). The browser's own date fields follow
 * the browser's locale (month first in an American Chromium) whatever the page says, so the
 * fields are text fields with this format, and the browser's picker fills them (date-picker.tsx).
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

type WallTime = { year: number; month: number; day: number; hour: number; minute: number };

/** What the clocks of `timeZone` show at `date`. */
function wallTimeIn(date: Date, timeZone: string): WallTime {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const asUtc = (wall: WallTime) => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

/**
 * The instant at which the clocks of `timeZone` show `wall`; null when they never do (31/02, or
 * the hour skipped when the clocks go forward). Two steps: the offset at a first guess, then at
 * the instant found, in case the offset changes in between.
 */
function instantAt(wall: WallTime, timeZone: string): Date | null {
  const target = asUtc(wall);
  let instant = target;
  for (let step = 0; step < 2; step++) instant += target - asUtc(wallTimeIn(new Date(instant), timeZone));
  return asUtc(wallTimeIn(new Date(instant), timeZone)) === target &&
    new Date(target).getUTCDate() === wall.day &&
    new Date(target).getUTCMonth() === wall.month - 1
    ? new Date(instant)
    : null;
}

/** The parts of a text typed day/month/year (and hh:mm when `withTime`); null when it is not so written. */
function typedParts(text: string, withTime: boolean): WallTime | null {
  const match = DATE_TIME.exec(text.trim());
  if (!match || (withTime && match[4] === undefined)) return null;
  const [day, month, year, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  if (hour! > 23 || minute! > 59) return null;
  return { year: year!, month: month!, day: day!, hour: hour!, minute: minute! };
}

const typedText = (wall: WallTime, withTime: boolean) =>
  `${pad(wall.day)}/${pad(wall.month)}/${wall.year}${withTime ? ` ${pad(wall.hour)}:${pad(wall.minute)}` : ''}`;

/** An instant as a date and time field shows it, in the club's time zone: `31/12/2026 18:30`. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  return typedText(wallTimeIn(new Date(iso), clubTimeZone), true);
}

/*
 * The browser's own picker (decision 0155): a phone's wheels or a desktop's calendar, beside the
 * typed field. Its value is a wall time without a zone (`2026-12-31T18:30`, `2026-12-31`), read
 * in the club's zone like a typed one: these two turn one form into the other.
 */

/** The typed text as a picker's value (`2026-12-31T18:30`), or '' when it cannot be read. */
export function toPickerValue(text: string, withTime: boolean): string {
  const wall = typedParts(text, withTime);
  if (!wall) return '';
  const date = [wall.year, pad(wall.month), pad(wall.day)].join('-');
  // HTML's local date and time: the date, a T, the time.
  return withTime ? [date, [pad(wall.hour), pad(wall.minute)].join(':')].join('T') : date;
}

/** A picker's value as the text the field takes (`31/12/2026 18:30`), or '' when it is empty. */
export function fromPickerValue(value: string, withTime: boolean): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2}))?/.exec(value);
  if (!match) return '';
  const [year, month, day, hour = 0, minute = 0] = match.slice(1).map((part) => Number(part ?? 0));
  return typedText({ year: year!, month: month!, day: day!, hour: hour!, minute: minute! }, withTime);
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
  const wall = typedParts(local, true);
  const instant = wall && instantAt(wall, clubTimeZone);
  return instant?.toISOString() ?? unreadable(local, i18n._(DATE_TIME_HINT));
}

/** A date field's text (`31/12/2026`) as `2026-12-31`; what cannot be read is passed on for the schema to refuse. */
export function fromDateInput(local: string): string {
  if (!local.trim()) return '';
  const wall = typedParts(local, false);
  // A day of the calendar, the same in every zone: UTC only checks that it exists.
  return wall && instantAt(wall, 'UTC')
    ? `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`
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
