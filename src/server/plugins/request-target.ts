import type { FastifyServerOptions } from 'fastify';

/** `http://host:port` (any scheme) at the start of an absolute-form request target. */
const SCHEME_AND_AUTHORITY = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i;

/**
 * The request target in origin form (`/path?query`), for Fastify's `rewriteUrl`. A request line
 * may name a whole URL (`GET http://evil.example/api/auth/login HTTP/1.1`, the absolute form
 * proxies speak): Fastify routes it by its path but keeps the whole URL in `request.url`, where
 * every check that reads the path (the rate limit, no-store on the API, the SPA's pages) would
 * miss it and a redirect would take its host. The host comes from `Host` (or a trusted proxy's
 * `X-Forwarded-Host`) only, never from the request line.
 */
export const originFormUrl: NonNullable<FastifyServerOptions['rewriteUrl']> = (request) => {
  const url = request.url ?? '/';
  if (url.startsWith('/')) return url;
  const match = SCHEME_AND_AUTHORITY.exec(url);
  if (!match) return url;
  const rest = url.slice(match[0].length);
  return rest.startsWith('/') ? rest : `/${rest}`;
};

/**
 * The same path and query on PUBLIC_URL: the scheme, host and port of a redirect come from the
 * configuration only, whatever the request names. The path stays a path (`//evil.example/x`
 * is the path `//evil.example/x` on PUBLIC_URL's host, not another host).
 */
export function onPublicUrl(publicUrl: string, requestUrl: string): URL {
  const target = new URL(publicUrl);
  const queryAt = requestUrl.indexOf('?');
  target.pathname = queryAt === -1 ? requestUrl : requestUrl.slice(0, queryAt);
  target.search = queryAt === -1 ? '' : requestUrl.slice(queryAt);
  return target;
}
