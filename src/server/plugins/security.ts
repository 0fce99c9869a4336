import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { badRequest, forbidden } from '../errors';

/**
 * The one inline script of index.html, which puts a saved theme on the page before its first
 * paint (docs/decisions/0123-dark-theme.md): allowed by its hash, no other inline script is.
 * security.test.ts checks it against src/web/index.html.
 */
export const THEME_SCRIPT_HASH = "'sha256-g+grdXJ6VDIFXqGbx5H+kqgZna8pCxn6nn/Eh58v8VQ='";

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  `script-src 'self' ${THEME_SCRIPT_HASH}`,
  "style-src 'self'",
  // Avatars come from the 42 intra's CDN and the board's photos from wherever the club keeps them.
  "img-src 'self' data: https:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const isApi = (url: string) => url.startsWith('/api/') || url === '/api' || url.startsWith('/api?');

/**
 * The address this request was sent to, as the browser saw it: the scheme from request.protocol
 * and the host from the Host header (both from X-Forwarded-Proto and X-Forwarded-Host when a
 * trusted proxy sends them). Undefined when they make no URL.
 */
export function requestOrigin(request: FastifyRequest): URL | undefined {
  try {
    return new URL(`${request.protocol}://${request.host}`);
  } catch {
    return undefined;
  }
}

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

const NUL = '\u0000';
export const NUL_MESSAGE = 'Text cannot contain the NUL character (\\u0000).';
// The escape is a value: Lingui turns a `\u0000` written in a sentence into the character itself.
const NUL_REFUSAL = {
  sentence: /*i18n*/ 'Text cannot contain the NUL character ({escape}).',
  values: { escape: '\\u0000' },
};

/**
 * No key of its own: the params and query of most calls, checked without allocating. An array by
 * its length: `for...in` lists every index before it yields the first.
 */
function isEmpty(value: object): boolean {
  if (Array.isArray(value)) return value.length === 0;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** Bytes (an uploaded image, the one body that is not JSON) are no text: NUL is an ordinary byte there. */
const isBytes = (value: unknown) => ArrayBuffer.isView(value);

/**
 * Where a NUL character sits in a parsed body, query or path, if anywhere: key or value, at any
 * depth. A loop rather than recursion, so that a body nested thousands deep cannot overflow the stack.
 */
function nulAt(input: unknown): string | undefined {
  // Bytes first: listing the keys of a 2 MB upload, one per byte, held the server for 0.3 s.
  if (input === undefined || input === null || isBytes(input)) return undefined;
  if (typeof input === 'object' && isEmpty(input)) return undefined;
  const stack: { value: unknown; path: string }[] = [{ value: input, path: '' }];
  while (stack.length) {
    const { value, path } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
    } else if (value && typeof value === 'object' && !isBytes(value)) {
      for (const [key, item] of Object.entries(value)) {
        const itemPath = path ? `${path}.${key}` : key;
        if (key.includes(NUL)) return itemPath;
        stack.push({ value: item, path: itemPath });
      }
    }
  }
  return undefined;
}

/**
 * Security headers on every answer (and no-store on every API answer), the Origin check of
 * docs/product/api.md#api-conventions on every write, and no NUL in any input.
 */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const ownOrigin = new URL(config.publicUrl).origin;
  const https = config.publicUrl.startsWith('https:');

  // Only JSON bodies are parsed: anything else is 415 on every route.
  app.removeContentTypeParser('text/plain');

  // PostgreSQL cannot store U+0000 in text and SQLite's length() stops at it, so no input may
  // carry one. After the guards (who may call comes first), before any schema or service.
  // Both hooks in Fastify's callback form: no promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    const path = nulAt(request.params) ?? nulAt(request.query) ?? nulAt(request.body);
    done(
      path === undefined
        ? undefined
        : badRequest(NUL_REFUSAL, 'VALIDATION_FAILED', [
            { path, message: NUL_REFUSAL.sentence, values: NUL_REFUSAL.values },
          ]),
    );
  });

  app.addHook('onRequest', (request: FastifyRequest, reply, done) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-request-id', request.id);
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    // An API answer may depend on the session: no cache (browser, proxy, back button) may keep it.
    // Set first, so that it holds for refusals too; a route that sets its own (a public read) wins.
    if (isApi(request.url)) reply.header('cache-control', 'no-store');

    done(STATE_CHANGING.has(request.method) ? crossSiteRefusal(request) : undefined);
  });

  function crossSiteRefusal(request: FastifyRequest) {
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === undefined) return undefined;
    // The app's configured origin, or the very origin the request was sent to: scheme, host and
    // port (a page of another site cannot choose the Host of the victim's browser). Never a page
    // served over plain http to an https app, whatever a misconfigured proxy says of the scheme.
    const sameOrigin =
      origin === ownOrigin || (origin === requestOrigin(request)?.origin && !(https && origin.startsWith('http:')));
    return sameOrigin ? undefined : forbidden(/*i18n*/ 'This request came from another site and was refused.', 'CSRF');
  }
}
