import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import type { Database } from '../db/database';
import type { UserRow } from '../db/schema';
import type { Deps } from '../deps';
import { forbidden, unauthenticated, type AppError } from '../errors';
import { memoizeSessions } from '../modules/auth/session-memo';
import { extendSession, findSessionUser, type SessionUser } from '../modules/auth/sessions.repository';
import { SIGNED_IN_COOKIE } from '../../contract/constants';
import { BANNED_MESSAGE } from '../../contract/errors';
import { PROJECT_ROLES } from '../../contract/projects';
import { hashToken, SESSION_COOKIE, SESSION_EXTEND_AFTER_MS, SESSION_TTL_MS } from '../modules/auth/session-token';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in, not banned user of this request, or null. */
    user: UserRow | null;
    sessionId: number | null;
    /** A session that belongs to a banned user: refused on every guarded call. */
    banned: boolean;
  }
}

/**
 * The session cookie (HttpOnly), and beside it a cookie the page can read that only says
 * "signed in": signed-out visitors then never ask /api/users/me (no 401 in their console,
 * one request less on the landing).
 */
export function setSessionCookie(reply: FastifyReply, deps: Deps, token: string, expiresAt: Date): void {
  const secure = deps.config.publicUrl.startsWith('https:');
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, expires: expiresAt });
  reply.setCookie(SIGNED_IN_COOKIE, '1', { httpOnly: false, sameSite: 'lax', path: '/', secure, expires: expiresAt });
}

export function clearSessionCookie(reply: FastifyReply, deps: Deps): void {
  const secure = deps.config.publicUrl.startsWith('https:');
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', path: '/', secure });
  reply.clearCookie(SIGNED_IN_COOKIE, { httpOnly: false, sameSite: 'lax', path: '/', secure });
}

/**
 * Loads the session's user on every request; the guards below decide what that allows. Lookups
 * are memoized while the database's watch trusts them (decisions 0103, 0104). In Fastify's
 * callback form: a session the memo knows costs no promise. Answers what the app closes before
 * the database (the PostgreSQL listener).
 */
export function registerSession(app: FastifyInstance, deps: Deps, database: Pick<Database, 'watchUserChanges'>) {
  const sessions = memoizeSessions(
    (token) => findSessionUser(deps.db, hashToken(token)),
    (changes) => database.watchUserChanges(changes, deps.log),
  );
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('banned', false);

  const admit = (
    request: FastifyRequest,
    reply: FastifyReply,
    token: string,
    found: SessionUser | undefined,
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
    extendSession(deps.db, found.session_id, expiresAt.toISOString()).then(() => {
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

/**
 * The guards run as routes' onRequest hooks, in Fastify's callback form: no promise and no
 * extra turn of the event loop on every guarded call. Each hands `done` its refusal, if any.
 */
type Guard = (request: FastifyRequest, reply: FastifyReply, done: (error?: AppError) => void) => void;

/** A guard that refuses banned (403 BANNED) and signed-out (401) callers, then asks `refuse` of the user. */
const guard =
  (refuse: (user: UserRow) => AppError | undefined): Guard =>
  (request, _reply, done) => {
    if (request.banned) return done(forbidden(BANNED_MESSAGE, 'BANNED'));
    if (!request.user) return done(unauthenticated());
    done(refuse(request.user));
  };

/** Guard: a signed-in user who is not banned. */
export const requireUser = guard(() => undefined);

/** Guard: an admin (403 otherwise), checked on the server at every call. */
export const requireAdmin = guard((user) => (user.is_admin ? undefined : forbidden('Admin access is required.')));

/** Guard: a club member (role member or board), such as the projects need; candidates get 403. */
export const requireMember = guard((user) =>
  (PROJECT_ROLES as readonly string[]).includes(user.role)
    ? undefined
    : forbidden('Projects are for club members: they open once the board has approved your membership.'),
);

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
