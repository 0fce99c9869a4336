import type { ErrorCode } from '../contract/errors';
import type { Sentence } from '../contract/i18n';
import { speaking, tell, type Said } from './i18n';

/**
 * One refused field: its path and a sentence (with its values), told in the answer's language
 * by the error handler (docs/decisions/0128-languages.md).
 */
export type ErrorDetail = { path: string; message: Sentence; values?: Record<string, unknown> };

/**
 * An error meant for the caller: its sentence is for a person. `message` is its English, for
 * logs and tests; the answer tells `said` in the request's language (plugins/error-handler.ts).
 */
export class AppError extends Error {
  readonly said: Said;
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: Sentence | Said,
    readonly details?: ErrorDetail[],
  ) {
    const said = typeof message === 'string' ? { sentence: message } : message;
    super(speaking('en', () => tell(said)));
    this.said = said;
  }
}

/**
 * 503 UNAVAILABLE for a moment: the server is busy with this kind of work and says when to try
 * again (Retry-After, in seconds). Expected under load, so logged as a warning, not an error.
 */
export class RetryLater extends AppError {
  constructor(
    message: Sentence | Said,
    readonly retryAfterSeconds: number,
  ) {
    super(503, 'UNAVAILABLE', message);
  }
}

/** A refusal's sentence naming the field refused first, as the validation answers do. */
export const FIELD_AND_MESSAGE: Sentence = /*i18n*/ '{path}: {message}';

export const badRequest = (message: Sentence | Said, code: ErrorCode = 'VALIDATION_FAILED', details?: ErrorDetail[]) =>
  new AppError(400, code, message, details);
export const unauthenticated = (message: Sentence = /*i18n*/ 'Unauthorized. Please check your authentication.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (
  message: Sentence | Said = /*i18n*/ "You don't have permission to do this.",
  code: ErrorCode = 'FORBIDDEN',
) => new AppError(403, code, message);
export const notFound = (message: Sentence | Said = /*i18n*/ 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: Sentence | Said) => new AppError(409, 'CONFLICT', message);
