import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#test/server/test-app';
import { SESSION_COOKIE } from '../../contract/constants';
import { hashToken, newToken } from '../modules/auth/session-token';
import { API_DOCS_PREFIX, openApiPath, SECURITY_SCHEME } from './api-docs';
import { API_PREFIX, routes } from '../../contract/routes';
import { THEME_SCRIPT_HASH } from './security';

type OpenApiOperation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  security?: unknown[];
};
type OpenApiDocument = {
  openapi: string;
  servers?: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { securitySchemes?: Record<string, unknown> };
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/** The calls of docs/product/api.md#api-calls by its six groups, as documented paths. */
const SEED_CALLS: Record<string, string[]> = {
  Auth: ['GET /api/users/me', 'GET /api/auth/login', 'GET /api/auth/callback', 'POST /api/auth/logout'],
  Applications: ['GET /api/applications/me', 'POST /api/applications', 'PUT /api/applications/{id}'],
  Admin: [
    'GET /api/admin/members',
    'GET /api/admin/members/campuses',
    'GET /api/admin/members/{id}',
    'PUT /api/admin/members/{id}/role',
    'PUT /api/admin/members/{id}/ban',
    'PUT /api/admin/members/{id}/admin',
    'DELETE /api/admin/members/{id}',
    'GET /api/admin/applications',
    'GET /api/admin/applications/{id}',
    'PUT /api/admin/applications/{id}/review',
    'GET /api/admin/settings',
    'PUT /api/admin/settings',
    'GET /api/admin/audit-logs',
    'GET /api/admin/projects',
    'GET /api/admin/projects/{id}',
    'PUT /api/admin/projects/{id}/validate',
    'GET /api/admin/events',
    'POST /api/admin/events',
    'POST /api/admin/maintenance/expired-projects',
    'POST /api/admin/maintenance/cleanup',
  ],
  Challenges: [
    'GET /api/challenges/me',
    'GET /api/challenges/catalog',
    'POST /api/challenges/{id}/start',
    'POST /api/challenges/{id}/submit',
    'POST /api/challenges/{id}/exercise/{n}/submit',
    'GET /api/challenges/rules',
    'GET /api/challenges/admin/challenges',
    'POST /api/challenges/admin/challenges',
    'PUT /api/challenges/admin/challenges/{id}',
    'DELETE /api/challenges/admin/challenges/{id}',
    'GET /api/challenges/admin/user-challenges',
    'POST /api/challenges/{id}/validate',
  ],
  Hackathon: [
    'GET /api/hackathon/me',
    'GET /api/hackathon/events/public',
    'POST /api/hackathon/register',
    'DELETE /api/hackathon/register',
    'GET /api/hackathon/registrations',
    'GET /api/hackathon/teams',
    'POST /api/hackathon/teams',
    'PUT /api/hackathon/teams/{id}',
    'DELETE /api/hackathon/teams/{id}',
    'POST /api/hackathon/assign',
    'GET /api/hackathon/events',
    'POST /api/hackathon/events',
    'PUT /api/hackathon/events/{id}',
    'DELETE /api/hackathon/events/{id}',
  ],
  Health: ['GET /api/health'],
};

describe('the API documentation at /api/docs', () => {
  let t: TestApp;
  let webRoot: string;
  /** Every route the server registers, seen by an onRoute hook installed before any plugin or route. */
  const registered: { method: string; url: string }[] = [];
  let documentation: OpenApiDocument;

  beforeAll(async () => {
    // With a built SPA too, to prove its fallback does not answer for the docs.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'club-docs-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Club</title><div id="root"></div>');
    t = await createTestApp(
      {},
      {
        webRoot,
        onRoute: (route) => {
          for (const method of [route.method].flat()) registered.push({ method, url: route.url });
        },
      },
    );
    const answer = await t.app.inject({ url: `${API_DOCS_PREFIX}/json` });
    expect(answer.statusCode).toBe(200);
    documentation = answer.json();
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(webRoot, { recursive: true });
  });

  const isDocsRoute = (url: string) => url === API_DOCS_PREFIX || url.startsWith(`${API_DOCS_PREFIX}/`);
  const registeredApiCalls = () =>
    [
      ...new Set(
        registered
          .filter(({ method, url }) => method !== 'HEAD' && url.startsWith('/api/') && !isDocsRoute(url))
          .map(({ method, url }) => `${method} ${openApiPath(url)}`),
      ),
    ].sort();
  const documentedCalls = () =>
    Object.entries(documentation.paths)
      .flatMap(([url, operations]) =>
        Object.keys(operations)
          .filter((key) => HTTP_METHODS.includes(key))
          .map((method) => `${method.toUpperCase()} ${url}`),
      )
      .sort();
  const operation = (call: string) => {
    const [method, url] = call.split(' ') as [string, string];
    return documentation.paths[url]?.[method.toLowerCase()];
  };

  it('documents every registered /api route, whatever feature added it', () => {
    const documented = new Set(documentedCalls());
    // So that a hook that saw nothing cannot pass for "all documented".
    expect(registeredApiCalls()).toEqual(expect.arrayContaining(Object.values(SEED_CALLS).flat()));
    expect(registeredApiCalls().filter((call) => !documented.has(call))).toEqual([]);
  });

  it('documents no route the server does not have', () => {
    const served = new Set(registeredApiCalls());
    expect(documentedCalls().filter((call) => !served.has(call))).toEqual([]);
  });

  it('leaves out the local 42 stand-in, the SPA files and its own pages', () => {
    expect(registered.some(({ url }) => url.startsWith('/dev/'))).toBe(true);
    expect(registered.some(({ url }) => isDocsRoute(url))).toBe(true);
    expect(Object.keys(documentation.paths).filter((url) => !url.startsWith('/api/') || isDocsRoute(url))).toEqual([]);
  });

  it('documents every call of the six groups of docs/product/api.md#api-calls', () => {
    for (const [group, calls] of Object.entries(SEED_CALLS)) {
      for (const call of calls) expect(operation(call), `${group}: ${call}`).toBeDefined();
    }
  });

  it('gives every route one feature tag, read from its path', () => {
    expect(documentedCalls().filter((call) => operation(call)?.tags?.length !== 1)).toEqual([]);
    expect(operation('GET /api/admin/members')?.tags).toEqual(['Members']);
    expect(operation('GET /api/users/me')?.tags).toEqual(['Auth']);
    expect(operation('POST /api/challenges/{id}/validate')?.tags).toEqual(['Challenges']);
    expect(operation('GET /api/admin/overview')?.tags).toEqual(['Overview']);
  });

  it('summarises the calls of docs/product/api.md#api-calls, and documents every route of the table with its id', () => {
    const seedCalls = Object.values(SEED_CALLS).flat();
    expect(seedCalls.filter((call) => !operation(call)?.summary)).toEqual([]);
    const undocumented = Object.values(routes).filter(
      (route) =>
        operation(`${route.method} ${openApiPath(`${API_PREFIX}${route.path}`)}`)?.operationId !== route.operationId,
    );
    expect(undocumented).toEqual([]);
  });

  it('says which routes need the session cookie and who may call them', () => {
    expect(operation('GET /api/admin/overview')).toMatchObject({
      security: [{ session: [] }],
      description: expect.stringMatching(/^Admins only\./),
    });
    expect(operation('GET /api/applications/me')).toMatchObject({
      security: [{ session: [] }],
      description: expect.stringMatching(/^Signed-in users\./),
    });
    expect(operation('GET /api/health')?.security).toEqual([]);
  });

  it('names every operation with a unique camelCase operationId, as client generators need', () => {
    const ids = documentedCalls().map((call) => operation(call)?.operationId);
    expect(documentedCalls().filter((call) => !/^[a-z][a-zA-Z0-9]*$/.test(operation(call)?.operationId ?? ''))).toEqual(
      [],
    );
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    expect(operation('GET /api/users/me')?.operationId).toBe('getCurrentUser');
    expect(operation('PUT /api/admin/applications/{id}/review')?.operationId).toBe('reviewApplication');
  });

  it('asks for the session cookie on every route that refuses a caller without one, and on no other', async () => {
    expect(documentation.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(documentation.components?.securitySchemes?.[SECURITY_SCHEME]).toMatchObject({
      type: 'apiKey',
      in: 'cookie',
      name: SESSION_COOKIE,
    });
    const wrong: string[] = [];
    for (const call of documentedCalls()) {
      const [method, url] = call.split(' ') as [string, string];
      const answer = await t.app.inject({
        method: method as 'GET',
        url: url.replace(/\{[^}]+\}/g, '1'),
        ...(['POST', 'PUT'].includes(method) ? { payload: {} } : {}),
      });
      const security = answer.statusCode === 401 ? [{ [SECURITY_SCHEME]: [] }] : [];
      if (JSON.stringify(operation(call)?.security) !== JSON.stringify(security)) wrong.push(call);
    }
    // So that a run where nothing refused (or everything did) cannot pass for "all right".
    expect(documentedCalls().filter((call) => operation(call)?.security?.length === 0).length).toBeGreaterThan(3);
    expect(documentedCalls().filter((call) => operation(call)?.security?.length === 1).length).toBeGreaterThan(40);
    expect(wrong).toEqual([]);
  });

  it('describes bodies and answers from the contract schemas', () => {
    const json = (schema: object) => ({ content: { 'application/json': { schema } } });
    expect(operation('PUT /api/admin/applications/{id}/review')).toMatchObject({
      requestBody: json({ properties: { status: { enum: ['approved', 'declined'] } } }),
      parameters: expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]),
      responses: {
        '200': json({ properties: { reviewed_at: expect.anything() } }),
        '4XX': json({ required: ['error', 'code'] }),
      },
    });
  });

  it('serves Swagger UI and its assets under /api/docs, not the SPA page', async () => {
    const page = await t.app.inject({ url: API_DOCS_PREFIX });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toContain('<div id="root">');
    const script = await t.app.inject({ url: `${API_DOCS_PREFIX}/static/swagger-ui-bundle.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/javascript/);
    const unknown = await t.app.inject({ url: `${API_DOCS_PREFIX}/nope` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps the strict Content-Security-Policy on the docs and everywhere else', async () => {
    for (const url of [API_DOCS_PREFIX, `${API_DOCS_PREFIX}/json`, '/api/health', '/admin/users']) {
      const answer = await t.app.inject({ url });
      expect(answer.headers['content-security-policy'], url).toContain(`script-src 'self' ${THEME_SCRIPT_HASH};`);
      expect(answer.headers['content-security-policy'], url).not.toContain('unsafe');
    }
  });
});

describe('who may read the API documentation (API_DOCS)', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    FT_CLIENT_ID: 'club-client',
    FT_CLIENT_SECRET: 'club-secret',
    PUBLIC_URL: 'https://club.example.org',
  };
  const DOCS = [API_DOCS_PREFIX, `${API_DOCS_PREFIX}/json`, `${API_DOCS_PREFIX}/yaml`];

  /** A session written straight in: production has no local 42 stand-in to sign in through. */
  async function sessionOf(t: TestApp, login: string, intraId: number, isAdmin: boolean): Promise<string> {
    const at = new Date().toISOString();
    const { id } = await t.database.db
      .insertInto('users')
      .values({
        intra_id: intraId,
        intra_login: login,
        email: null,
        first_name: null,
        last_name: null,
        image_url: null,
        campus: null,
        level: 0,
        grade: null,
        is_starter: false,
        is_admin: isAdmin,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const token = newToken();
    await t.database.db
      .insertInto('sessions')
      .values({
        user_id: id,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
        created_at: at,
      })
      .execute();
    return `${SESSION_COOKIE}=${token}`;
  }

  const statuses = async (t: TestApp, cookie?: string) =>
    Promise.all(DOCS.map(async (url) => (await t.app.inject({ url, headers: cookie ? { cookie } : {} })).statusCode));

  it('shows them to admins only in production, by default: 401 signed out, 403 to anyone else', async () => {
    const t = await createTestApp(PRODUCTION);
    try {
      const anonymous = await t.app.inject({ url: `${API_DOCS_PREFIX}/json` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      expect(anonymous.body).not.toContain('openapi');
      expect(await statuses(t)).toEqual([401, 401, 401]);
      expect(await statuses(t, await sessionOf(t, 'student', 1, false))).toEqual([403, 403, 403]);
      const admin = await sessionOf(t, 'boss', 2, true);
      expect(await statuses(t, admin)).toEqual([200, 200, 200]);
      expect((await t.app.inject({ url: `${API_DOCS_PREFIX}/json`, headers: { cookie: admin } })).json()).toMatchObject(
        { openapi: '3.1.0' },
      );
    } finally {
      await t.close();
    }
  });

  it('serves none of them with API_DOCS=off, even to an admin; anyone may read them with API_DOCS=public', async () => {
    const off = await createTestApp({ ...PRODUCTION, API_DOCS: 'off' });
    try {
      expect(await statuses(off, await sessionOf(off, 'boss', 2, true))).toEqual([404, 404, 404]);
    } finally {
      await off.close();
    }
    const open = await createTestApp({ ...PRODUCTION, API_DOCS: 'public' });
    try {
      expect(await statuses(open)).toEqual([200, 200, 200]);
    } finally {
      await open.close();
    }
  });
});
