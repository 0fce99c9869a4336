import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SESSION_COOKIE } from '../../contract/constants';
import { errorBodySchema } from '../../contract/errors';
import type { ApiDocsAccess } from '../config';
import type { App } from '../deps';
import { API_DOCS_PREFIX, entryOf } from './endpoint';
import { requireAdmin } from './session';

export { API_DOCS_PREFIX };

/** The name of the session cookie's security scheme, which guarded operations require. */
export const SECURITY_SCHEME = 'session';

/** `/api/admin/members/:id` → `/api/admin/members/{id}`, the form OpenAPI paths take. */
export const openApiPath = (url: string): string => url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * One tag per feature, read from the path so that a feature added later is grouped without
 * being listed here: the first segment after `/api/` (after `/api/admin/` for admin areas).
 */
export function tagOf(url: string): string {
  if (url.startsWith('/api/users/me')) return 'Auth';
  const segments = url.replace(/^\/api\//, '').split('/');
  const feature = (segments[0] === 'admin' && segments[1] ? segments[1] : segments[0]) ?? 'API';
  const words = feature.replace(/[-_]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const TAG_DESCRIPTIONS: Record<string, string> = {
  Auth: "Sign-in with the 42 intra (OAuth 2.0 code flow), sign-out, the session user and the user's language.",
  Applications: 'The application of a candidate, and its review by the board.',
  Members: 'User management by the board: roles, bans, admin rights, deletion.',
  Challenges: 'The Tinkercad challenges: catalog, candidate progress, validation by the board.',
  Hackathon: 'Hackathon events, registrations and teams.',
  Settings: "The club's settings and public content.",
  Images: "The board's photos and sponsors' logos, uploaded for the settings and served under /media.",
  'Audit logs': 'What changed, who changed it and when.',
  Overview: 'Figures of the recruitment for the board.',
  Health: 'Liveness of the server and its database.',
};

const errorResponse = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12' });

/** What the few routes without a response schema answer when they succeed (`type: 'null'`: no body). */
const NO_BODY = { type: 'null' };
const CSV_SUCCESS = {
  200: {
    description: 'CSV (decision 0115): UTF-8 with a BOM, every cell quoted',
    content: { 'text/csv': { schema: { type: 'string' } } },
  },
};
const SCHEMALESS_SUCCESS: Record<string, Record<string, unknown>> = {
  'GET /api/auth/login': {
    302: {
      ...NO_BODY,
      description: "To the 42 intra's authorize page; reached on another host, first to the same path on PUBLIC_URL",
    },
  },
  'POST /api/auth/logout': { 204: { ...NO_BODY, description: 'Signed out; the session cookie is cleared' } },
  'GET /api/admin/applications/export.csv': CSV_SUCCESS,
  'GET /api/admin/audit-logs/export.csv': CSV_SUCCESS,
};
/** Routes whose body is not JSON: an upload takes the file's bytes as they are (decision 0122). */
const RAW_BODIES: Record<string, { consumes: string[]; body: Record<string, unknown> }> = {
  'POST /api/admin/images/{kind}': {
    consumes: ['image/png', 'image/jpeg', 'image/webp'],
    body: {
      type: 'string',
      format: 'binary',
      description: 'The image file, 2 MB at most; judged by its content, whatever the Content-Type says',
    },
  },
};
const successOf = (key: string, method: string | undefined) =>
  SCHEMALESS_SUCCESS[key] ??
  (method === 'DELETE' ? { 204: { ...NO_BODY, description: 'Deleted' } } : { '2XX': { description: 'Success' } });

type DocumentedSchema = FastifySchema & {
  hide?: boolean;
  consumes?: string[];
  operationId?: string;
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
  const entry = method ? entryOf(method, url) : undefined;

  schema.tags ??= [tagOf(url)];
  Object.assign(schema, RAW_BODIES[key]);
  // Every /api route has its entry (plugins/endpoint.ts refuses any other at start).
  schema.operationId ??= entry?.operationId;
  schema.summary ??= entry?.summary;
  // Public routes say `[]` (no credentials) rather than nothing: Redocly's security-defined rule,
  // like a reader, takes an operation without `security` as one whose access is left unsaid.
  const signedIn = entry !== undefined && entry.access !== 'anyone';
  schema.security = signedIn ? [{ [SECURITY_SCHEME]: [] }] : [];
  if (signedIn) {
    const who = {
      admin: 'Admins only',
      member: 'Club members (role member or board) only',
      judge: "Admins, and the event's judges only",
      'signed-in': 'Signed-in users',
    }[entry.access];
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
 * `/api/docs/json`) for whom `access` (API_DOCS) names: anyone, admins only (production's
 * default: the map of every route is no business of strangers, decision 0142), or nobody (no
 * route there at all). Register it before any route: it learns the routes as they are added.
 */
export async function registerApiDocs(app: App, access: ApiDocsAccess): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: '1337 Robotics Club API',
        description:
          'The API of the club app. Everything is JSON under `/api`; errors answer `{ error, code, details? }`. ' +
          `Signed-in calls carry the \`${SESSION_COOKIE}\` session cookie that the sign-in sets; state-changing calls from ` +
          'another origin are refused (403 CSRF).',
        version: '1.0.0',
      },
      // Relative (the origin serving this document): every deployment serves the same document, and
      // "Try it out" calls the host the page is on, where an absolute PUBLIC_URL would be
      // cross-origin from any other name of the host.
      servers: [{ url: '/', description: 'The origin serving this document' }],
      tags: Object.entries(TAG_DESCRIPTIONS).map(([name, description]) => ({ name, description })),
      components: {
        securitySchemes: {
          [SECURITY_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description: 'The HttpOnly session cookie set by GET /api/auth/callback; revoked by POST /api/auth/logout.',
          },
        },
      },
    },
    transform: documentRoute,
    transformObject: jsonSchemaTransformObject,
  });
  if (access === 'off') return;
  await app.register(fastifySwaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    // Every page, file and document of the docs behind the same guard as the admin panel.
    ...(access === 'admins' ? { uiHooks: { onRequest: requireAdmin } } : {}),
    // Without the top bar: its Swagger logo is an SVG holding a <style> element, which the app's
    // Content-Security-Policy (style-src 'self') rightly refuses. The docs need no CSP exception.
    uiConfig: { docExpansion: 'list', deepLinking: true, layout: 'BaseLayout' },
    theme: { title: '1337 Robotics Club API' },
  });
}
