import { z } from 'zod';
import { idTextSchema, isoTimestamp, timestampInput } from './common';
import { refusal, type Sentence } from './i18n';

/**
 * Recruitment rounds (docs/product/communication.md#recruitment-rounds, decision 0121): a round is open from
 * `opens_at` until `closes_at` (excluded), or until the board closes it when `closes_at` is
 * null. Rounds never overlap; applications are taken while one is open and the
 * `applications_open` setting is on.
 */
export const ROUND_NAME_MAX = 100;
export const ROUND_ORDER_MESSAGE: Sentence = /*i18n*/ 'A round must close after it opens.';

const name = z
  .string(refusal(/*i18n*/ 'Give the round a name.'))
  .trim()
  .min(1, refusal(/*i18n*/ 'Give the round a name.'))
  .max(ROUND_NAME_MAX, refusal(/*i18n*/ "A round's name has at most {max} characters.", { max: ROUND_NAME_MAX }));

/** A date and time, stored as UTC with milliseconds so that both engines compare them alike. */
const instant = timestampInput().transform((value) => new Date(value).toISOString());
/** An empty closing date means "open until closed" (null). */
const closing = z.preprocess((value) => (value === '' ? null : value), instant.nullable());
/** An empty opening (or null) means "now": the server's clock when it saves the round (decision 0145). */
const opening = z.preprocess((value) => (value === '' ? null : value), instant.nullable());

/** Only judged when both are valid instants: a malformed one already has its own message. */
const closesAfterOpening = (round: { opens_at?: unknown; closes_at?: unknown }) =>
  typeof round.opens_at !== 'string' ||
  typeof round.closes_at !== 'string' ||
  Date.parse(round.closes_at) > Date.parse(round.opens_at);

/**
 * POST /admin/rounds: a name, an opening (none: it opens when saved) and a closing (none: it stays
 * open until closed).
 */
export const roundBodySchema = z
  .object({
    name,
    opens_at: opening.optional().transform((value) => value ?? null),
    closes_at: closing.optional().transform((value) => value ?? null),
  })
  .refine(closesAfterOpening, { path: ['closes_at'], ...refusal(ROUND_ORDER_MESSAGE) });
export type RoundBody = z.input<typeof roundBodySchema>;

/**
 * PUT /admin/rounds/{id}: the fields to change; an empty or null `opens_at` opens it now;
 * `closes_at` now closes it, null opens it again until closed.
 */
export const roundUpdateSchema = z
  .object({ name: name.optional(), opens_at: opening.optional(), closes_at: closing.optional() })
  .refine(closesAfterOpening, { path: ['closes_at'], ...refusal(ROUND_ORDER_MESSAGE) });
export type RoundUpdate = z.input<typeof roundUpdateSchema>;

export const roundSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  opens_at: isoTimestamp,
  closes_at: isoTimestamp.nullable(),
  /** Whether it takes applications now (the `applications_open` setting aside). */
  is_open: z.boolean(),
  /** How many applications were sent in it. */
  applications: z.number().int().min(0),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Round = z.infer<typeof roundSchema>;

/** Every round, the latest opening first: a club has a few a year, so the list is not paged. */
export const roundListSchema = z.object({ data: z.array(roundSchema) });

/** The filter of the admin lists, the CSV export and the Overview: one round's applications. */
export const roundFilterSchema = z.object({
  round_id: idTextSchema.optional(),
});
