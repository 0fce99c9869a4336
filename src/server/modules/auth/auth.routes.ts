import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authCallbackQuerySchema, signInWaitingSchema } from '../../../contract/auth';
import { negotiateLocale } from '../../../contract/locales';
import { meSchema, userSchema } from '../../../contract/users';
import type { SignedInUser } from '../../db/schema';
import type { App, Deps } from '../../deps';
import { onPublicUrl } from '../../plugins/request-target';
import { requestOrigin } from '../../plugins/security';
import { VISITOR_COOKIE } from '../../plugins/rate-limit';
import { createAuthService } from './auth.service';
import { createIntraClient } from './intra-client';
import { createIntraPacer } from './intra-pacer';
import type { IntraStatus } from './intra-status';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session';
import { OAUTH_STATE_COOKIE, OAUTH_STATE_TTL_MS } from './session-token';

/**
 * Who is signing in, for the limits of sign-in-guard.ts: the address (the client's, through
 * TRUST_PROXY) and the visitor cookie as sent. An unverified cookie is fine here: a made-up one
 * only adds a visitor limit to the address's, which binds whatever the cookie says.
 */
const callerOf = (request: FastifyRequest) => ({
  address: request.ip,
  visitor: request.cookies[VISITOR_COOKIE]?.slice(0, 64) || null,
});

/** Registers sign-in, sign-out and the session user; answers how to wait for sign-ins under way at close. */
export function registerAuthRoutes(
  app: App,
  deps: Deps,
  intraStatus: IntraStatus,
): { drain(withinMs: number): Promise<void> } {
  const pacer = createIntraPacer(deps.config.intraRateLimit, {
    db: deps.db,
    engine: deps.engine,
    redis: deps.redis,
    redisKeyPrefix: deps.config.redisKeyPrefix,
    clock: deps.paceClock,
  });
  const auth = createAuthService(deps, createIntraClient(deps, pacer), pacer, intraStatus);
  const stateCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: deps.config.publicUrl.startsWith('https:'),
  };

  app.route({
    ...endpoint(routes.signIn),
    handler: async (request, reply) => {
      // Opened on another host (127.0.0.1 for localhost), the state cookie set here would be missing
      // when the intra sends the browser back to PUBLIC_URL: start on PUBLIC_URL's host instead.
      // Once only (`moved`): behind a proxy that does not pass the public Host, the request would
      // never look like PUBLIC_URL's, and the browser, already there, would loop.
      const publicLogin = onPublicUrl(deps.config.publicUrl, request.url);
      if (requestOrigin(request)?.host !== publicLogin.host && !publicLogin.searchParams.has('moved')) {
        publicLogin.searchParams.set('moved', '1');
        return reply.redirect(publicLogin.href, 302);
      }
      const { state, url } = await auth.startSignIn(callerOf(request));
      reply.setCookie(OAUTH_STATE_COOKIE, state, { ...stateCookie, maxAge: OAUTH_STATE_TTL_MS / 1000 });
      return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
    },
  });

  app.route({
    ...endpoint(routes.signInCallback),
    schema: {
      querystring: authCallbackQuerySchema,
      response: { 200: userSchema, 202: signInWaitingSchema },
    },
    handler: async (request, reply) => {
      const cookieState = request.cookies[OAUTH_STATE_COOKIE];
      const acceptLanguage = request.headers['accept-language'];
      const locale = acceptLanguage ? negotiateLocale(acceptLanguage) : undefined;
      const outcome = await auth
        .completeSignIn({ ...request.query, cookieState, locale, caller: callerOf(request) })
        .catch((error: unknown) => {
          reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
          throw error;
        });
      if (outcome.status === 'waiting') {
        // The state lives on while it waits in line: so does its cookie.
        const maxAge = Math.max(1, Math.floor((outcome.stateExpiresAt.getTime() - deps.clock.now().getTime()) / 1000));
        reply.setCookie(OAUTH_STATE_COOKIE, cookieState!, { ...stateCookie, maxAge });
        return reply
          .status(202)
          .send({ status: 'waiting', retry_after_ms: outcome.retryAfterMs, position: outcome.position });
      }
      reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
      setSessionCookie(reply, deps, outcome.token, outcome.expiresAt);
      return outcome.user;
    },
  });

  app.route({
    ...endpoint(routes.signOut),
    handler: async (request, reply) => {
      if (request.user && request.sessionId) await auth.signOut(request.user, request.sessionId);
      clearSessionCookie(reply, deps);
      return reply.status(204).send();
    },
  });

  // The session memo hands every request of a session the same frozen user until something
  // changes (then a new one): its JSON, checked against the schema once, is kept beside it, and a
  // call costs no serialization (decision 0127).
  const userJson = new WeakMap<SignedInUser, string>();
  app.route({
    ...endpoint(routes.me),
    schema: { response: { 200: meSchema } },
    handler: (request, reply) => {
      const user = request.user!;
      let json = userJson.get(user);
      if (json === undefined) {
        // Our serializer (app.ts) answers a string.
        json = reply.serialize(user) as string;
        if (Object.isFrozen(user)) userJson.set(user, json);
      }
      // Already JSON: sent as it is, past the typed reply that expects the object.
      (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
    },
  });

  return { drain: (withinMs) => auth.drain(withinMs) };
}
