import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
// Lingui speaks English, as the page does before it picks a language: the client's sentences are said through it.
import '../../contract/i18n';
import { routes } from '../../contract/routes';
import { api, ApiError, errorMessage, href } from './api-client';

const respond = (status: number, body?: unknown, statusText = 'Status') =>
  new Response(body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    statusText,
    headers: { 'content-type': 'application/json' },
  });

describe('the API client of docs/product/api.md#client-sentences', () => {
  const fetchMock = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('window', { location: { origin: 'http://club.test' } });
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    fetchMock.mockReset();
  });

  it('calls /api with cookies, JSON headers and the query string, and answers the parsed body', async () => {
    fetchMock.mockResolvedValue(respond(200, { ok: 1 }));
    expect(await api('/admin/members', { query: { limit: 20, role: undefined, q: '' } })).toEqual({ ok: 1 });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toBe('http://club.test/api/admin/members?limit=20');
    expect(init).toMatchObject({ method: 'GET', credentials: 'include' });
  });

  it('sends a JSON body on writes', async () => {
    fetchMock.mockResolvedValue(respond(201, { id: 1 }));
    await api('/applications', { method: 'POST', body: { motivation: 'x' } });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe('{"motivation":"x"}');
    expect(init.headers['content-type']).toBe('application/json');
  });

  it("sends a file's bytes as they are, with a minute to go rather than 10 s", async () => {
    vi.useFakeTimers();
    const file = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
    let aborted = false;
    fetchMock.mockImplementation((_url: URL, init: RequestInit) => {
      init.signal!.addEventListener('abort', () => (aborted = true));
      return new Promise(() => {});
    });
    void api('/admin/images/board_photo', { method: 'POST', body: file });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(init.body).toBe(file);
    expect(init.headers['content-type']).toBe('application/octet-stream');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(30_001);
    expect(aborted).toBe(true);
  });

  it('answers undefined on 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    expect(await api('/auth/logout', { method: 'POST' })).toBeUndefined();
  });

  it('uses the error field of a failed answer, with its code and details', async () => {
    fetchMock.mockResolvedValue(respond(409, { error: 'Already applied', code: 'CONFLICT' }));
    await expect(api('/applications')).rejects.toMatchObject({
      message: 'Already applied',
      status: 409,
      code: 'CONFLICT',
    });
  });

  it('falls back to the message field', async () => {
    fetchMock.mockResolvedValue(respond(400, { message: 'Bad thing' }));
    await expect(api('/x')).rejects.toMatchObject({ message: 'Bad thing' });
  });

  it('says HTTP {status}: {statusText} when the body has neither', async () => {
    fetchMock.mockResolvedValue(respond(502, 'not json', 'Bad Gateway'));
    await expect(api('/x')).rejects.toMatchObject({ message: 'HTTP 502: Bad Gateway' });
  });

  it('uses the sentence of docs/product/api.md#client-sentences for 429', async () => {
    fetchMock.mockResolvedValue(respond(429, { error: 'other' }));
    await expect(api('/x')).rejects.toMatchObject({
      message: 'Rate limit exceeded. Please wait a moment and try again.',
    });
  });

  it('uses the sentence of docs/product/api.md#client-sentences for 401', async () => {
    fetchMock.mockResolvedValue(respond(401, { error: 'other' }));
    await expect(api('/x')).rejects.toMatchObject({ message: 'Unauthorized. Please check your authentication.' });
  });

  it('gives up after 10 s with Request timed out', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(
      (_url, init: RequestInit) =>
        new Promise((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new Error('aborted')))),
    );
    const pending = api('/slow');
    const settled = expect(pending).rejects.toMatchObject({ message: 'Request timed out', code: 'TIMEOUT' });
    await vi.advanceTimersByTimeAsync(10_000);
    await settled;
  });

  it("writes a route's address with its parameters and the query it would send, for links", () => {
    expect(href(routes.member, { id: 7 })).toBe('/api/admin/members/7');
    expect(href(routes.auditLogsCsv, {}, { action: 'user.ban ned', entity_type: undefined, separator: '' })).toBe(
      '/api/admin/audit-logs/export.csv?action=user.ban+ned',
    );
    expect(href(routes.auditLogsCsv, {}, {})).toBe('/api/admin/audit-logs/export.csv');
  });

  it('gives the screen default for errors that are not API errors', () => {
    expect(errorMessage(new Error('boom'), 'Failed to load users')).toBe('Failed to load users');
    expect(errorMessage(new ApiError('Server says', 500), 'Failed to load users')).toBe('Server says');
  });
});
