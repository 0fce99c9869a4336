import type { Db } from '../../../src/server/db/database';
import type { App } from '../../../src/server/deps';
import { hashToken, newToken } from '../../../src/server/modules/auth/session-token';

/** The path and query of a redirect, to replay it against the app under test. */
export function redirectTarget(location: string | undefined): string {
  if (!location) throw new Error('expected a redirect');
  const url = new URL(location, 'http://localhost');
  return `${url.pathname}${url.search}`;
}

export function cookieFrom(setCookie: string | string[] | undefined, name: string): string | undefined {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  const line = all.find((cookie) => cookie.startsWith(`${name}=`));
  return line?.split(';')[0]!.slice(name.length + 1);
}

/**
 * Starts a sign-in: the state cookie and the stand-in's authorize URL. Like a browser, it follows
 * the app's move to PUBLIC_URL's host first (inject's own Host is localhost:80).
 */
export async function startSignIn(app: App) {
  let login = await app.inject({ method: 'GET', url: '/api/auth/login' });
  const moved = new URL(login.headers.location as string);
  if (moved.pathname === '/api/auth/login') {
    login = await app.inject({ method: 'GET', url: redirectTarget(moved.href), headers: { host: moved.host } });
  }
  const authorizeUrl = new URL(login.headers.location as string);
  const state = cookieFrom(login.headers['set-cookie'], 'oauth_state')!;
  return { login, authorizeUrl, state };
}

/** Posts the stand-in's form; answers the callback's code and state. */
export async function authorizeAs(app: App, authorizeUrl: URL, login: string) {
  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set('login', login);
  const answer = await app.inject({
    method: 'POST',
    url: '/dev/intra/oauth/authorize',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  const callback = new URL(answer.headers.location as string);
  return { code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')! };
}

/** Signs in through the whole OAuth flow with the local stand-in; answers the `sid` cookie header. */
export async function signIn(
  app: App,
  login: string,
): Promise<{ cookie: string; user: { id: number } & Record<string, unknown> }> {
  const { authorizeUrl, state } = await startSignIn(app);
  const { code } = await authorizeAs(app, authorizeUrl, login);
  let callback;
  // While the sign-in waits behind the intra's limit (202), ask again as the callback page does.
  for (;;) {
    callback = await app.inject({
      method: 'GET',
      url: `/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
      cookies: { oauth_state: state },
    });
    if (callback.statusCode !== 202) break;
    await new Promise((resolve) => setTimeout(resolve, callback!.json().retry_after_ms));
  }
  if (callback.statusCode !== 200) throw new Error(`sign-in failed: ${callback.statusCode} ${callback.body}`);
  const sid = cookieFrom(callback.headers['set-cookie'], 'sid')!;
  return { cookie: `sid=${sid}`, user: callback.json() };
}

let writtenUsers = 0;

/**
 * A user and a session written straight into the database, for an app that has no local
 * stand-in to sign in through (one built with a production configuration). Answers the `sid`
 * cookie header and the user's id.
 */
export async function sessionWrittenIn(
  db: Db,
  login: string,
  { admin = false }: { admin?: boolean } = {},
): Promise<{ cookie: string; userId: number }> {
  const at = new Date().toISOString();
  const { id } = await db
    .insertInto('users')
    .values({
      intra_id: 900_000_000 + ++writtenUsers,
      intra_login: login,
      email: null,
      first_name: null,
      last_name: null,
      image_url: null,
      campus: null,
      campus_id: null,
      level: 0,
      grade: null,
      is_starter: false,
      is_admin: admin,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({
      user_id: id,
      token_hash: hashToken(token),
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      created_at: at,
    })
    .execute();
  return { cookie: `sid=${token}`, userId: id };
}
