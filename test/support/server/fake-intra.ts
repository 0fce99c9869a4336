import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { wallClock, type PaceClock } from '../../../src/server/clock';

/**
 * An independent fake of the 42 intra's OAuth server and `/v2/me`, for running the production
 * build against an intra it does not serve itself (decisions §13). Written from what the intra
 * is documented to do (shared/spec/intra-profile.md, decisions §9 and §13, Doorkeeper's source),
 * never from the app's own stand-in (src/server/dev-intra), so that a habit the two share by
 * mistake cannot hide:
 *
 * - credentials from the form body (client_secret_post), or from HTTP Basic as Doorkeeper reads
 *   it: `Base64.decode64(value).split(':', 2)`, without the form-decoding of RFC 6749 §2.3.1;
 * - client id and secret of the real shape: `u-s4t2ud-`/`s-s4t2ud-` and 64 hex digits;
 * - JSON errors: 401 `invalid_client`, 400 `invalid_grant` (code unknown, used, expired, issued to
 *   another client or redirect_uri), 400 `invalid_request` (a parameter missing);
 * - a code is used up by the exchange that succeeds; codes live 10 minutes;
 * - 2 calls a second and 1,200 an hour per application on `/oauth/token` and `/v2/*`, reported
 *   in `X-Secondly-`/`X-Hourly-RateLimit-*`, 429 with `Retry-After` past them;
 * - the token answer carries `secret_valid_until` (seconds since 1970).
 *
 * A test can also make the next token calls answer something else (429, 503, no answer at all).
 */
export type FakeIntraProfile = Record<string, unknown> & { id: number; login: string };

export type ScriptedAnswer =
  | { status: 429; retryAfterSeconds: number }
  | { status: 503 }
  | { hang: true }
  /** Counted when it arrives, as the intra counts, and answered as usual after `slowMs`. */
  | { slowMs: number };

const hex64 = () => randomBytes(32).toString('hex');
const CODE_TTL_MS = 10 * 60_000;

export type FakeIntra = Awaited<ReturnType<typeof startFakeIntra>>;

/** `clock`: what the limits count by and a slow answer waits on (the wall clock unless a test drives one). */
export async function startFakeIntra(options: { perSecond?: number; perHour?: number; clock?: PaceClock } = {}) {
  const { nowMs, sleep } = options.clock ?? wallClock;
  const perSecond = options.perSecond ?? 2;
  const perHour = options.perHour ?? 1200;
  const application = {
    clientId: `u-s4t2ud-${hex64()}`,
    secret: `s-s4t2ud-${hex64()}`,
    /** The redirect_uri registered for the application: the app's PUBLIC_URL/auth/callback. */
    redirectUri: '',
    secretValidUntil: Math.floor(Date.now() / 1000) + 30 * 86_400,
  };
  const profiles = new Map<string, FakeIntraProfile>();
  const codes = new Map<
    string,
    { login: string; clientId: string; redirectUri: string; expiresAt: number; used: boolean }
  >();
  const tokens = new Map<string, string>();
  const scripted: ScriptedAnswer[] = [];
  const calls: { path: string; status: number }[] = [];
  let second = { at: 0, count: 0 };
  let hour = { at: 0, count: 0 };
  const hanging = new Set<http.ServerResponse>();

  /** Counts a call of the application; answers the limit's headers, and whether it must be refused. */
  function countCall(): { headers: Record<string, string>; retryAfter?: number } {
    const now = nowMs();
    if (Math.floor(now / 1000) !== second.at) second = { at: Math.floor(now / 1000), count: 0 };
    if (Math.floor(now / 3_600_000) !== hour.at) hour = { at: Math.floor(now / 3_600_000), count: 0 };
    const refused = second.count >= perSecond || hour.count >= perHour;
    if (!refused) {
      second.count += 1;
      hour.count += 1;
    }
    const headers = {
      'X-Secondly-RateLimit-Limit': String(perSecond),
      'X-Secondly-RateLimit-Remaining': String(perSecond - second.count),
      'X-Hourly-RateLimit-Limit': String(perHour),
      'X-Hourly-RateLimit-Remaining': String(perHour - hour.count),
    };
    if (!refused) return { headers };
    return { headers, retryAfter: hour.count >= perHour ? 3600 - Math.floor((now % 3_600_000) / 1000) : 1 };
  }

  const json = (response: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
    response.end(JSON.stringify(body));
  };
  const oauthError = (response: http.ServerResponse, status: number, error: string, headers: Record<string, string>) =>
    json(response, status, { error, error_description: `${error} (fake intra)` }, headers);

  async function readForm(request: http.IncomingMessage): Promise<URLSearchParams> {
    let body = '';
    for await (const chunk of request) body += chunk;
    return new URLSearchParams(body);
  }

  function credentials(request: http.IncomingMessage, form: URLSearchParams): [string?, string?] {
    const basic = /^Basic (.*)$/s.exec(request.headers.authorization ?? '')?.[1];
    if (basic !== undefined) {
      const decoded = Buffer.from(basic, 'base64').toString('utf8');
      const at = decoded.indexOf(':');
      return at === -1 ? [decoded] : [decoded.slice(0, at), decoded.slice(at + 1)];
    }
    return [form.get('client_id') ?? undefined, form.get('client_secret') ?? undefined];
  }

  async function token(request: http.IncomingMessage, response: http.ServerResponse) {
    const form = await readForm(request);
    const [clientId, clientSecret] = credentials(request, form);
    const limit = clientId === application.clientId ? countCall() : { headers: {} };
    const scriptedAnswer = scripted.shift();
    if (scriptedAnswer && 'slowMs' in scriptedAnswer) {
      await sleep(scriptedAnswer.slowMs);
    }
    const next = scriptedAnswer && 'slowMs' in scriptedAnswer ? undefined : scriptedAnswer;
    if (next && 'hang' in next) {
      hanging.add(response);
      response.on('close', () => hanging.delete(response));
      return 'hang';
    }
    if (next?.status === 503) return json(response, 503, { error: 'Service Unavailable' });
    if (next?.status === 429 || limit.retryAfter !== undefined) {
      const seconds = next?.status === 429 ? next.retryAfterSeconds : limit.retryAfter!;
      return json(response, 429, { error: 'Too Many Requests' }, { ...limit.headers, 'Retry-After': String(seconds) });
    }
    for (const name of ['grant_type', 'code', 'redirect_uri']) {
      if (!form.get(name)) return oauthError(response, 400, 'invalid_request', limit.headers);
    }
    if (clientId !== application.clientId || clientSecret !== application.secret) {
      return oauthError(response, 401, 'invalid_client', limit.headers);
    }
    const grant = codes.get(form.get('code')!);
    if (
      !grant ||
      grant.used ||
      grant.expiresAt <= Date.now() ||
      grant.clientId !== clientId ||
      grant.redirectUri !== form.get('redirect_uri')
    ) {
      return oauthError(response, 400, 'invalid_grant', limit.headers);
    }
    grant.used = true;
    const accessToken = hex64();
    tokens.set(accessToken, grant.login);
    return json(
      response,
      200,
      {
        access_token: accessToken,
        token_type: 'bearer',
        expires_in: 7200,
        scope: 'public',
        created_at: Math.floor(Date.now() / 1000),
        secret_valid_until: application.secretValidUntil,
      },
      { ...limit.headers, 'Cache-Control': 'no-store' },
    );
  }

  function me(request: http.IncomingMessage, response: http.ServerResponse) {
    const accessToken = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const login = accessToken ? tokens.get(accessToken) : undefined;
    if (!login) return json(response, 401, { error: 'Not authorized' });
    const limit = countCall();
    if (limit.retryAfter !== undefined) {
      return json(
        response,
        429,
        { error: 'Too Many Requests' },
        { ...limit.headers, 'Retry-After': String(limit.retryAfter) },
      );
    }
    return json(response, 200, profiles.get(login), limit.headers);
  }

  /** The intra's sign-in page, reduced to choosing whose account signs in. */
  function authorizePage(query: URLSearchParams, response: http.ServerResponse) {
    if (query.get('client_id') !== application.clientId || query.get('redirect_uri') !== application.redirectUri) {
      response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Error</title><h1>An error has occurred</h1>');
    }
    const hidden = [...query].map(
      ([name, value]) => `<input type="hidden" name="${name}" value="${value.replace(/"/g, '&quot;')}">`,
    );
    response.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    response.end(`<!doctype html><html lang="en"><title>Fake intra</title><main><h1>Fake 42 intra</h1>
<form method="post" action="/oauth/authorize">${hidden.join('')}
<label for="login">Login</label><input id="login" name="login"><button type="submit">Authorize</button></form></main></html>`);
  }

  async function authorize(request: http.IncomingMessage, response: http.ServerResponse) {
    const form = await readForm(request);
    const login = form.get('login') ?? '';
    if (
      form.get('client_id') !== application.clientId ||
      form.get('redirect_uri') !== application.redirectUri ||
      !profiles.has(login)
    ) {
      response.writeHead(400, { 'Content-Type': 'text/html; charset=utf-8' });
      return response.end('<!doctype html><title>Error</title><h1>An error has occurred</h1>');
    }
    const code = hex64();
    codes.set(code, {
      login,
      clientId: application.clientId,
      redirectUri: application.redirectUri,
      expiresAt: Date.now() + CODE_TTL_MS,
      used: false,
    });
    const target = new URL(application.redirectUri);
    target.searchParams.set('code', code);
    if (form.get('state') !== null) target.searchParams.set('state', form.get('state')!);
    response.writeHead(302, { Location: target.href });
    response.end();
  }

  const server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-intra');
    const route = `${request.method} ${url.pathname}`;
    const done = (outcome: unknown) => {
      if (outcome !== 'hang') calls.push({ path: url.pathname, status: response.statusCode });
    };
    const routes: Record<string, () => unknown> = {
      'GET /oauth/authorize': () => authorizePage(url.searchParams, response),
      'POST /oauth/authorize': () => authorize(request, response),
      'POST /oauth/token': () => token(request, response),
      'GET /v2/me': () => me(request, response),
    };
    const handler = routes[route];
    if (!handler) return json(response, 404, { error: 'Not found' });
    void Promise.resolve(handler()).then(done, (error: unknown) => {
      json(response, 500, { error: String(error) });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    baseUrl,
    application,
    /** What the intra answers for this login's `/v2/me`. */
    addProfile(profile: FakeIntraProfile) {
      profiles.set(profile.login, profile);
    },
    /** The next token calls answer these instead, in order. */
    script(...answers: ScriptedAnswer[]) {
      scripted.push(...answers);
    },
    /** Makes a code issued earlier expire now. */
    expireCode(code: string) {
      const grant = codes.get(code);
      if (grant) grant.expiresAt = Date.now() - 1;
    },
    /** Every answered call, in order (the hanging ones excluded). */
    calls,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A complete `/v2/me` answer as the real intra gives it (intra-profile.md), with a few of the fields the app ignores. */
export function intraProfile(login: string, id: number, changes: Partial<FakeIntraProfile> = {}): FakeIntraProfile {
  return {
    id,
    login,
    email: `${login}@student.1337.ma`,
    first_name: 'Salma',
    last_name: 'Bennani',
    usual_full_name: 'Salma Bennani',
    displayname: 'Salma Bennani',
    url: `https://api.intra.42.fr/v2/users/${login}`,
    image: {
      link: `https://cdn.intra.42.fr/users/abc/${login}.jpg`,
      versions: {
        large: `https://cdn.intra.42.fr/users/abc/large_${login}.jpg`,
        medium: `https://cdn.intra.42.fr/users/abc/medium_${login}.jpg`,
        small: `https://cdn.intra.42.fr/users/abc/small_${login}.jpg`,
        micro: `https://cdn.intra.42.fr/users/abc/micro_${login}.jpg`,
      },
    },
    'staff?': false,
    pool_month: 'september',
    pool_year: '2024',
    campus: [{ id: 16, name: 'Khouribga', time_zone: 'Africa/Casablanca', country: 'Morocco' }],
    campus_users: [{ id: 1, user_id: id, campus_id: 16, is_primary: true }],
    cursus_users: [
      {
        level: 8.12,
        grade: null,
        begin_at: '2024-09-02T08:00:00.000Z',
        blackholed_at: null,
        cursus: { id: 9, name: 'C Piscine', slug: 'c-piscine' },
      },
      {
        level: 7.42,
        grade: 'Learner',
        begin_at: '2024-10-07T08:00:00.000Z',
        blackholed_at: '2027-03-01T08:00:00.000Z',
        cursus: { id: 21, name: '42cursus', slug: '42cursus' },
      },
    ],
    ...changes,
  };
}
