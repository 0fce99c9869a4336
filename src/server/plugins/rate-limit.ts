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
 * The budgets that all the signed-out callers of one address share, visitor cookies or none, new
 * cookies included: the most a client that throws its cookies away can spend (decision 0140). A
 * campus behind one address spends about a quarter of it in its busiest minute, 1,000 students
 * arriving at once: 4,000 (a cookie and 3 signed-out calls each) and 6,000 more from the sign-ins
 * waiting in line behind the intra's pace (each asks again within 10 s).
 */
export const ADDRESS_BUDGETS = 40;

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

/** The limits, once registered: the request hook, and a spender of an address's shared budget. */
type Limits = {
  hook: (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void;
  /** Spends one call of the address's shared budget; answers whether it was left, and when to try again. */
  spendOfAddress: (request: FastifyRequest) => Promise<{ left: boolean; retryAfterS: number }>;
};

/**
 * RATE_LIMIT_PER_MINUTE calls a minute for each key, counted in Redis when several processes share
 * one; and, for signed-out calls, ADDRESS_BUDGETS times that for each address, all its visitors
 * and new visitor cookies together (decision 0140).
 */
async function registerLimits(
  app: App,
  config: Config,
  redis: Redis | undefined,
  visitors: ReturnType<typeof visitorIds>,
): Promise<Limits> {
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
  const addressBudget = app.createRateLimit({
    max: config.rateLimitPerMinute * ADDRESS_BUDGETS,
    keyGenerator: (request) => `signed-out:${request.ip}`,
  });
  const spendOfAddress: Limits['spendOfAddress'] = async (request) => {
    const spent = await addressBudget(request);
    // `isAllowed` is the library's allow list, which names nobody here.
    if (spent.isAllowed) return { left: true, retryAfterS: 0 };
    return { left: !spent.isExceeded, retryAfterS: spent.ttlInSeconds };
  };
  const spendSignedOut = async (request: FastifyRequest, reply: FastifyReply) => {
    const { left, retryAfterS } = await spendOfAddress(request);
    if (left) return;
    void reply.header('retry-after', String(retryAfterS));
    throw Object.assign(new Error(RATE_LIMITED_MESSAGE), { statusCode: 429 });
  };
  return {
    spendOfAddress,
    hook(request, reply, done) {
      if (!isRateLimited(request)) return done();
      // Signed out, a call spends its address's shared budget besides its own (visitor or address).
      const shared = request.user ? Promise.resolve() : spendSignedOut(request, reply);
      shared.then(() => limit.call(app, request, reply)).then(() => done(), done);
    },
  };
}

/**
 * The rate limit (decisions 0106, 0140): registered as app-level onRequest hooks right after the
 * session hook, so that it runs before any route's guard and for unknown paths too (decision
 * 0081), and visitor cookies for the pages.
 */
export async function registerRateLimit(app: App, config: Config, redis: Redis | undefined): Promise<void> {
  const visitors = visitorIds(config.oauth.clientSecret);
  const secure = config.publicUrl.startsWith('https:');
  const limits = config.rateLimitPerMinute > 0 ? await registerLimits(app, config, redis, visitors) : undefined;
  const mintVisitor = (reply: FastifyReply) =>
    reply.setCookie(VISITOR_COOKIE, visitors.mint(), {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure,
      maxAge: VISITOR_MAX_AGE_S,
    });

  // Every page load without a visitor id gets one, which the API calls that follow carry: a new
  // one spends a call of its address's shared budget, and none is given once that is spent.
  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !isPage(request) || request.user) return done();
    if (visitors.verify(request.cookies[VISITOR_COOKIE])) return done();
    if (!limits) {
      mintVisitor(reply);
      return done();
    }
    limits.spendOfAddress(request).then(({ left }) => {
      if (left) mintVisitor(reply);
      done();
    }, done);
  });
  if (limits) app.addHook('onRequest', limits.hook);
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
