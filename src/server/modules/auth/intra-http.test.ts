import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intraFetch } from './intra-http';

describe('the HTTP client of the intra calls', () => {
  let server: http.Server;
  let base: string;
  const sockets = new Set<unknown>();
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      sockets.add(request.socket);
      if (request.url === '/empty') return void response.writeHead(204).end();
      if (request.url === '/slow') return void setTimeout(() => response.end('late'), 2000);
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk));
      request.on('end', () => {
        response.setHeader('x-secondly-ratelimit-remaining', '1');
        response.setHeader('set-cookie', ['a=1', 'b=2']);
        response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' });
        response.end(JSON.stringify({ method: request.method, type: request.headers['content-type'], body }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('answers a fetch Response: status, every header, the body; a form goes form-encoded', async () => {
    const answer = await intraFetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ grant_type: 'authorization_code', code: 'c d' }),
    });
    expect(answer).toBeInstanceOf(Response);
    expect(answer.status).toBe(429);
    expect(answer.headers.get('retry-after')).toBe('1');
    expect(answer.headers.get('x-secondly-ratelimit-remaining')).toBe('1');
    expect(answer.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await answer.json()).toEqual({
      method: 'POST',
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
      body: 'grant_type=authorization_code&code=c+d',
    });
  });

  it('keeps the connection for the next call, and answers a 204 without a body', async () => {
    sockets.clear();
    await (await intraFetch(`${base}/v2/me`)).text();
    const empty = await intraFetch(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    expect(sockets.size).toBe(1);
  });

  it('fails as fetch does, so that the pacing tries again: a refused connection, a timeout', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(intraFetch(`http://127.0.0.1:${port}/v2/me`)).rejects.toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      cause: { code: 'ECONNREFUSED' },
    });
    await expect(intraFetch(`${base}/slow`, { signal: AbortSignal.timeout(50) })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });
});
