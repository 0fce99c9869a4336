import { createHash, randomBytes } from 'node:crypto';
import { z } from 'zod';
import { DEV_INTRA_CLIENT } from '../config';
import type { FastifyReply } from 'fastify';
import type { App, Deps } from '../deps';
import type { IntraProfile } from '../modules/auth';
import { createClientLimits } from './client-limits';

/**
 * A small stand-in of the 42 intra's OAuth server for running the app locally: authorize,
 * token and /v2/me, answering the real shapes. Registered only when FT_CLIENT_ID is unset and
 * never in production (config.ts refuses to start there without real credentials).
 */
const LOGIN_PATTERN = /^[a-z][a-z0-9-]{1,19}$/;
/** The intra's codes live ten minutes (Doorkeeper's default): long enough to wait in line. */
const CODE_TTL_MS = 10 * 60_000;
const TOKEN_TTL_MS = 2 * 60 * 60 * 1000;
/** How long the stand-in's secret is said to stay valid (`secret_valid_until`): far from the 14-day warning. */
const SECRET_VALIDITY_MS = 365 * 24 * 3_600_000;
/** Doorkeeper's own words for its two commonest refusals. */
const INVALID_CLIENT =
  'Client authentication failed due to unknown client, no client authentication included, or unsupported authentication method.';
const INVALID_REDIRECT_URI = "The requested redirect uri is malformed or doesn't match client redirect URI.";
const INVALID_GRANT =
  'The provided authorization grant is invalid, expired, revoked, does not match the redirection URI used in the authorization request, or was issued to another client.';
const CAMPUSES = [
  { id: 16, name: 'Khouribga' },
  { id: 21, name: 'Ben Guerir' },
  { id: 55, name: 'Tetouan' },
  { id: 75, name: 'Rabat' },
];

/** The same login always gives the same profile. */
export function devProfile(login: string, baseUrl: string): IntraProfile {
  const digest = createHash('sha256').update(login).digest();
  // A billion ids: a thousand logins of an opening day share one with odds of 1 in 2,000 (with
  // 900,000, as before, two of a thousand candidates were often taken for one person).
  const id = 100_000 + (digest.readUInt32BE(0) % 1_000_000_000);
  const campus = CAMPUSES[digest[4]! % CAMPUSES.length]!;
  const level = Math.round((digest.readUInt16BE(5) % 1500) / 10) / 10;
  const grade = level < 1 ? 'Starter' : level >= 10 ? 'Member' : 'Learner';
  const [first, ...rest] = login.split('-');
  const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
  return {
    id,
    login,
    email: `${login}@student.1337.ma`,
    first_name: capitalize(first!),
    last_name: rest.length ? rest.map(capitalize).join(' ') : 'Student',
    image: { link: `${baseUrl}/dev/intra/avatars/${login}.svg` },
    campus: [campus],
    campus_users: [{ campus_id: campus.id, is_primary: true }],
    cursus_users: [
      { level: 3.21, grade: null, cursus: { slug: 'c-piscine' } },
      { level, grade, cursus: { slug: '42cursus' } },
    ],
  };
}

const authorizeQuery = z.object({
  client_id: z.string(),
  redirect_uri: z.string().url(),
  response_type: z.literal('code'),
  scope: z.string().optional(),
  state: z.string().max(512).optional(),
});

const authorizeForm = authorizeQuery.extend({ login: z.string().trim().toLowerCase() });

/** Doorkeeper's error answer: JSON, 401 for the client's credentials, 400 otherwise. */
function oauthError(reply: FastifyReply, error: string, description: string) {
  return reply
    .status(error === 'invalid_client' ? 401 : 400)
    .type('application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send({ error, error_description: description });
}

/** `text.split(separator, 2)` as Ruby does it: the rest, separators included, stays in the second part. */
function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function authorizePage(query: z.infer<typeof authorizeQuery>, error?: string): string {
  const hidden = Object.entries(query)
    .filter(([, value]) => value !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(String(value))}">`)
    .join('\n      ');
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>42 intra (local stand-in)</title>
  <link rel="stylesheet" href="/dev/intra/style.css">
</head>
<body>
  <main>
    <h1>Sign in to the 42 intra</h1>
    <p>This is the local stand-in of the 42 intra. Type any 42 login: the app signs you in as that person.
       <strong>admin</strong> is an admin.</p>
    ${error ? `<p role="alert" class="error">${escapeHtml(error)}</p>` : ''}
    <form method="post" action="/dev/intra/oauth/authorize">
      ${hidden}
      <label for="login">Login</label>
      <input id="login" name="login" type="text" autocomplete="username" autofocus required
             pattern="[a-z][a-z0-9\\-]{1,19}" placeholder="jdoe">
      <button type="submit">Authorize</button>
    </form>
  </main>
</body>
</html>`;
}

function errorPage(description: string): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>42 intra (local stand-in)</title>
  <link rel="stylesheet" href="/dev/intra/style.css">
</head>
<body>
  <main>
    <h1>An error has occurred</h1>
    <p role="alert" class="error">${escapeHtml(description)}</p>
  </main>
</body>
</html>`;
}

const STYLE = `body{font-family:system-ui,sans-serif;background:#101418;color:#e8eef2;display:grid;place-items:center;min-height:100vh;margin:0}
main{max-width:26rem;padding:2rem;background:#1b232b;border-radius:12px}
label{display:block;margin:1rem 0 .25rem}input{width:100%;box-sizing:border-box;padding:.7rem;font-size:1rem;border-radius:8px;border:1px solid #4a5a68;background:#0d1116;color:inherit}
button{margin-top:1rem;width:100%;padding:.8rem;font-size:1rem;border:0;border-radius:8px;background:#00babc;color:#06282a;font-weight:700;cursor:pointer}
.error{color:#ffb4b4}`;

function avatarSvg(login: string): string {
  const hue = createHash('sha256').update(login).digest()[0]! * 1.4;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
<rect width="128" height="128" fill="hsl(${hue.toFixed(0)} 55% 38%)"/>
<text x="64" y="80" font-family="sans-serif" font-size="56" font-weight="700" text-anchor="middle" fill="#fff">${escapeHtml(login.charAt(0).toUpperCase())}</text>
</svg>`;
}

export function registerDevIntra(app: App, deps: Deps): void {
  const codes = new Map<string, { login: string; clientId: string; redirectUri: string; expires: number }>();
  const tokens = new Map<string, { login: string; clientId: string; expires: number }>();
  const now = () => deps.clock.now().getTime();
  const limits = createClientLimits(deps.config.devIntraLimits, deps.paceClock.nowMs);

  /** Counts a call of this client against the intra's limits: false when it was answered 429. */
  function admit(clientId: string, reply: FastifyReply): boolean {
    const verdict = limits.take(clientId);
    reply.headers(verdict.headers);
    if (verdict.retryAfterSeconds === undefined) return true;
    void reply
      .status(429)
      .header('retry-after', String(verdict.retryAfterSeconds))
      .send({ error: 'Too Many Requests', message: 'You have exceeded the rate limit of this application.' });
    return false;
  }

  const sweep = () => {
    for (const [key, value] of codes) if (value.expires <= now()) codes.delete(key);
    for (const [key, value] of tokens) if (value.expires <= now()) tokens.delete(key);
  };

  app.get('/dev/intra/style.css', async (_request, reply) => reply.type('text/css').send(STYLE));

  app.get('/dev/intra/avatars/:file', async (request, reply) => {
    const login = (request.params as { file: string }).file.replace(/\.svg$/, '');
    if (!LOGIN_PATTERN.test(login)) return reply.status(404).send({ error: 'Not found.', code: 'NOT_FOUND' });
    return reply.type('image/svg+xml').header('cache-control', 'public, max-age=86400').send(avatarSvg(login));
  });

  /**
   * Doorkeeper's checks of an authorization request, in its order: the client, then its
   * registered redirect_uri (PUBLIC_URL/auth/callback). Refused on an error page, never by a
   * redirect: a code must not go to an address the application did not register.
   */
  function authorizationError(query: z.infer<typeof authorizeQuery> | undefined): string | undefined {
    if (!query || query.client_id !== DEV_INTRA_CLIENT.id) return INVALID_CLIENT;
    if (query.redirect_uri !== `${deps.config.publicUrl}/auth/callback`) return INVALID_REDIRECT_URI;
    return undefined;
  }

  const refuseAuthorization = (reply: FastifyReply, description: string) =>
    reply.status(400).type('text/html').header('cache-control', 'no-store').send(errorPage(description));

  app.get('/dev/intra/oauth/authorize', async (request, reply) => {
    const query = authorizeQuery.safeParse(request.query);
    const refusal = authorizationError(query.data);
    if (refusal) return refuseAuthorization(reply, refusal);
    return reply.type('text/html').header('cache-control', 'no-store').send(authorizePage(query.data!));
  });

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8192 },
    (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    },
  );

  app.post('/dev/intra/oauth/authorize', async (request, reply) => {
    const form = authorizeForm.safeParse(request.body);
    const refusal = authorizationError(form.data);
    if (refusal) return refuseAuthorization(reply, refusal);
    const { login, ...query } = form.data!;
    if (!LOGIN_PATTERN.test(login)) {
      return reply
        .status(400)
        .type('text/html')
        .send(authorizePage(query, 'A login is 2 to 20 lowercase letters, digits or dashes, starting with a letter.'));
    }
    sweep();
    const code = randomBytes(24).toString('base64url');
    codes.set(code, {
      login,
      clientId: query.client_id,
      redirectUri: query.redirect_uri,
      expires: now() + CODE_TTL_MS,
    });
    const target = new URL(query.redirect_uri);
    target.searchParams.set('code', code);
    if (query.state !== undefined) target.searchParams.set('state', query.state);
    return reply.redirect(target.toString(), 302);
  });

  app.post('/dev/intra/oauth/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string | undefined>;
    // As Doorkeeper reads them: the Basic pair first, split as it is and never form-decoded
    // (`Base64.decode64(v).split(':', 2)`), else the form's fields (decisions §13).
    const basic = request.headers.authorization?.match(/^Basic (.*)$/is)?.[1];
    const [clientId, clientSecret] = basic
      ? splitOnce(Buffer.from(basic, 'base64').toString(), ':')
      : [form.client_id, form.client_secret];
    // Every call that names a client counts against its limits, whatever its outcome.
    if (clientId && !admit(clientId, reply)) return reply;
    const missing = ['grant_type', 'code', 'redirect_uri'].find((name) => !form[name]);
    if (missing) return oauthError(reply, 'invalid_request', `Missing required parameter: ${missing}.`);
    if (form.grant_type !== 'authorization_code') {
      return oauthError(reply, 'unsupported_grant_type', 'The authorization grant type is not supported.');
    }
    if (clientId !== DEV_INTRA_CLIENT.id || clientSecret !== DEV_INTRA_CLIENT.secret) {
      return oauthError(reply, 'invalid_client', INVALID_CLIENT);
    }
    const grant = codes.get(form.code!);
    if (!grant || grant.expires <= now() || grant.clientId !== clientId || grant.redirectUri !== form.redirect_uri) {
      return oauthError(reply, 'invalid_grant', INVALID_GRANT);
    }
    // Used up by the exchange that succeeds (Doorkeeper revokes the grant then, not before).
    codes.delete(form.code!);
    const accessToken = randomBytes(24).toString('hex');
    tokens.set(accessToken, { login: grant.login, clientId, expires: now() + TOKEN_TTL_MS });
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: TOKEN_TTL_MS / 1000,
      scope: 'public',
      created_at: Math.floor(now() / 1000),
      // The intra announces when the application's secret stops working.
      secret_valid_until: Math.floor((now() + SECRET_VALIDITY_MS) / 1000),
    };
  });

  app.get('/dev/intra/v2/me', async (request, reply) => {
    const token = request.headers.authorization?.match(/^Bearer (.+)$/i)?.[1];
    const grant = token ? tokens.get(token) : undefined;
    if (!grant || grant.expires <= now()) {
      return reply.status(401).send({ error: 'Not authorized', message: 'The access token is invalid' });
    }
    if (!admit(grant.clientId, reply)) return reply;
    return devProfile(grant.login, deps.config.publicUrl);
  });

  // What reached the stand-in from a client: the served calls' times and the refused count.
  app.get('/dev/intra/usage', async (request) => {
    const clientId = (request.query as { client_id?: string }).client_id ?? DEV_INTRA_CLIENT.id;
    return limits.usage(clientId);
  });
}
