import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { RATE_LIMITED_MESSAGE, type ErrorBody, type ErrorCode } from '../../contract/errors';
import type { ZodType } from 'zod';
import { AppError, FIELD_AND_MESSAGE, RetryLater } from '../errors';
import type { Sentence } from '../../contract/i18n';
import type { Locale } from '../../contract/locales';
import { answerLocale, speaking, tell } from '../i18n';

/** Fastify's own client errors, told in the words of the error shape. */
const FASTIFY_ERRORS: Record<string, { code: ErrorCode; message: Sentence }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: {
    code: 'PAYLOAD_TOO_LARGE',
    message: /*i18n*/ 'The request body is too large (64 KiB at most).',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: /*i18n*/ 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    code: 'VALIDATION_FAILED',
    message: /*i18n*/ 'The Content-Length header does not match the body.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    code: 'INVALID_JSON',
    message: /*i18n*/ 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: /*i18n*/ 'The request body is not valid JSON.' },
};

const INTERNAL: Sentence = /*i18n*/ 'Something went wrong on our side. Please try again.';

type Detail = { path: string; message: string };

/**
 * The details of a refused request in the request's language. The contract's zod messages are
 * read when a value is refused, in the language Lingui speaks then; validation ran in English, so
 * for another language the part that failed is checked again, synchronously, in that language.
 */
function validationDetails(
  error: FastifyError & { validation: { instancePath: string; message?: string }[] },
  request: FastifyRequest,
  locale: Locale,
): Detail[] {
  const english = error.validation.map((issue) => ({
    path: issue.instancePath.slice(1).replaceAll('/', '.'),
    message: issue.message ?? tell(/*i18n*/ 'Invalid value'),
  }));
  const part = error.validationContext;
  const schema = part ? (request.routeOptions.schema?.[part] as ZodType | undefined) : undefined;
  if (locale === 'en' || !schema || !part) return english;
  const input = part === 'querystring' ? request.query : request[part];
  // zod builds its error, messages included, when `.error` is first read: read it while speaking.
  const issues = schema.safeParse(input).error?.issues;
  if (!issues) return english;
  return issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** Runs inside `speaking(the answer's language)`: every sentence is told in it. */
function toErrorBody(
  error: FastifyError,
  request: FastifyRequest,
  locale: Locale,
): { status: number; body: ErrorBody } {
  if (error instanceof AppError) {
    const details = error.details?.map(({ path, message, values }) => ({
      path,
      message: tell({ sentence: message, values }),
    }));
    return {
      status: error.statusCode,
      body: { error: tell(error.said), code: error.code, ...(details ? { details } : {}) },
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const details = validationDetails(error, request, locale);
    const first = details[0];
    return {
      status: 400,
      body: {
        error: first
          ? first.path
            ? tell({ sentence: FIELD_AND_MESSAGE, values: first })
            : first.message
          : tell(/*i18n*/ 'The request is not valid.'),
        code: 'VALIDATION_FAILED',
        details,
      },
    };
  }
  const known = error.code ? FASTIFY_ERRORS[error.code] : undefined;
  if (known) return { status: error.statusCode ?? 400, body: { error: tell(known.message), code: known.code } };
  if (error.statusCode === 429)
    return { status: 429, body: { error: tell(RATE_LIMITED_MESSAGE), code: 'RATE_LIMITED' } };
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500 && !isResponseSerializationError(error)) {
    return {
      status: error.statusCode,
      body: { error: tell(/*i18n*/ 'The request could not be processed.'), code: 'VALIDATION_FAILED' },
    };
  }
  return { status: 500, body: { error: tell(INTERNAL), code: 'INTERNAL' } };
}

/** The one place that turns every thrown error into the JSON error shape of docs/product/api.md#error-shape. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const locale = answerLocale(request);
    const { status, body } = speaking(locale, () => toErrorBody(error, request, locale));
    if (error instanceof RetryLater) {
      request.log.warn({ reqId: request.id, retryAfter: error.retryAfterSeconds }, error.message);
      void reply.header('retry-after', String(error.retryAfterSeconds));
    } else if (status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
    return reply.status(status).send(body);
  });
}

/**
 * Errors the router raises before any route or hook runs (a path parameter over 100 characters,
 * a malformed percent-escape in the path): Fastify would answer them in its own shape, echoing
 * the path back. Given to Fastify as `frameworkErrors`.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const known: Record<string, { status: number; code: ErrorCode; message: Sentence }> = {
    FST_ERR_BAD_URL: { status: 400, code: 'VALIDATION_FAILED', message: /*i18n*/ 'The address is not valid.' },
    FST_ERR_MAX_PARAM_LENGTH: {
      status: 400,
      code: 'VALIDATION_FAILED',
      message: /*i18n*/ 'A part of the address is too long.',
    },
  };
  const { status, code, message } = known[error.code] ?? { status: 500, code: 'INTERNAL' as const, message: INTERNAL };
  // No hook ran: there is no user yet, only the browser's languages.
  const body: ErrorBody = { error: speaking(answerLocale(request), () => tell(message)), code };
  if (status >= 500) request.log.error({ err: error, reqId: request.id }, 'request failed');
  // No hook ran (the security headers are not set): the few that matter for an error, here.
  void reply.status(status).header('x-content-type-options', 'nosniff').header('cache-control', 'no-store').send(body);
}
