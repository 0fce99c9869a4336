import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { REQUEST_TIMEOUT_MS } from '../../contract/constants';
import type { ErrorBody } from '../../contract/errors';
import { API_PREFIX, type Method, type ParamNames, type Route } from '../../contract/routes';

/**
 * An API failure with the sentence to show a person (docs/product/api.md#client-sentences) and the
 * server's code when it sent one.
 */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: ErrorBody['details'],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

// The client's own sentences, said in the page's language when the failure happens.
export const TIMEOUT_MESSAGE = msg`Request timed out`;
export const RATE_LIMIT_MESSAGE = msg`Rate limit exceeded. Please wait a moment and try again.`;
export const UNAUTHORIZED_MESSAGE = msg`Unauthorized. Please check your authentication.`;

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  timeoutMs?: number;
  signal?: AbortSignal;
};

function messageFor(status: number, statusText: string, body: unknown): string {
  if (status === 429) return i18n._(RATE_LIMIT_MESSAGE);
  if (status === 401) return i18n._(UNAUTHORIZED_MESSAGE);
  if (body && typeof body === 'object') {
    const { error, message } = body as { error?: unknown; message?: unknown };
    if (typeof error === 'string' && error) return error;
    if (typeof message === 'string' && message) return message;
  }
  return i18n._(msg`HTTP ${status}: ${statusText}`);
}

/** A query string, `?` included, of the values given: an empty, null or undefined one is left out (no filter). */
function searchOf(query: RequestOptions['query'] = {}): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** A file's bytes go as they are (an upload, up to 2 MB on a campus connection): a minute, not 10 s. */
const UPLOAD_TIMEOUT_MS = 60_000;

/** The body as fetch sends it: a file (Blob) as its bytes, anything else as JSON. */
function bodyOf(body: unknown): { body?: BodyInit; type?: string } {
  if (body === undefined) return {};
  if (body instanceof Blob) return { body, type: 'application/octet-stream' };
  return { body: JSON.stringify(body), type: 'application/json' };
}

/** Calls the API under /api: JSON (or a file's bytes), cookies included, a 10 s timeout, errors as ApiError. */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal } = options;
  const timeoutMs = options.timeoutMs ?? (body instanceof Blob ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const sent = bodyOf(body);
  const url = new URL(`${API_PREFIX}${path}${searchOf(query)}`, window.location.origin);

  const timeout = new AbortController();
  const timer = setTimeout(() => timeout.abort(), timeoutMs);
  const abort = () => timeout.abort();
  signal?.addEventListener('abort', abort);
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      // The server answers its sentences in the page's language (decisions.md §12), which a visitor
      // may have chosen over the browser's.
      headers: {
        accept: 'application/json',
        'accept-language': i18n.locale,
        ...(sent.type ? { 'content-type': sent.type } : {}),
      },
      body: sent.body,
      signal: timeout.signal,
    });
  } catch (error) {
    if (timeout.signal.aborted && !signal?.aborted) throw new ApiError(i18n._(TIMEOUT_MESSAGE), 0, 'TIMEOUT');
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }

  if (response.status === 204) return undefined as T;
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  if (!response.ok) {
    const errorBody = parsed as Partial<ErrorBody> | undefined;
    throw new ApiError(
      messageFor(response.status, response.statusText, parsed),
      response.status,
      errorBody?.code,
      errorBody?.details,
    );
  }
  return parsed as T;
}

/** The message to show for any failure, with the screen's own default (docs/product/api.md#client-sentences). */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || fallback;
  return fallback;
}

export type AnyRoute = Route<Method, string, unknown, unknown, unknown>;
type Types<R> =
  R extends Route<infer _M, infer P, infer Res, infer Body, infer Query>
    ? { path: P; response: Res; body: Body; query: Query }
    : never;

/** What a call of `R` takes: its path parameters, its body and its query, each only when it has one. */
export type CallInput<R> = ([ParamNames<Types<R>['path']>] extends [never]
  ? unknown
  : { params: Record<ParamNames<Types<R>['path']>, string | number> }) &
  ([Types<R>['body']] extends [never] ? unknown : { body: Types<R>['body'] }) &
  ([Types<R>['query']] extends [never] ? unknown : { query?: Types<R>['query'] }) & { signal?: AbortSignal };

export type Answer<R> = Types<R>['response'];

/**
 * A route's address with its parameters filled in, under /api, and its query (as `call` sends
 * it): for links and full-page navigations, such as a CSV export of the filtered list.
 */
export function href(
  route: AnyRoute,
  params: Record<string, string | number> = {},
  query?: RequestOptions['query'],
): string {
  const path = route.path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${route.path}: no value for :${name}`);
    return encodeURIComponent(String(value));
  });
  return `${API_PREFIX}${path}${searchOf(query)}`;
}

/** Calls one route of the contract's table, typed by it: the one way the features reach the API. */
export function call<R extends AnyRoute>(
  route: R,
  ...[input]: object extends CallInput<R> ? [CallInput<R>?] : [CallInput<R>]
): Promise<Answer<R>> {
  return callWith(route, (input ?? {}) as CallInput<R>);
}

/** `call` with its input always given, for helpers generic over the route. */
export function callWith<R extends AnyRoute>(route: R, input: CallInput<R>): Promise<Answer<R>> {
  const { params, body, query, signal } = input as {
    params?: Record<string, string | number>;
    body?: unknown;
    query?: RequestOptions['query'];
    signal?: AbortSignal;
  };
  return api<Answer<R>>(href(route, params).slice(API_PREFIX.length), { method: route.method, body, query, signal });
}
