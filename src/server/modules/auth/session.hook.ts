import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { SESSION_COOKIE } from '../../../contract/constants';
import type { Database } from '../../db/database';
import type { Deps } from '../../deps';
import { SESSION_EXTEND_AFTER_MS, SESSION_TTL_MS } from './session-token';
import { clearSessionCookie, setSessionCookie } from '../../plugins/session';
import { createSessionsService } from './sessions.service';

/**
 * Loads the session's user on every request; the guards of plugins/session.ts decide what that
 * allows. Lookups are memoized while the database's watch trusts them (decisions 0103, 0104). In
 * Fastify's callback form: a session the memo knows costs no promise. Answers what the app closes
 * before the database (the PostgreSQL listener).
 */
export function registerSession(app: FastifyInstance, deps: Deps, database: Pick<Database, 'watchUserChanges'>) {
  const sessions = createSessionsService(deps, database);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('banned', false);

  const admit = (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    found: Awaited<ReturnType<typeof sessions.load>>,
    done: HookHandlerDoneFunction,
  ) => {
    const now = deps.clock.now().getTime();
    if (!found || found.expires_at_ms <= now) {
      clearSessionCookie(reply, deps);
      return done();
    }
    if (found.user.is_banned) {
      request.banned = true;
      return done();
    }
    request.user = found.user;
    request.sessionId = found.session_id;
    // 14-day sliding expiry, written at most once an hour.
    if (found.expires_at_ms - now >= SESSION_TTL_MS - SESSION_EXTEND_AFTER_MS) return done();
    const expiresAt = new Date(now + SESSION_TTL_MS);
    sessions.extend(found.session_id, expiresAt).then(() => {
      setSessionCookie(reply, deps, token, expiresAt);
      done();
    }, done);
  };

  app.addHook('onRequest', (request, reply, done) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return done();
    const known = sessions.known(token);
    if (known) return admit(request, reply, token, known, done);
    sessions.load(token).then((found) => admit(request, reply, token, found, done), done);
  });

  return { close: () => sessions.close() };
}
