import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';
import type { Deps } from '../deps';
import { forbidden, unauthenticated } from '../errors';
import { extendSession, findSessionUser } from '../modules/auth/sessions.repository';
import { SIGNED_IN_COOKIE } from '../../contract/constants';
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

export const BANNED_MESSAGE = 'Your account has been banned';

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

/** Loads the session's user on every request; the guards below decide what that allows. */
export function registerSession(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);
  app.decorateRequest('banned', false);

  app.addHook('onRequest', async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 128) return;
    const found = await findSessionUser(deps.db, hashToken(token));
    const now = deps.clock.now();
    if (!found || Date.parse(found.expires_at) <= now.getTime()) {
      clearSessionCookie(reply, deps);
      return;
    }
    if (found.user.is_banned) {
      request.banned = true;
      return;
    }
    request.user = found.user;
    request.sessionId = found.session_id;
    // 14-day sliding expiry, written at most once an hour.
    if (Date.parse(found.expires_at) - now.getTime() < SESSION_TTL_MS - SESSION_EXTEND_AFTER_MS) {
      const expiresAt = new Date(now.getTime() + SESSION_TTL_MS);
      await extendSession(deps.db, found.session_id, expiresAt.toISOString());
      setSessionCookie(reply, deps, token, expiresAt);
    }
  });
}

/** Guard: a signed-in user who is not banned (401, or 403 BANNED). */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (request.banned) throw forbidden(BANNED_MESSAGE, 'BANNED');
  if (!request.user) throw unauthenticated();
}

/** Guard: an admin (401 signed out, 403 otherwise), checked on the server at every call. */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.user!.is_admin) throw forbidden('Admin access is required.');
}

/** Guard: a club member (role member or board), such as the projects need; candidates get 403. */
export async function requireMember(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!(PROJECT_ROLES as readonly string[]).includes(request.user!.role)) {
    throw forbidden('Projects are for club members: they open once the board has approved your membership.');
  }
}

export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthenticated();
  return request.user;
}
