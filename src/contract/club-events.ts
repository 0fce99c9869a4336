import { z } from 'zod';
import { isoTimestamp, listSchema, pageQuerySchema } from './common';
import { refusal, say, type Sentence } from './i18n';

// The public pages import only the types of this file: the schemas would pull zod into their bundle.

export const CLUB_EVENT_TITLE_MAX = 120;
export const CLUB_EVENT_DESCRIPTION_MAX = 2000;
export const CLUB_EVENT_LOCATION_MAX = 200;
export const CLUB_EVENT_ORDER_MESSAGE: Sentence = /*i18n*/ 'The end cannot be before the start.';

/** A zod message: `missing` when there is no value at all, `otherwise` when it is of another type. */
const missingOr = (missing: Sentence, otherwise: Sentence) => (issue: { input?: unknown }) =>
  say(issue.input === undefined || issue.input === null ? missing : otherwise);

const title = z
  .string({ error: missingOr(/*i18n*/ 'Title is required.', /*i18n*/ 'The title must be text.') })
  .trim()
  .min(1, refusal(/*i18n*/ 'Title is required.'))
  .max(
    CLUB_EVENT_TITLE_MAX,
    refusal(/*i18n*/ 'The title has at most {max} characters.', { max: CLUB_EVENT_TITLE_MAX }),
  );

/** Optional text: trimmed, and an empty field means "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, refusal(/*i18n*/ 'At most {max} characters.', { max }))
    .nullish()
    .transform((value) => (value ? value : null));

/**
 * An ISO 8601 date and time with its offset, stored as UTC with milliseconds
 * (`2026-11-22T10:52:05.000Z`) so that both engines compare the text or the instant alike.
 */
const timestamp = (sentences: TimestampSentences) =>
  z
    .string({ error: missingOr(sentences.required, sentences.notInstant) })
    .trim()
    .min(1, refusal(sentences.required))
    .pipe(z.iso.datetime({ offset: true, ...refusal(sentences.notInstant) }))
    .transform((value) => new Date(value).toISOString())
    .refine((value) => /^\d{4}-/.test(value), refusal(sentences.outOfRange));

type TimestampSentences = { required: Sentence; notInstant: Sentence; outOfRange: Sentence };
// One sentence per field: the field's name is part of the sentence, never glued to it.
const START: TimestampSentences = {
  required: /*i18n*/ 'Start is required.',
  notInstant: /*i18n*/ 'Start must be an ISO 8601 date and time.',
  outOfRange: /*i18n*/ 'Start must be between the years 0 and 9999.',
};
const END: TimestampSentences = {
  required: /*i18n*/ 'End is required.',
  notInstant: /*i18n*/ 'End must be an ISO 8601 date and time.',
  outOfRange: /*i18n*/ 'End must be between the years 0 and 9999.',
};

const optionalTimestamp = (sentences: TimestampSentences) =>
  z.preprocess((value) => (value === '' ? null : value), timestamp(sentences).nullish());

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
    starts_at: timestamp(START),
    ends_at: optionalTimestamp(END).transform((value) => value ?? null),
  })
  .refine(endsAfterStart, { path: ['ends_at'], ...refusal(CLUB_EVENT_ORDER_MESSAGE) });
export type ClubEventBody = z.input<typeof clubEventBodySchema>;

/** PUT /admin/events/{id}: only the fields to change; `ends_at: null` removes the end. Unknown keys are ignored. */
export const clubEventUpdateSchema = z
  .object({
    title: title.optional(),
    description: optionalText(CLUB_EVENT_DESCRIPTION_MAX).optional(),
    location: optionalText(CLUB_EVENT_LOCATION_MAX).optional(),
    starts_at: timestamp(START).optional(),
    ends_at: optionalTimestamp(END)
      .transform((value) => value ?? null)
      .optional(),
  })
  .refine(endsAfterStart, { path: ['ends_at'], ...refusal(CLUB_EVENT_ORDER_MESSAGE) });
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
