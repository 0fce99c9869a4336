/** Plain HTTP against a server process, as a browser without JavaScript would talk to it. */

import { connect } from 'node:net';

export type HttpAnswer = {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  text: string;
};

export async function call(
  baseUrl: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { cookie?: string; json?: unknown; headers?: Record<string, string> } = {},
): Promise<HttpAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    body: options.json === undefined ? undefined : JSON.stringify(options.json),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body, text };
}

function cookieValue(headers: Headers, name: string): string | undefined {
  const line = headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return line?.split(';')[0]!.slice(name.length + 1);
}

/**
 * Signs in through the local 42 stand-in over HTTP. The sign-in starts on `start` and ends on
 * `finish`: the state lives in the shared database, while the stand-in's codes live in the
 * memory of the process that issued them, so the authorize form and the callback go to the
 * same process, as they do behind a proxy that pins nothing.
 */
export async function signInOverHttp(
  start: string,
  finish: string,
  login: string,
): Promise<{ cookie: string; user: { id: number; intra_login: string } & Record<string, unknown> }> {
  let begin = await fetch(`${start}/api/auth/login`, { redirect: 'manual' });
  const moved = new URL(begin.headers.get('location') ?? start);
  if (moved.pathname === '/api/auth/login') {
    // Sent to PUBLIC_URL's host, which a reverse proxy would bring back here: say so as it would.
    begin = await fetch(`${start}${moved.pathname}${moved.search}`, {
      headers: { 'x-forwarded-host': moved.host, 'x-forwarded-proto': moved.protocol.slice(0, -1) },
      redirect: 'manual',
    });
  }
  if (begin.status !== 302) throw new Error(`sign-in of ${login}: /api/auth/login answered ${begin.status}`);
  const state = cookieValue(begin.headers, 'oauth_state')!;
  const authorizeUrl = new URL(begin.headers.get('location')!);

  const form = new URLSearchParams(authorizeUrl.searchParams);
  form.set('login', login);
  const authorized = await fetch(`${finish}/dev/intra/oauth/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  if (authorized.status !== 302) throw new Error(`sign-in of ${login}: authorize answered ${authorized.status}`);
  const back = new URL(authorized.headers.get('location')!);

  const query = new URLSearchParams({ code: back.searchParams.get('code')!, state: back.searchParams.get('state')! });
  const callback = await completeCallback(`${finish}/api/auth/callback?${query}`, state);
  const text = await callback.text();
  if (callback.status !== 200) throw new Error(`sign-in of ${login}: callback answered ${callback.status} ${text}`);
  return { cookie: `sid=${cookieValue(callback.headers, 'sid')}`, user: JSON.parse(text) };
}

/**
 * Calls a sign-in's callback as the callback page does: while it answers 202 (waiting behind the
 * intra's limit), again after `retry_after_ms`, with the same code and state.
 */
export async function completeCallback(url: string, state: string): Promise<Response> {
  for (;;) {
    const answer = await fetch(url, { headers: { cookie: `oauth_state=${state}` } });
    if (answer.status !== 202) return answer;
    const { retry_after_ms } = (await answer.json()) as { retry_after_ms: number };
    await new Promise((resolve) => setTimeout(resolve, retry_after_ms));
  }
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * One request written byte for byte, as a proxy or a script may send it and `fetch` never does
 * (a whole URL on the request line): the status, the headers (lower-case names, the last of
 * each) and the body as it came (not de-chunked). The server closes the connection after answering.
 */
export async function rawRequest(
  baseUrl: string,
  requestLine: string,
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const lines = [requestLine, ...Object.entries({ ...headers, connection: 'close' }).map(([n, v]) => `${n}: ${v}`)];
  const text = await new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(`${lines.join('\r\n')}\r\n\r\n`));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
  });
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
  return {
    status: Number(statusLine.split(' ')[1]),
    headers: Object.fromEntries(
      headerLines.map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ]),
    ),
    body: text.slice(headEnd + 4),
  };
}
