import { z } from 'zod';
import { isoTimestamp, listSchema, pageQuerySchema } from './common';

// The public pages import only the types of this file: the schemas would pull zod into their bundle.

export const CLUB_EVENT_TITLE_MAX = 120;
export const CLUB_EVENT_DESCRIPTION_MAX = 2000;
export const CLUB_EVENT_LOCATION_MAX = 200;
export const CLUB_EVENT_ORDER_MESSAGE = 'The end cannot be before the start.';

const missingOr = (message: string, otherwise: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? message : otherwise;

const title = z
  .string({ error: missingOr('Title is required.', 'The title must be text.') })
  .trim()
  .min(1, 'Title is required.')
  .max(CLUB_EVENT_TITLE_MAX, `The title has at most ${CLUB_EVENT_TITLE_MAX} characters.`);

/** Optional text: trimmed, and an empty field means "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `At most ${max} characters.`)
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An ISO 8601 date and time with its offset, stored as UTC with milliseconds
 * (`2026-11-22T10:52:05.000Z`) so that both engines compare the text or the instant alike.
 */
const timestamp = (name: string) =>
  z
    .string({ error: missingOr(`${name} is required.`, `${name} must be an ISO 8601 date and time.`) })
    .trim()
    .min(1, `${name} is required.`)
    .pipe(z.iso.datetime({ offset: true, error: `${name} must be an ISO 8601 date and time.` }))
    .transform((value) => new Date(value).toISOString())
    .refine((value) => /^\d{4}-/.test(value), `${name} must be between the years 0 and 9999.`);

const optionalTimestamp = (name: string) =>
  z.preprocess((value) => (value === '' ? null : value), timestamp(name).nullish());

/** Only judged when both are valid instants: a malformed one already has its own message. */
const endsAfterStart = (event: { starts_at?: unknown; ends_at?: unknown }) => {
  const start = typeof event.starts_at === 'string' ? Date.parse(event.starts_at) : Number.NaN;
  const end = typeof event.ends_at === 'string' ? Date.parse(event.ends_at) : Number.NaN;
  return Number.isNaN(start) || Number.isNaN(end) || end >= start;
};

/** POST /admin/events: title and start required; the end, when given, is not before the start. */
export const clubEventBodySchema = z
  .object({
    title,
    description: optionalText(CLUB_EVENT_DESCRIPTION_MAX),
    location: optionalText(CLUB_EVENT_LOCATION_MAX),
    starts_at: timestamp('Start'),
    ends_at: optionalTimestamp('End').transform((value) => value ?? null),
  })
  .refine(endsAfterStart, { path: ['ends_at'], message: CLUB_EVENT_ORDER_MESSAGE });
export type ClubEventBody = z.input<typeof clubEventBodySchema>;

/** PUT /admin/events/{id}: only the fields to change; `ends_at: null` removes the end. Unknown keys are ignored. */
export const clubEventUpdateSchema = z
  .object({
    title: title.optional(),
    description: optionalText(CLUB_EVENT_DESCRIPTION_MAX).optional(),
    location: optionalText(CLUB_EVENT_LOCATION_MAX).optional(),
    starts_at: timestamp('Start').optional(),
    ends_at: optionalTimestamp('End')
      .transform((value) => value ?? null)
      .optional(),
  })
  .refine(endsAfterStart, { path: ['ends_at'], message: CLUB_EVENT_ORDER_MESSAGE });
export type ClubEventUpdate = z.input<typeof clubEventUpdateSchema>;

export const clubEventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  location: z.string().nullable(),
  starts_at: isoTimestamp,
  ends_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type ClubEvent = z.infer<typeof clubEventSchema>;

export const clubEventListQuerySchema = pageQuerySchema();
export const clubEventListSchema = listSchema(clubEventSchema);
