import type { RouteOptions } from 'fastify';
import { API_PREFIX, routes, type Access, type Method, type RouteMeta } from '../../contract/routes';
import { requireAdmin, requireJudge, requireMember, requireUser } from './session';

/*
 * The server's side of the endpoint table (src/contract/routes.ts, decision 0161): a route is
 * registered from its entry, which gives its method, its URL and the guard of its access level,
 * and no /api route can be registered any other way.
 */

/** The API's own description and its pages (plugins/api-docs.ts): documents, not endpoints. */
export const API_DOCS_PREFIX = '/api/docs';

const GUARDS = {
  anyone: undefined,
  'signed-in': requireUser,
  member: requireMember,
  judge: requireJudge,
  admin: requireAdmin,
} as const;

/** Fastify's URL of a contract path: the same `:name` parameters, under the API prefix. */
const urlOf = (route: { path: string }) => `${API_PREFIX}${route.path}`;

/** `app.route({ ...endpoint(routes.x), schema, handler })`: method, URL and guard from the table. */
export function endpoint<R extends { method: Method; path: string; access: Access }>(route: R) {
  const guard: (typeof GUARDS)[Access] = GUARDS[route.access];
  return { method: route.method as R['method'], url: urlOf(route), ...(guard ? { onRequest: guard } : {}) };
}

const table = new Map<string, RouteMeta>(
  Object.values(routes).map((route) => [`${route.method} ${urlOf(route)}`, route]),
);

/** The table's entry of a registered route (`GET`, `/api/users/:id`), if it has one. */
export const entryOf = (method: string, url: string): RouteMeta | undefined => table.get(`${method} ${url}`);

/**
 * An onRoute hook: refuses, at start, an /api route that is not in the table or does not carry
 * its entry's guard (Fastify's own HEAD beside each GET aside).
 */
export function refuseRoutesOutsideTheTable(options: RouteOptions): void {
  const { url } = options;
  if (!url.startsWith(`${API_PREFIX}/`) || url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`)) return;
  for (const method of [options.method].flat()) {
    if (method === 'HEAD') continue;
    const route = entryOf(method, url);
    if (!route) throw new Error(`${method} ${url} is not in src/contract/routes.ts: add it there first.`);
    const guard = GUARDS[route.access];
    const hooks = [options.onRequest ?? []].flat();
    if (hooks.length !== (guard ? 1 : 0) || hooks[0] !== guard) {
      throw new Error(`${method} ${url} must be registered with ...endpoint(routes.x): its guard is not its access's.`);
    }
  }
}
