import type { ErrorCode } from '../contract/errors';

export type ErrorDetail = { path: string; message: string };

/** An error meant for the caller: its message is a sentence for a person. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetail[],
  ) {
    super(message);
  }
}

export const badRequest = (message: string, code: ErrorCode = 'VALIDATION_FAILED', details?: ErrorDetail[]) =>
  new AppError(400, code, message, details);
export const unauthenticated = (message = 'Unauthorized. Please check your authentication.') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = "You don't have permission to do this.", code: ErrorCode = 'FORBIDDEN') =>
  new AppError(403, code, message);
export const notFound = (message = 'Not found.') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
