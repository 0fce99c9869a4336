import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { forbidden } from '../errors';

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
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

function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    return new URL(value).origin;
  } catch {
    return 'invalid';
  }
}

/** Security headers on every answer, and the Origin check of decisions §1 on every write. */
export function registerSecurity(app: FastifyInstance, config: Config): void {
  const ownOrigin = new URL(config.publicUrl).origin;
  const https = config.publicUrl.startsWith('https:');

  // Only JSON bodies are parsed: anything else is 415 on every route.
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    reply.header('content-security-policy', CONTENT_SECURITY_POLICY);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
    reply.header('cross-origin-opener-policy', 'same-origin');
    reply.header('x-request-id', request.id);
    if (https) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');

    if (!STATE_CHANGING.has(request.method)) return;
    const origin = originOf(request.headers.origin) ?? originOf(request.headers.referer);
    if (origin === undefined) return;
    // The app's configured origin, or the very host the request was sent to (a page of another
    // site cannot choose the Host header of the victim's browser).
    const sameHost = origin !== 'invalid' && new URL(origin).host === request.headers.host;
    if (origin !== ownOrigin && !sameHost) {
      throw forbidden('This request came from another site and was refused.', 'CSRF');
    }
  });
}
