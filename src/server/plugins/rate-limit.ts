import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import { RATE_LIMITED_MESSAGE } from '../../contract/errors';
import type { Config } from '../config';
import type { App } from '../deps';

/** The browser's visitor id: a budget of its own before it signs in (decision 0106). */
export const VISITOR_COOKIE = 'visitor';
const VISITOR_MAX_AGE_S = 24 * 3600;
/** Genuine visitor cookies remembered (about 100 bytes each): a campus's browsers on opening day. */
const VERIFIED_KEPT = 10_000;

/**
 * What the limit protects: the API. Pages, assets, the favicon and the health check are never
 * limited (a campus loads them by the thousand through one address, and they cost nothing), nor
 * is the local 42 stand-in, which enforces the intra's own limits.
 */
export function isRateLimited(request: FastifyRequest): boolean {
  const path = request.url;
  if (path.startsWith('/api/')) return !(path === '/api/health' || path.startsWith('/api/health?'));
  if (path.startsWith('/dev/')) return false;
  // Outside the API only pages and files are served: anything but a read is a 404 worth counting.
  return request.method !== 'GET' && request.method !== 'HEAD';
}

/**
 * Signed visitor ids: only the server can mint one, so a made-up cookie buys no budget. The key is
 * derived from the intra client secret, which every process of a deployment shares.
 */
function visitorIds(secret: string) {
  const key = createHmac('sha256', secret).update('visitor-cookie').digest();
  const sign = (id: string) => createHmac('sha256', key).update(id).digest('base64url').slice(0, 22);
  /**
   * Cookies already found genuine, and their ids: a browser sends its cookie with every page
   * and signed-out call, and an HMAC for each cost more than the rest of the limit. Only genuine
   * ones are kept (made-up ones cannot push them out), at most VERIFIED_KEPT.
   */
  const verified = new Map<string, string>();
  const keep = (cookie: string, id: string) => {
    if (verified.size >= VERIFIED_KEPT) verified.clear();
    verified.set(cookie, id);
  };
  return {
    mint(): string {
      const id = randomBytes(12).toString('base64url');
      const cookie = `${id}.${sign(id)}`;
      keep(cookie, id);
      return cookie;
    },
    /** The id of a cookie the server minted, or undefined. */
    verify(cookie: string | undefined): string | undefined {
      if (!cookie || cookie.length > 64) return undefined;
      const known = verified.get(cookie);
      if (known !== undefined) return known;
      const [id = '', signature = ''] = cookie.split('.');
      const expected = Buffer.from(sign(id));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
      keep(cookie, id);
      return id;
    },
  };
}

/**
 * The budget key of a request: the signed-in user, else the browser's visitor id, else the
 * address. A whole campus shares one address, but each of its browsers holds a visitor id from
 * the first page it loaded; clients that keep no cookies share the address's budget.
 */
function budgetKey(request: FastifyRequest, visitors: ReturnType<typeof visitorIds>): string {
  if (request.user) return `user:${request.user.id}`;
  const visitor = visitors.verify(request.cookies[VISITOR_COOKIE]);
  return visitor ? `visitor:${visitor}` : `ip:${request.ip}`;
}

/**
 * RATE_LIMIT_PER_MINUTE calls a minute for each key, counted in Redis when several processes share
 * one. Registered as one app-level onRequest hook right after the session hook, so that it runs
 * before any route's guard and for unknown paths too (decision 0081).
 */
export async function registerRateLimit(app: App, config: Config, redis: Redis | undefined): Promise<void> {
  const visitors = visitorIds(config.oauth.clientSecret);
  const secure = config.publicUrl.startsWith('https:');

  // Every page load without a visitor id gets one: the API calls that follow carry it.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method === 'GET' && isPage(request) && !request.user) {
      if (!visitors.verify(request.cookies[VISITOR_COOKIE])) {
        reply.setCookie(VISITOR_COOKIE, visitors.mint(), {
          httpOnly: true,
          sameSite: 'lax',
          path: '/',
          secure,
          maxAge: VISITOR_MAX_AGE_S,
        });
      }
    }
    done();
  });

  if (config.rateLimitPerMinute <= 0) return;
  await app.register(fastifyRateLimit, {
    global: false,
    max: config.rateLimitPerMinute,
    timeWindow: 60_000,
    ...(redis ? { redis, nameSpace: `${config.redisKeyPrefix}rate-limit:` } : {}),
    // Redis down: serve without the shared limit (app.ts logs it) rather than answer 500 to all.
    skipOnError: true,
    keyGenerator: (request) => budgetKey(request, visitors),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      code: 'RATE_LIMITED',
      error: RATE_LIMITED_MESSAGE,
      retryAfter: context.after,
    }),
  });
  const limit = app.rateLimit();
  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!isRateLimited(request)) return done();
    limit.call(app, request, reply).then(() => done(), done);
  });
}

/** A request for a page of the SPA: not the API, the stand-in, nor a built file. */
function isPage(request: FastifyRequest): boolean {
  const path = request.url;
  return (
    !path.startsWith('/api/') &&
    !path.startsWith('/dev/') &&
    !path.startsWith('/assets/') &&
    !/\.[a-z0-9]+(\?|$)/i.test(path)
  );
}
