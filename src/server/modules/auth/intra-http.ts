import http from 'node:http';
import https from 'node:https';

/** Connections to the intra kept open between sign-ins (idle ones never hold the process up). */
const agents = {
  'http:': new http.Agent({ keepAlive: true }),
  'https:': new https.Agent({ keepAlive: true }),
};

/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

export type IntraRequest = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | URLSearchParams;
  signal?: AbortSignal;
};

/**
 * The intra's two calls of a sign-in (the token, `/v2/me`) over node:http with kept-alive
 * connections, answered as a fetch Response for oauth4webapi and the pacing: undici's fetch
 * cost the callback more than the rest of its work (decision 0127). No redirect is followed
 * (oauth4webapi asks for none) and nothing is decompressed (none is asked for). A failed
 * connection rejects as fetch does (`TypeError: fetch failed`, the cause beside it); an aborted
 * signal as an AbortError.
 */
export function intraFetch(url: string, init: IntraRequest = {}): Promise<Response> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const body = init.body === undefined ? undefined : String(init.body);
    const headers: Record<string, string> = { ...init.headers };
    if (init.body instanceof URLSearchParams && !Object.keys(headers).some((name) => /^content-type$/i.test(name))) {
      headers['content-type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    }
    if (body !== undefined) headers['content-length'] = String(Buffer.byteLength(body));
    const fail = (error: Error) =>
      reject(error.name === 'AbortError' ? error : new TypeError('fetch failed', { cause: error }));
    const request = transport.request(
      target,
      {
        method: init.method ?? 'GET',
        headers,
        agent: target.protocol === 'https:' ? agents['https:'] : agents['http:'],
        signal: init.signal,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', fail);
        response.on('end', () => {
          const answerHeaders = new Headers();
          const raw = response.rawHeaders;
          for (let i = 0; i + 1 < raw.length; i += 2) answerHeaders.append(raw[i]!, raw[i + 1]!);
          const status = response.statusCode ?? 502;
          resolve(
            new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), {
              status,
              statusText: response.statusMessage,
              headers: answerHeaders,
            }),
          );
        });
      },
    );
    request.on('error', fail);
    request.end(body);
  });
}
