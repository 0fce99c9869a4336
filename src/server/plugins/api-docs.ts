import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifySchema, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorBodySchema } from '../../contract/errors';
import type { App } from '../deps';
import { requireAdmin, requireMember, requireUser } from './session';

export const API_DOCS_PREFIX = '/api/docs';

/** `/api/admin/members/:id` → `/api/admin/members/{id}`, the form OpenAPI paths take. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * One tag per feature, read from the path so that a feature added later is grouped without
 * being listed here: the first segment after `/api/` (after `/api/admin/` for admin areas).
 */
export function tagOf(url: string): string {
  if (url === '/api/users/me') return 'Auth';
  const segments = url.replace(/^\/api\//, '').split('/');
  const feature = (segments[0] === 'admin' && segments[1] ? segments[1] : segments[0]) ?? 'API';
  const words = feature.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: 'Sign-in with the 42 intra (OAuth 2.0 code flow), sign-out and the session user.',
  Applications: 'The application of a candidate, and its review by the board.',
  Members: 'User management by the board: roles, bans, admin rights, deletion.',
  Challenges: 'The Tinkercad challenges: catalog, candidate progress, validation by the board.',
  Hackathon: 'Hackathon events, registrations and teams.',
  Settings: "The club's settings and public content.",
  'Audit logs': 'What changed, who changed it and when.',
  Overview: 'Figures of the recruitment for the board.',
  Health: 'Liveness of the server and its database.',
};

/** Short summaries of the routes; a route may also carry `schema.summary` itself, which wins. */
export const ROUTE_SUMMARIES: Record<string, string> = {
  'GET /api/health': 'Check the server and its database',
  'GET /api/auth/login': 'Start the sign-in (302 to the 42 intra)',
  'GET /api/auth/callback': 'Finish the sign-in and open a session',
  'POST /api/auth/logout': 'Sign out',
  'GET /api/users/me': 'The signed-in user',
  'GET /api/applications/me': 'My application and journey step',
  'POST /api/applications': 'Apply',
  'PUT /api/applications/{id}': 'Edit my pending application',
  'GET /api/admin/applications': 'List applications',
  'GET /api/admin/applications/export.csv': 'Export every application as CSV',
  'GET /api/admin/applications/{id}': 'One application',
  'PUT /api/admin/applications/{id}/review': 'Approve or decline an application',
  'POST /api/admin/applications/bulk-review': 'Review several applications at once',
  'GET /api/admin/members': 'List users',
  'GET /api/admin/members/{id}': 'One user with activity, applications and journey',
  'PUT /api/admin/members/{id}/role': "Change a user's role (member = final approval)",
  'PUT /api/admin/members/{id}/ban': 'Ban or unban a user',
  'PUT /api/admin/members/{id}/admin': 'Grant or remove admin rights',
  'DELETE /api/admin/members/{id}': 'Delete a user',
  'GET /api/admin/audit-logs': 'List audit entries',
  'GET /api/admin/settings': 'Read the settings',
  'PUT /api/admin/settings': 'Change settings',
  'GET /api/settings/public': "The club's public content",
  'GET /api/admin/overview': 'Recruitment funnel, weekly applications, turnaround and pending work',
  'GET /api/challenges/me': 'My challenges, deadline and progress',
  'GET /api/challenges/catalog': 'Active challenges',
  'GET /api/challenges/rules': 'The rules that govern challenges',
  'POST /api/challenges/{id}/start': 'Start a challenge',
  'POST /api/challenges/{id}/exercise/{n}/submit': 'Send the Tinkercad link of an exercise',
  'POST /api/challenges/{id}/submit': 'Submit a challenge for review',
  'POST /api/challenges/{id}/validate': 'Validate or decline a submitted challenge',
  'GET /api/challenges/admin/challenges': 'List the catalog',
  'POST /api/challenges/admin/challenges': 'Add a challenge',
  'PUT /api/challenges/admin/challenges/{id}': 'Edit a challenge',
  'DELETE /api/challenges/admin/challenges/{id}': 'Delete a challenge',
  'GET /api/challenges/admin/user-challenges': 'Submissions (filter by status)',
  'GET /api/hackathon/me': 'My registrations and team',
  'GET /api/hackathon/events/public': 'Events open to candidates',
  'POST /api/hackathon/register': 'Register for an event',
  'DELETE /api/hackathon/register': 'Unregister from an event',
  'GET /api/hackathon/registrations': 'List registrations',
  'GET /api/hackathon/teams': 'List teams',
  'POST /api/hackathon/teams': 'Create a team',
  'PUT /api/hackathon/teams/{id}': 'Edit a team (name, members, hackathon XP)',
  'DELETE /api/hackathon/teams/{id}': 'Delete a team',
  'POST /api/hackathon/assign': 'Form teams of the pending registrants at random',
  'GET /api/hackathon/events': 'List events',
  'POST /api/hackathon/events': 'Create an event',
  'PUT /api/hackathon/events/{id}': 'Edit an event',
  'DELETE /api/hackathon/events/{id}': 'Delete an event',
  'GET /api/events': 'Upcoming club events',
  'GET /api/admin/events': 'List club events',
  'POST /api/admin/events': 'Create a club event',
  'PUT /api/admin/events/{id}': 'Edit a club event',
  'DELETE /api/admin/events/{id}': 'Delete a club event',
  'POST /api/projects': 'Propose a club project',
  'GET /api/projects/me': 'My club projects',
  'GET /api/admin/projects': 'List club projects',
  'GET /api/admin/projects/{id}': 'One club project',
  'PUT /api/admin/projects/{id}/validate': 'Approve or reject a club project',
  'POST /api/admin/maintenance/expired-projects': 'Mark approved projects past their deadline expired',
  'POST /api/admin/maintenance/cleanup': 'Delete expired sessions and sign-in states',
};

const errorResponse = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });

/** What the few routes without a response schema answer when they succeed (`type: 'null'`: no body). */
const NO_BODY = { type: 'null' };
const SCHEMALESS_SUCCESS: Record<string, Record<string, unknown>> = {
  'GET /api/auth/login': {
    302: {
      ...NO_BODY,
      description: "To the 42 intra's authorize page; reached on another host, first to the same path on PUBLIC_URL",
    },
  },
  'POST /api/auth/logout': { 204: { ...NO_BODY, description: 'Signed out; the session cookie is cleared' } },
  'GET /api/admin/applications/export.csv': {
    200: { description: 'RFC 4180 CSV', content: { 'text/csv': { schema: { type: 'string' } } } },
  },
};
const successOf = (key: string, method: string | undefined) =>
  SCHEMALESS_SUCCESS[key] ??
  (method === 'DELETE' ? { 204: { ...NO_BODY, description: 'Deleted' } } : { '2XX': { description: 'Success' } });

function guardOf(route: RouteOptions): 'admin' | 'member' | 'user' | undefined {
  const hooks = [route.onRequest ?? []].flat();
  if (hooks.includes(requireAdmin)) return 'admin';
  if (hooks.includes(requireMember)) return 'member';
  if (hooks.includes(requireUser)) return 'user';
  return undefined;
}

type DocumentedSchema = FastifySchema & {
  hide?: boolean;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  response?: Record<string, unknown>;
};

/**
 * Documents the `/api` routes, converted from their zod schemas; everything else (the SPA's
 * files, the local 42 stand-in under `/dev`, the docs' own pages) is left out.
 */
function documentRoute(document: Parameters<typeof jsonSchemaTransform>[0]) {
  const { url, route } = document;
  if (!url.startsWith('/api/') || url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`)) {
    return { schema: { hide: true }, url };
  }
  const converted = jsonSchemaTransform(document);
  const schema: DocumentedSchema = { ...(converted.schema as DocumentedSchema) };
  const method = [route.method].flat()[0];
  const key = `${method} ${openApiPath(url)}`;
  const guard = guardOf(route as RouteOptions);

  schema.tags ??= [tagOf(url)];
  schema.summary ??= ROUTE_SUMMARIES[key];
  if (guard) {
    schema.security = [{ session: [] }];
    const who = { admin: 'Admins only', member: 'Club members (role member or board) only', user: 'Signed-in users' }[
      guard
    ];
    schema.description = [`${who}.`, schema.description].filter(Boolean).join(' ');
  }
  const declaresSuccess = Object.keys(schema.response ?? {}).some((status) => /^2/.test(status));
  schema.response = {
    ...(declaresSuccess ? schema.response : { ...successOf(key, method), ...schema.response }),
    '4XX': { ...errorResponse, description: 'The error shape of every refused request' },
  };
  return { schema, url };
}

/**
 * OpenAPI generated from the contract's zod schemas, and Swagger UI at `/api/docs` (JSON at
 * `/api/docs/json`). Register it before any route: it learns the routes as they are added.
 */
export async function registerApiDocs(app: App): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '1337 Robotics Club API',
        description:
          'The API of the club app. Everything is JSON under `/api`; errors answer `{ error, code, details? }`. ' +
          'Signed-in calls carry the `sid` session cookie that the sign-in sets; state-changing calls from ' +
          'another origin are refused (403 CSRF).',
        version: '1.0.0',
      },
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // Without the top bar: its Swagger logo is an SVG holding a <style> element, which the app's
    // Content-Security-Policy (style-src 'self') rightly refuses. The docs need no CSP exception.
    uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
    theme: { title: '1337 Robotics Club API' },
  });
}
