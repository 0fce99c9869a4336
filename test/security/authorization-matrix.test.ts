import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/contract/errors';
import { API_PREFIX, routes, type Access } from '../../src/contract/routes';
import { expectUnchanged } from '#test/server/db-snapshot';
import {
  buildWorld,
  CALLERS,
  fillBody,
  fillIds,
  LINK,
  type Applicant,
  type Caller,
  type RegisteredRoute,
  type World,
} from '#test/server/security-world';

/**
 * Who may call what: every route the app registers, and what each caller gets from it.
 *
 * Every route of the endpoint table (src/contract/routes.ts) is in the matrix by its access level
 * (BY_ACCESS below); a row here replaces that default where a route answers its callers more
 * precisely, and names the routes outside the table. `expect` gives the status each caller must get: a number, or
 * `ALLOWED` for "anything but 401/403" (admins on admin routes, where a body of `{}` may well be
 * a 400). `url` fills the path with real ids of the world (`{name}`, see security-world.ts; by
 * default each `:param` is 1), `body` is sent to POST/PUT (default `{}`), and `as` picks which
 * signed-in student plays "applicant" (default `candidate`, approved and at the challenges).
 * `exclude` names a route the matrix does not call, and why; `writes` says what a GET writes (no
 * other GET may write anything).
 */
const ALLOWED = 'allowed';
type Expected = number | typeof ALLOWED;
type Row = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  path: string;
  url?: string;
  body?: unknown;
  as?: Applicant;
  expect?: Record<Caller, Expected>;
  exclude?: string;
  /** What a GET writes, if it does: every other GET must leave the database as it was. */
  writes?: string;
};

/** Admins only: 401 signed out, 403 for everyone else (banned: 403 BANNED), whatever the body. */
const ADMIN: Record<Caller, Expected> = {
  anonymous: 401,
  applicant: 403,
  banned: 403,
  member: 403,
  judge: 403,
  admin: ALLOWED,
};
/**
 * Anyone signed in and not banned, each with the status the route answers them. The judge is a
 * member like `member` (security-world.ts), and answered as one unless a row says otherwise.
 */
const signedIn = (status: {
  applicant: number;
  member: number;
  judge?: number;
  admin: number;
}): Record<Caller, Expected> => ({
  anonymous: 401,
  banned: 403,
  judge: status.member,
  ...status,
});
const everyone = (status: Expected): Record<Caller, Expected> =>
  Object.fromEntries(CALLERS.map((caller) => [caller, status])) as Record<Caller, Expected>;

/** Matches every route of the built SPA's files (@fastify/static registers one per file). */
const STATIC_FILES = '(each file of the built SPA)';

const ROUTES: Row[] = [
  {
    method: 'HEAD',
    path: '*',
    exclude: 'Fastify answers HEAD beside every GET with the GET handler: the GET row checks who may call it.',
  },
  {
    method: 'GET',
    path: STATIC_FILES,
    exclude: 'Public files of the SPA build (scripts, styles, images): no data, the same to everyone.',
  },

  // Public
  { method: 'GET', path: '/api/health', expect: everyone(200) },
  { method: 'GET', path: '/api/settings/public', expect: everyone(200) },
  {
    method: 'GET',
    path: '/api/auth/login',
    writes: 'the sign-in state (hashed, for 10 minutes)',
    expect: everyone(302),
  },
  { method: 'GET', path: '/api/auth/callback', url: '/api/auth/callback?code=c&state=s', expect: everyone(400) },
  { method: 'POST', path: '/api/auth/logout', expect: everyone(204) },

  // The local 42 stand-in (never in production): its own OAuth rules, no session involved.
  { method: 'GET', path: '/dev/intra/style.css', expect: everyone(200) },
  {
    method: 'GET',
    path: '/dev/intra/avatars/:file',
    url: '/dev/intra/avatars/candidate.svg',
    expect: everyone(200),
  },
  {
    method: 'GET',
    path: '/dev/intra/oauth/authorize',
    url: '/dev/intra/oauth/authorize?client_id={devClientId}&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fauth%2Fcallback&response_type=code&state=s',
    expect: everyone(200),
  },
  { method: 'POST', path: '/dev/intra/oauth/authorize', expect: everyone(400) },
  { method: 'POST', path: '/dev/intra/oauth/token', expect: everyone(400) },
  { method: 'GET', path: '/dev/intra/v2/me', expect: everyone(401) },
  { method: 'GET', path: '/dev/intra/usage', expect: everyone(200) },

  // The signed-in user
  { method: 'GET', path: '/api/users/me', expect: signedIn({ applicant: 200, member: 200, admin: 200 }) },
  {
    method: 'PUT',
    path: '/api/users/me/preferences',
    body: { locale: 'fr' },
    expect: signedIn({ applicant: 200, member: 200, admin: 200 }),
  },
  {
    method: 'GET',
    path: '/api/users/me/export',
    writes: 'when the person last took a copy of their data (one a minute)',
    expect: signedIn({ applicant: 200, member: 200, admin: 200 }),
  },

  // Applications: one's own only; someone else's is 404, as if it did not exist.
  {
    method: 'POST',
    path: '/api/applications',
    as: 'newcomer',
    body: { motivation: 'I have built line followers since school.' },
    expect: signedIn({ applicant: 201, member: 409, admin: 201 }),
  },
  {
    method: 'PUT',
    path: '/api/applications/:id',
    url: '/api/applications/{pendingApplication}',
    as: 'pending',
    body: { motivation: 'I have built line followers since school.' },
    expect: signedIn({ applicant: 200, member: 404, admin: 404 }),
  },
  {
    method: 'POST',
    path: '/api/applications/:id/withdraw',
    url: '/api/applications/{pendingApplication}/withdraw',
    as: 'pending',
    expect: signedIn({ applicant: 200, member: 404, admin: 404 }),
  },
  {
    method: 'GET',
    path: '/api/applications/me',
    expect: signedIn({ applicant: 200, member: 200, admin: 404 }),
  },
  {
    method: 'GET',
    path: '/api/applications/me',
    as: 'newcomer',
    expect: signedIn({ applicant: 404, member: 200, admin: 404 }),
  },
  {
    method: 'GET',
    path: '/api/admin/applications/:id',
    url: '/api/admin/applications/{pendingApplication}',
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/admin/applications/:id/review',
    url: '/api/admin/applications/{pendingApplication}/review',
    body: { status: 'approved' },
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/admin/applications/:id/vote',
    url: '/api/admin/applications/{pendingApplication}/vote',
    body: { vote: 'yes', comment: 'Clear motivation.' },
    expect: ADMIN,
  },
  {
    // No such application: the guard answers before the service's 404.
    method: 'POST',
    path: '/api/admin/applications/:id/review/undo',
    url: '/api/admin/applications/999999/review/undo',
    expect: { ...ADMIN, admin: 404 },
  },
  {
    method: 'POST',
    path: '/api/admin/applications/bulk-review',
    body: { ids: ['{pendingApplication}'], status: 'declined' },
    expect: ADMIN,
  },

  // Recruitment rounds (decision 0121): the board's.
  {
    method: 'POST',
    path: '/api/admin/rounds',
    body: { name: 'Spring 2027', opens_at: '2027-06-01T00:00:00.000Z', closes_at: '2027-09-01T00:00:00.000Z' },
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/admin/rounds/:id',
    url: '/api/admin/rounds/{round}',
    body: { name: 'Autumn 2026, renamed' },
    expect: ADMIN,
  },

  // Deadlines: the applicant's deadline is weeks away; the member's passed long ago; the admin never applied.
  {
    method: 'POST',
    path: '/api/challenges/deadline-request',
    body: { reason: 'I was ill for a week.' },
    expect: signedIn({ applicant: 409, member: 201, admin: 403 }),
  },
  {
    method: 'PUT',
    path: '/api/admin/members/:id/challenge-deadline',
    url: '/api/admin/members/{candidateUser}/challenge-deadline',
    body: { deadline_at: '2099-01-01T00:00:00.000Z' },
    expect: ADMIN,
  },
  {
    method: 'POST',
    path: '/api/admin/members/:id/challenges',
    url: '/api/admin/members/{candidateUser}/challenges',
    expect: ADMIN,
  },

  // Members and audit (admin)
  { method: 'GET', path: '/api/admin/members/:id', url: '/api/admin/members/{spareUser}', expect: ADMIN },
  {
    method: 'PUT',
    path: '/api/admin/members/:id/role',
    url: '/api/admin/members/{spareUser}/role',
    body: { role: 'board' },
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/admin/members/:id/ban',
    url: '/api/admin/members/{spareUser}/ban',
    body: { is_banned: true },
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/admin/members/:id/admin',
    url: '/api/admin/members/{spareUser}/admin',
    body: { is_admin: true },
    expect: ADMIN,
  },
  { method: 'DELETE', path: '/api/admin/members/:id', url: '/api/admin/members/{spareUser}', expect: ADMIN },
  { method: 'POST', path: '/api/admin/messages/preview', body: { audience: { step: 1 } }, expect: ADMIN },
  { method: 'POST', path: '/api/admin/messages/:id/undo', url: '/api/admin/messages/{message}/undo', expect: ADMIN },
  // A candidate's messages: one's own only; another's is 404, as if it did not exist.
  { method: 'GET', path: '/api/messages/me', expect: signedIn({ applicant: 200, member: 200, admin: 200 }) },
  {
    method: 'PUT',
    path: '/api/messages/:id/read',
    url: '/api/messages/{message}/read',
    expect: signedIn({ applicant: 204, member: 404, admin: 404 }),
  },
  // The wording of one language (`?locale=`, docs/decisions/0128-languages.md): the same guard.
  { method: 'GET', path: '/api/admin/mail-templates', url: '/api/admin/mail-templates?locale=ar', expect: ADMIN },
  {
    method: 'PUT',
    path: '/api/admin/mail-templates/:key',
    url: '/api/admin/mail-templates/application_declined?locale=fr',
    body: { subject: 'About your application', body: 'Dear {{name}}, not this time.' },
    expect: ADMIN,
  },
  {
    method: 'DELETE',
    path: '/api/admin/mail-templates/:key',
    url: '/api/admin/mail-templates/application_declined',
    expect: ADMIN,
  },
  {
    method: 'POST',
    path: '/api/admin/mail-templates/:key/preview',
    url: '/api/admin/mail-templates/application_declined/preview',
    body: { subject: 'About your application', body: 'Dear {{name}}, not this time.' },
    expect: ADMIN,
  },
  {
    method: 'POST',
    path: '/api/admin/webhooks',
    body: { url: 'https://hooks.example.org/new', events: ['application.decided'] },
    expect: ADMIN,
  },
  { method: 'DELETE', path: '/api/admin/webhooks/:id', url: '/api/admin/webhooks/{webhook}', expect: ADMIN },
  {
    method: 'GET',
    path: '/api/admin/webhooks/:id/deliveries',
    url: '/api/admin/webhooks/{webhook}/deliveries',
    expect: ADMIN,
  },
  { method: 'PUT', path: '/api/admin/settings', body: { settings: { applications_open: false } }, expect: ADMIN },
  // Uploaded images (decision 0122): the board uploads them; anyone sees them (a `{}` body is no image: 400).
  { method: 'POST', path: '/api/admin/images/:kind', url: '/api/admin/images/board_photo', expect: ADMIN },
  { method: 'GET', path: '/media/:file', url: `/media/${'0'.repeat(64)}-96x96.webp`, expect: everyone(404) },

  // Challenges: the catalog and the review queue are the board's; a user challenge is its candidate's.
  {
    method: 'PUT',
    path: '/api/challenges/admin/challenges/:id',
    url: '/api/challenges/admin/challenges/{spareChallenge}',
    body: { is_active: true },
    expect: ADMIN,
  },
  {
    method: 'DELETE',
    path: '/api/challenges/admin/challenges/:id',
    url: '/api/challenges/admin/challenges/{spareChallenge}',
    expect: ADMIN,
  },
  {
    method: 'POST',
    path: '/api/challenges/:id/validate',
    url: '/api/challenges/{ucSubmitted}/validate',
    body: { status: 'validated' },
    expect: ADMIN,
  },
  { method: 'GET', path: '/api/challenges/me', expect: signedIn({ applicant: 200, member: 200, admin: 403 }) },
  {
    method: 'GET',
    path: '/api/challenges/me',
    as: 'pending',
    expect: signedIn({ applicant: 403, member: 200, admin: 403 }),
  },
  { method: 'GET', path: '/api/challenges/catalog', expect: signedIn({ applicant: 200, member: 200, admin: 200 }) },
  { method: 'GET', path: '/api/challenges/rules', expect: signedIn({ applicant: 200, member: 200, admin: 200 }) },
  {
    method: 'POST',
    path: '/api/challenges/:id/start',
    url: '/api/challenges/{ucPending}/start',
    expect: signedIn({ applicant: 200, member: 404, admin: 404 }),
  },
  {
    method: 'POST',
    path: '/api/challenges/:id/exercise/:n/submit',
    url: '/api/challenges/{ucInProgress}/exercise/1/submit',
    body: { tinkercad_link: LINK },
    expect: signedIn({ applicant: 200, member: 404, admin: 404 }),
  },
  {
    method: 'POST',
    path: '/api/challenges/:id/submit',
    url: '/api/challenges/{ucReady}/submit',
    expect: signedIn({ applicant: 200, member: 404, admin: 404 }),
  },

  // Hackathon: events, registrations and teams are the board's; registering is the finalist's.
  {
    method: 'POST',
    path: '/api/hackathon/events',
    body: { name: 'Summer hackathon', start_at: '2027-06-01T09:00:00Z', end_at: '2027-06-02T09:00:00Z' },
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/hackathon/events/:id',
    url: '/api/hackathon/events/{springEvent}',
    body: { location: 'Lab 3' },
    expect: ADMIN,
  },
  { method: 'DELETE', path: '/api/hackathon/events/:id', url: '/api/hackathon/events/{springEvent}', expect: ADMIN },
  {
    method: 'GET',
    path: '/api/hackathon/events/public',
    expect: signedIn({ applicant: 200, member: 200, admin: 200 }),
  },
  {
    method: 'POST',
    path: '/api/hackathon/register',
    as: 'finalist',
    body: { event_id: '{autumnEvent}' },
    expect: signedIn({ applicant: 201, member: 403, admin: 403 }),
  },
  {
    method: 'DELETE',
    path: '/api/hackathon/register',
    url: '/api/hackathon/register?event_id={springEvent}',
    as: 'finalist',
    expect: signedIn({ applicant: 204, member: 404, admin: 404 }),
  },
  { method: 'GET', path: '/api/hackathon/me', expect: signedIn({ applicant: 200, member: 200, admin: 200 }) },
  {
    method: 'POST',
    path: '/api/hackathon/teams',
    body: { event_id: '{springEvent}', member_user_ids: ['{finalistUser}'] },
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/hackathon/teams/:id',
    url: '/api/hackathon/teams/{team}',
    body: { name: 'The Soldering Irons' },
    expect: ADMIN,
  },
  { method: 'DELETE', path: '/api/hackathon/teams/:id', url: '/api/hackathon/teams/{team}', expect: ADMIN },
  // Moving people between teams by hand (issue 32).
  {
    method: 'PUT',
    path: '/api/hackathon/teams/:id/members/:user_id',
    url: '/api/hackathon/teams/{team}/members/{finalistUser}',
    expect: ADMIN,
  },
  {
    method: 'DELETE',
    path: '/api/hackathon/teams/:id/members/:user_id',
    url: '/api/hackathon/teams/{team}/members/{seatedUser}',
    expect: ADMIN,
  },
  { method: 'POST', path: '/api/hackathon/assign', body: { event_id: '{springEvent}' }, expect: ADMIN },
  {
    method: 'GET',
    path: '/api/hackathon/events/:id/assign-preview',
    url: '/api/hackathon/events/{springEvent}/assign-preview',
    expect: ADMIN,
  },
  // The hackathon day (decision 0163): judges are the board's to name; check-in is for admins and
  // the judges of that very event (the judge of the spring event is refused at the autumn one's door).
  {
    method: 'PUT',
    path: '/api/hackathon/events/:id/judges',
    url: '/api/hackathon/events/{springEvent}/judges',
    body: { user_ids: ['{memberUser}'] },
    expect: ADMIN,
  },
  { method: 'GET', path: '/api/hackathon/judging/events', expect: { ...ADMIN, judge: 200, admin: 200 } },
  {
    method: 'POST',
    path: '/api/hackathon/events/:id/check-in',
    url: '/api/hackathon/events/{springEvent}/check-in',
    body: { code: '{finalistCode}' },
    expect: { ...ADMIN, judge: 200, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/hackathon/events/:id/check-in',
    url: '/api/hackathon/events/{autumnEvent}/check-in',
    body: { code: '{finalistCode}' },
    expect: { ...ADMIN, admin: 404 },
  },
  {
    method: 'DELETE',
    path: '/api/hackathon/events/:id/check-in/:registration_id',
    url: '/api/hackathon/events/{springEvent}/check-in/{finalistRegistration}',
    expect: { ...ADMIN, judge: 204, admin: 204 },
  },
  // Team projects and judging (decision 0171): a team's project is its members' (nobody in the
  // matrix sits in the spring team); the rubric and the judging view are for admins and the judges
  // of that event; scores for its named judges only, after the end (the spring event is ahead: 409).
  {
    method: 'PUT',
    path: '/api/hackathon/teams/:id/project',
    url: '/api/hackathon/teams/{team}/project',
    body: { title: 'Line follower', description: 'A robot.', links: [] },
    expect: signedIn({ applicant: 403, member: 403, admin: 403 }),
  },
  {
    method: 'GET',
    path: '/api/hackathon/events/:id/rubric',
    url: '/api/hackathon/events/{springEvent}/rubric',
    expect: { ...ADMIN, judge: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/hackathon/events/:id/rubric',
    url: '/api/hackathon/events/{autumnEvent}/rubric',
    expect: { ...ADMIN, admin: 200 },
  },
  {
    method: 'PUT',
    path: '/api/hackathon/events/:id/rubric',
    url: '/api/hackathon/events/{springEvent}/rubric',
    body: { criteria: [{ key: 'idea', name: 'Idea', weight: 1, max: 10 }] },
    expect: ADMIN,
  },
  {
    method: 'PUT',
    path: '/api/hackathon/teams/:id/score',
    url: '/api/hackathon/teams/{team}/score',
    body: { scores: { idea: 5, technical: 5, demo: 5 }, comment: null },
    expect: { ...ADMIN, judge: 409, admin: 403 },
  },
  {
    method: 'GET',
    path: '/api/hackathon/events/:id/judging',
    url: '/api/hackathon/events/{springEvent}/judging',
    expect: { ...ADMIN, judge: 200, admin: 200 },
  },
  {
    method: 'GET',
    path: '/api/hackathon/events/:id/judging',
    url: '/api/hackathon/events/{autumnEvent}/judging',
    expect: { ...ADMIN, admin: 200 },
  },
  // The results (decision 0175) are the board's; publishing the spring event, still ahead, is 409.
  {
    method: 'GET',
    path: '/api/hackathon/events/:id/results',
    url: '/api/hackathon/events/{springEvent}/results',
    expect: { ...ADMIN, admin: 200 },
  },
  {
    method: 'POST',
    path: '/api/hackathon/events/:id/results/publish',
    url: '/api/hackathon/events/{springEvent}/results/publish',
    expect: { ...ADMIN, admin: 409 },
  },

  // Club projects: members (role member or board) propose; candidates and admins who are not members get 403.
  {
    method: 'POST',
    path: '/api/projects',
    body: { title: 'Line follower', description: 'A robot that follows a line on the club floor.' },
    expect: signedIn({ applicant: 403, member: 201, admin: 403 }),
  },
  { method: 'GET', path: '/api/projects/me', expect: signedIn({ applicant: 403, member: 200, admin: 403 }) },

  // Club events: the upcoming ones are public, their management the board's.
  { method: 'GET', path: '/api/events', expect: everyone(200) },

  // API documentation: public, it describes the routes and holds no data.
  { method: 'GET', path: '/api/docs', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/json', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/yaml', expect: everyone(200) },
  { method: 'GET', path: '/api/docs/static/index.html', expect: everyone(302) },
  { method: 'GET', path: '/api/docs/static/swagger-initializer.js', expect: everyone(200) },
  {
    method: 'GET',
    path: '/api/docs/static/*',
    url: '/api/docs/static/swagger-ui.css',
    expect: everyone(200),
  },

  // The outbox of the notification emails, beside the local stand-in only (where anyone may sign in as admin).
  { method: 'GET', path: '/dev/mail', expect: everyone(200) },
  { method: 'GET', path: '/dev/mail/style.css', expect: everyone(200) },
];

/** What a route of the table answers each caller by its access level alone, until a row says more. */
const BY_ACCESS: Record<Access, Record<Caller, Expected>> = {
  anyone: everyone(ALLOWED),
  'signed-in': { anonymous: 401, banned: 403, applicant: ALLOWED, member: ALLOWED, judge: ALLOWED, admin: ALLOWED },
  member: { anonymous: 401, banned: 403, applicant: 403, member: ALLOWED, judge: ALLOWED, admin: ALLOWED },
  judge: { anonymous: 401, banned: 403, applicant: 403, member: 403, judge: ALLOWED, admin: ALLOWED },
  admin: ADMIN,
};

/** The rows above, and a row by access level for each route of the table they do not name. */
const MATRIX: Row[] = [
  ...ROUTES,
  ...Object.values(routes)
    .map((route) => ({ method: route.method, path: `${API_PREFIX}${route.path}`, expect: BY_ACCESS[route.access] }))
    .filter((row) => !ROUTES.some((named) => named.method === row.method && named.path === row.path)),
];

const defaultUrl = (routePath: string) => routePath.replace(/:\w+/g, '1').replace(/\*$/, '');
const key = (method: string, routePath: string) => `${method} ${routePath}`;

function rowFor(route: RegisteredRoute): Row | undefined {
  return MATRIX.find(
    (row) =>
      row.method === route.method &&
      (row.path === route.path ||
        (row.path === '*' && row.exclude !== undefined) ||
        (row.path === STATIC_FILES && route.staticFile)),
  );
}

describe('the authorization matrix', () => {
  let world: World;
  let webRoot: string;

  beforeAll(async () => {
    // A stand-in SPA build, so that the static file routes are registered as in production.
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'club-matrix-'));
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>Club</title><div id="root"></div>');
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    world = await buildWorld({ webRoot });
  });
  afterAll(async () => {
    await world?.t.close();
    fs.rmSync(webRoot, { recursive: true, force: true });
  });

  /** One call as one caller; a write that succeeded is undone so the next call sees the same world. */
  async function call(row: Pick<Row, 'method' | 'path' | 'url' | 'body' | 'as'>, caller: Caller) {
    const cookie = world.cookie(caller, row.as);
    const url = fillIds(row.url ?? defaultUrl(row.path), world.ids);
    const writes = row.method !== 'GET' && row.method !== 'HEAD';
    const answer = await world.t.app.inject({
      method: row.method,
      url,
      headers: cookie ? { cookie } : {},
      ...(writes && row.method !== 'DELETE' ? { payload: (fillBody(row.body ?? {}, world.ids) ?? {}) as object } : {}),
    });
    if (writes && answer.statusCode < 400) await world.restore();
    return answer;
  }

  it('names every registered route, and only registered ones', async () => {
    const problems: string[] = [];
    for (const route of world.routes) {
      if (rowFor(route)) continue;
      // Say exactly which line to add: the statuses each caller gets today, to be checked by whoever adds it.
      const observed = Object.fromEntries(
        await Promise.all(CALLERS.map(async (caller) => [caller, (await call(route as Row, caller)).statusCode])),
      ) as Record<Caller, number>;
      const isAdmin =
        observed.anonymous === 401 &&
        observed.applicant === 403 &&
        observed.banned === 403 &&
        observed.member === 403 &&
        observed.judge === 403 &&
        ![401, 403].includes(observed.admin);
      const expectText = isAdmin
        ? 'ADMIN'
        : `{ ${CALLERS.map((caller) => `${caller}: ${observed[caller]}`).join(', ')} }`;
      problems.push(
        `${key(route.method, route.path)} is registered but ROUTES in test/security/authorization-matrix.test.ts ` +
          `does not name it. Add this row (the statuses it answers today, each caller calling ${defaultUrl(route.path) || '/'}` +
          `${route.path.includes(':') ? '; give `url` with real ids such as {pendingApplication} where ownership matters' : ''}):\n` +
          `  { method: '${route.method}', path: '${route.path}', expect: ${expectText} },`,
      );
    }
    for (const row of MATRIX) {
      if (row.exclude !== undefined) {
        const matched = world.routes.some((route) => rowFor(route) === row);
        if (!matched) problems.push(`ROUTES excludes ${key(row.method, row.path)}, which matches no registered route.`);
        continue;
      }
      if (!world.routes.some((route) => route.method === row.method && route.path === row.path)) {
        problems.push(
          `ROUTES names ${key(row.method, row.path)}, which no route registers: remove the row or fix its path.`,
        );
      }
    }
    expect(problems, problems.join('\n\n')).toEqual([]);
  });

  it('gives every row either the statuses of all six callers or a reason to leave the route out', () => {
    for (const row of MATRIX) {
      expect(Boolean(row.expect) !== Boolean(row.exclude), key(row.method, row.path)).toBe(true);
      if (row.expect) expect(Object.keys(row.expect).sort(), key(row.method, row.path)).toEqual([...CALLERS].sort());
    }
  });

  it('holds each row of a table route to its access level: signed out, 401 unless anyone may call it', () => {
    for (const route of Object.values(routes)) {
      const row = rowFor({
        method: route.method,
        path: `${API_PREFIX}${route.path}`,
        schema: undefined,
        staticFile: false,
      });
      const anonymous = row?.expect?.anonymous;
      const label = `${route.method} ${route.path} (${route.access})`;
      if (route.access === 'anyone') expect([401, 403], label).not.toContain(anonymous);
      else expect(anonymous, label).toBe(401);
      if (route.access === 'admin') {
        expect(row?.expect, label).toMatchObject({ applicant: 403, member: 403, judge: 403 });
      }
      if (route.access === 'judge') expect(row?.expect, label).toMatchObject({ applicant: 403, member: 403 });
    }
  });

  describe.each(
    MATRIX.filter((row) => row.expect).map(
      (row) => [`${key(row.method, row.path)}${row.as ? ` (applicant: ${row.as})` : ''}`, row] as const,
    ),
  )('%s', (_name, row) => {
    it('answers each caller as the matrix says; refusals and reads change nothing', async () => {
      for (const caller of CALLERS) {
        const before = await world.dump();
        const answer = await call(row, caller);
        const expected = row.expect![caller];
        const label = `${key(row.method, row.url ?? row.path)} as ${caller}${caller === 'applicant' ? ` (${row.as ?? 'candidate'})` : ''}: ${answer.statusCode} ${answer.body.slice(0, 300)}`;
        if (expected === ALLOWED) {
          expect([401, 403], label).not.toContain(answer.statusCode);
          expect(answer.statusCode, label).toBeLessThan(500);
        } else {
          expect(answer.statusCode, label).toBe(expected);
        }
        if (caller === 'banned' && expected === 403) expect(answer.json().code, label).toBe('BANNED');
        if (answer.statusCode >= 400 || (row.method === 'GET' && !row.writes)) {
          if (answer.statusCode >= 400 && row.path.startsWith('/api/'))
            expect(errorBodySchema.strict().safeParse(answer.json()).success, label).toBe(true);
          const after = await world.dump();
          expectUnchanged(before, after, label);
        }
      }
    });
  });
});
