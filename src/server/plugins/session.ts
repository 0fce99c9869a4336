import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SIGNED_IN_COOKIE } from '../../contract/constants';
import { BANNED_MESSAGE } from '../../contract/errors';
import { PROJECT_ROLES } from '../../contract/projects';
import type { SignedInUser } from '../db/schema';
import type { Deps } from '../deps';
import { forbidden, unauthenticated, type AppError } from '../errors';

/**
 * The request's user, as the auth module's session hook (modules/auth/session.hook.ts) sets it
 * on every request, and the guards that routes put in front of their handlers.
 */
declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in, not banned user of this request, or null. */
    user: SignedInUser | null;
    sessionId: number | null;
    /** A session that belongs to a banned user: refused on every guarded call. */
    banned: boolean;
  }
}

/**
 * The guards run as routes' onRequest hooks, in Fastify's callback form: no promise and no
 * extra turn of the event loop on every guarded call. Each hands `done` its refusal, if any.
 */
type Guard = (request: FastifyRequest, reply: FastifyReply, done: (error?: AppError) => void) => void;

/** A guard that refuses banned (403 BANNED) and signed-out (401) callers, then asks `refuse` of the user. */
const guard =
  (refuse: (user: SignedInUser) => AppError | undefined): Guard =>
  (request, _reply, done) => {
    if (request.banned) return done(forbidden(BANNED_MESSAGE, 'BANNED'));
    if (!request.user) return done(unauthenticated());
    done(refuse(request.user));
  };

/** Guard: a signed-in user who is not banned. */
export const requireUser = guard(() => undefined);

/** Guard: an admin (403 otherwise), checked on the server at every call. */
export const requireAdmin = guard((user) =>
  user.is_admin ? undefined : forbidden(/*i18n*/ 'Admin access is required.'),
);

/** Guard: a club member (role member or board), such as the projects need; candidates get 403. */
export const requireMember = guard((user) =>
  (PROJECT_ROLES as readonly string[]).includes(user.role)
    ? undefined
    : forbidden(/*i18n*/ 'Projects are for club members: they open once the board has approved your membership.'),
);

/**
 * Guard: an admin, or a user who judges at least one hackathon event (decision 0163). Whether they
 * judge the event at hand is for the route's service to check (403 otherwise).
 */
export const requireJudge = guard((user) =>
  user.is_admin || user.is_judge ? undefined : forbidden(/*i18n*/ 'This is for the hackathon judges the board names.'),
);

export function currentUser(request: FastifyRequest): SignedInUser {
  if (!request.user) throw unauthenticated();
  return request.user;
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
