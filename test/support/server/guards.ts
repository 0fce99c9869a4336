import { expect } from 'vitest';
import type { App } from '../../../src/server/deps';

type Route = readonly ['GET' | 'POST' | 'PUT' | 'DELETE', string];

/**
 * Who may call comes before what was sent (docs/product/api.md#api-conventions): each route answers 401
 * to an anonymous caller, 403 BANNED to a banned one and, for admin routes, 403 to an
 * applicant, whatever the body.
 */
export async function expectGuarded(
  app: App,
  routes: readonly Route[],
  cookies: { applicant?: string; banned: string },
): Promise<void> {
  for (const [method, url] of routes) {
    const payload = method === 'POST' || method === 'PUT' ? { nonsense: true } : undefined;
    const as = (cookie?: string) => app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
    expect((await as()).statusCode, `${method} ${url} anonymous`).toBe(401);
    expect((await as(cookies.banned)).json().code, `${method} ${url} banned`).toBe('BANNED');
    if (cookies.applicant) expect((await as(cookies.applicant)).statusCode, `${method} ${url} applicant`).toBe(403);
  }
}
