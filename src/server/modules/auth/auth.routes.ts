import { authCallbackQuerySchema } from '../../../contract/auth';
import { userSchema } from '../../../contract/users';
import type { App, Deps } from '../../deps';
import { requestOrigin } from '../../plugins/security';
import { clearSessionCookie, requireUser, setSessionCookie } from '../../plugins/session';
import { createAuthService } from './auth.service';
import { createIntraClient } from './intra-client';
import { OAUTH_STATE_COOKIE, OAUTH_STATE_TTL_MS } from './session-token';

export function registerAuthRoutes(app: App, deps: Deps): void {
  const auth = createAuthService(deps, createIntraClient(deps));
  const stateCookie = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: deps.config.publicUrl.startsWith('https:'),
  };

  app.get('/api/auth/login', async (request, reply) => {
    // Opened on another host (127.0.0.1 for localhost), the state cookie set here would be missing
    // when the intra sends the browser back to PUBLIC_URL: start on PUBLIC_URL's host instead.
    if (requestOrigin(request)?.host !== new URL(deps.config.publicUrl).host) {
      return reply.redirect(`${deps.config.publicUrl}${request.url}`, 302);
    }
    const { state, url } = await auth.startSignIn();
    reply.setCookie(OAUTH_STATE_COOKIE, state, { ...stateCookie, maxAge: OAUTH_STATE_TTL_MS / 1000 });
    return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
  });

  app.get(
    '/api/auth/callback',
    { schema: { querystring: authCallbackQuerySchema, response: { 200: userSchema } } },
    async (request, reply) => {
      const cookieState = request.cookies[OAUTH_STATE_COOKIE];
      reply.clearCookie(OAUTH_STATE_COOKIE, stateCookie);
      const { user, token, expiresAt } = await auth.completeSignIn({ ...request.query, cookieState });
      setSessionCookie(reply, deps, token, expiresAt);
      return user;
    },
  );

  app.post('/api/auth/logout', async (request, reply) => {
    if (request.user && request.sessionId) await auth.signOut(request.user, request.sessionId);
    clearSessionCookie(reply, deps);
    return reply.status(204).send();
  });

  app.get('/api/users/me', { onRequest: requireUser, schema: { response: { 200: userSchema } } }, async (request) => {
    return request.user!;
  });
}
