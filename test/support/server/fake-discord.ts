import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A Discord webhook as Discord documents it ("Execute Webhook", "Rate Limits"), not as our client
 * would like it: `204 No Content` for a message posted (no `?wait=true`); `400` with Discord's
 * JSON error when the body is not JSON or `content` is empty or over 2,000 characters (counted as
 * Discord's Python backend counts them, in code points; a lone surrogate is not JSON it accepts);
 * `429` with `{ message, retry_after (seconds, a float), global }` and `Retry-After` when told to.
 */
export async function startFakeDiscord() {
  const messages: string[] = [];
  const limited: number[] = [];
  const server = http.createServer((request, response) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => {
      const answer = (status: number, body?: unknown, headers: Record<string, string> = {}) => {
        response.writeHead(status, body === undefined ? headers : { 'Content-Type': 'application/json', ...headers });
        response.end(body === undefined ? undefined : JSON.stringify(body));
      };
      const retryAfter = limited.shift();
      if (retryAfter !== undefined) {
        return answer(
          429,
          { message: 'You are being rate limited.', retry_after: retryAfter, global: false },
          { 'Retry-After': String(Math.ceil(retryAfter)) },
        );
      }
      let content: unknown;
      try {
        content = (JSON.parse(raw) as { content?: unknown }).content;
      } catch {
        return answer(400, { message: 'Cannot send an empty message', code: 50006 });
      }
      const text = typeof content === 'string' ? content : '';
      const invalid = text.length === 0 || [...text].length > 2000 || /\p{Cs}/u.test(text);
      if (invalid) {
        return answer(400, {
          message: 'Invalid Form Body',
          code: 50035,
          errors: {
            content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] },
          },
        });
      }
      messages.push(text);
      answer(204);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/api/webhooks/1/token`,
    /** The contents Discord accepted. */
    messages,
    /** The next calls answer 429 asking to wait these many seconds. */
    rateLimitNext: (...seconds: number[]) => limited.push(...seconds),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
