import { z } from 'zod';
import type { Sentence } from './i18n';

/** Machine-readable codes of the error shape (docs/product/api.md#error-codes). */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'INVALID_STATE',
  'MISSING_OAUTH_PARAMETERS',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'BANNED',
  'DEADLINE_PASSED',
  'APPLICATIONS_CLOSED',
  'NOT_ELIGIBLE',
  'CSRF',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
  'BAD_GATEWAY',
  'INTRA_CREDENTIALS',
  'UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const errorDetailSchema = z.object({ path: z.string(), message: z.string() });

export const errorBodySchema = z.object({
  error: z.string(),
  code: z.enum(ERROR_CODES),
  details: z.array(errorDetailSchema).optional(),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;

/** What a banned user's session is told on every guarded call and at sign-in (code BANNED). */
export const BANNED_MESSAGE: Sentence = /*i18n*/ 'Your account has been banned';

/** The sentence for 429 answers (docs/product/api.md#error-codes). */
export const RATE_LIMITED_MESSAGE: Sentence = /*i18n*/ 'Rate limit exceeded. Please wait a moment and try again.';
