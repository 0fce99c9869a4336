import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RouteOptions } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/database';
import { requireAdmin } from '../../src/server/plugins/session';
import { parseCsv } from '#test/server/parse-csv';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

/**
 * Blind review (decisions 0115 and 0136), checked everywhere at once: while it is on, an admin
 * who has not voted on an application finds, in no answer of any admin GET route (CSV exports
 * included), that application beside the person it belongs to; once they vote, they do.
 *
 * The routes are the app's own, collected as they are registered: a new admin GET route is
 * walked without anyone adding it here (one with a path parameter fails until `URLS` says which
 * ids to walk it with). Ids are made distinctive (users from 31,000,001, applications from
 * 47,000,001, audit entries from 59,000,001), so that a number in an answer is one of them only.
 */

/** The ids each admin GET route with a path parameter is walked with, by name in `World`. */
const URLS: Record<string, (world: World) => string[]> = {
  '/api/admin/applications/:id': (w) => w.applications.map((a) => `/api/admin/applications/${a.id}`),
  '/api/admin/members/:id': (w) =>
    [...w.applications.map((a) => a.person.userId), ...w.adminIds].map((id) => `/api/admin/members/${id}`),
  '/api/admin/webhooks/:id/deliveries': (w) => w.webhookIds.map((id) => `/api/admin/webhooks/${id}/deliveries`),
  '/api/admin/projects/:id': (w) => [`/api/admin/projects/${w.projectId}`],
  '/api/hackathon/events/:id/assign-preview': (w) => [`/api/hackathon/events/${w.eventId}/assign-preview`],
  '/api/hackathon/events/:id/judges': (w) => [`/api/hackathon/events/${w.eventId}/judges`],
  '/api/hackathon/events/:id/results': (w) => [`/api/hackathon/events/${w.eventId}/results`],
};

/** More of a list than its first page, and the filters that single the applications out. */
const EXTRA_QUERIES: Record<string, string[]> = {
  '/api/admin/applications': ['?limit=100', '?status=pending', '?status=approved'],
  '/api/admin/applications/export.csv': ['?separator=semicolon'],
  '/api/admin/audit-logs': ['?limit=100', '?entity_type=application&limit=100', '?entity_type=user&limit=100'],
  '/api/admin/audit-logs/export.csv': ['?entity_type=application'],
  '/api/admin/members': ['?limit=100'],
};

type Person = { login: string; userId: number; words: string[] };
type Application = { id: number; person: Person; words: string[]; numbers: number[] };
type World = {
  t: TestApp;
  cookies: Record<'boss' | 'voter', string>;
  adminIds: number[];
  /** `pending`: undecided, `approved`: decided by the voter without a vote (at step 1, no vote open). */
  applications: [Application, Application];
  webhookIds: number[];
  projectId: number;
  eventId: number;
  adminGets: string[];
};

/** The next id of each table starts past `start` (SQLite's AUTOINCREMENT counter, PostgreSQL's sequence). */
async function startIdsAfter(database: Database, table: string, start: number) {
  if (database.engine === 'sqlite') {
    await sql`delete from sqlite_sequence where name = ${table}`.execute(database.db);
    await sql`insert into sqlite_sequence (name, seq) values (${table}, ${start})`.execute(database.db);
  } else {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), ${start})`.execute(database.db);
  }
}

/** A receiver that takes every delivery, so the webhooks' bodies are real ones. */
async function startReceiver() {
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => response.end('ok'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function buildWorld(): Promise<World & { close(): Promise<void> }> {
  const clock = testClock();
  const adminGets: string[] = [];
  const collect = (route: RouteOptions) => {
    const methods = [route.method].flat();
    if (methods.includes('GET') && [route.onRequest].flat().includes(requireAdmin)) adminGets.push(route.url);
  };
  const t = await createTestApp({ ADMIN_LOGINS: 'boss,voter' }, { clock, onRoute: collect });
  const { db } = t.database;
  await startIdsAfter(t.database, 'users', 31_000_000);
  await startIdsAfter(t.database, 'applications', 47_000_000);
  await startIdsAfter(t.database, 'audit_logs', 59_000_000);
  const receiver = await startReceiver();

  const boss = await signIn(t.app, 'boss');
  const voter = await signIn(t.app, 'voter');
  const as = (cookie: string, method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const ok = async (answer: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const done = await answer;
    expect(done.statusCode, done.body).toBeLessThan(300);
    return done.json() as { id: number };
  };

  // The board's chat hears of applications and decisions, in both formats.
  const webhookIds: number[] = [];
  for (const format of ['json', 'discord']) {
    const events = ['application.created', 'application.decided'];
    webhookIds.push(
      (await ok(as(voter.cookie, 'POST', '/api/admin/webhooks', { url: receiver.url, events, format }))).id,
    );
  }
  await ok(as(voter.cookie, 'PUT', '/api/admin/settings', { settings: { blind_review: true } }));

  /** A student who applies, with names, an email and links unlike their login, each a way to know them. */
  async function applicant(login: string, names: { first: string; last: string; email: string; robot: string }) {
    const { cookie, user } = await signIn(t.app, login);
    await db
      .updateTable('users')
      .set({ first_name: names.first, last_name: names.last, email: names.email })
      .where('id', '=', user.id)
      .execute();
    const github = `https://github.com/${names.last.toLowerCase()}-robots`;
    // Nothing of the person in it: the motivation is shown under blind review, a mark of the application.
    const motivation = `I built a hexapod called ${names.robot} and want to give it a brain.`;
    const { id } = await ok(
      as(cookie, 'POST', '/api/applications', { motivation, github_profile: github, experience_level: 'advanced' }),
    );
    const portfolio = `https://${names.last.toLowerCase()}.example/portfolio`;
    await ok(as(cookie, 'PUT', `/api/applications/${id}`, { portfolio_url: portfolio }));
    clock.advance(60_000);
    const person: Person = {
      login,
      userId: user.id,
      words: [login, names.first, names.last, names.email, github, portfolio],
    };
    return { id, cookie, person, motivation };
  }

  const zineb = await applicant('zineb', {
    first: 'Yasmine',
    last: 'Oukili',
    email: 'y.oukili@mail.example',
    robot: 'Quillon',
  });
  const karim = await applicant('karim', {
    first: 'Anouar',
    last: 'Belkadi',
    email: 'anouar.b@mail.example',
    robot: 'Tessaract',
  });
  await ok(as(voter.cookie, 'PUT', `/api/admin/applications/${zineb.id}/vote`, { vote: 'yes', comment: 'Sharp.' }));
  // Decided without a vote: at step 1 no vote is open, so it stays hidden from the boss.
  await ok(as(voter.cookie, 'PUT', `/api/admin/applications/${karim.id}/review`, { status: 'approved' }));
  // Karim's deadline long past, he asks the board for more time (his entry, the Overview's list).
  await db
    .updateTable('applications')
    .set({ reviewed_at: new Date(clock.now().getTime() - 60 * 24 * 3600_000).toISOString() })
    .where('id', '=', karim.id)
    .execute();
  await ok(as(karim.cookie, 'POST', '/api/challenges/deadline-request', { reason: 'Exams at the school.' }));
  clock.advance(30_000);
  await t.app.webhooks.flush();

  const projectId = (
    await db
      .insertInto('projects')
      .values({
        owner_id: voter.user.id,
        title: 'Line follower',
        description: 'A robot that follows a line.',
        deadline: null,
        validation_notes: null,
        validated_at: null,
        validated_by: null,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const day = 24 * 3600_000;
  const event = await ok(
    as(boss.cookie, 'POST', '/api/hackathon/events', {
      name: 'Build Night',
      start_at: new Date(clock.now().getTime() + 10 * day).toISOString(),
      end_at: new Date(clock.now().getTime() + 11 * day).toISOString(),
    }),
  );

  /** Each application's own marks: its id, its motivation, the ids of the log's entries about it. */
  async function application(of: typeof zineb): Promise<Application> {
    const entries = await db
      .selectFrom('audit_logs')
      .select('id')
      .where('entity_type', '=', 'application')
      .where('entity_id', '=', of.id)
      .execute();
    return {
      id: of.id,
      person: of.person,
      words: [of.motivation],
      numbers: [of.id, ...entries.map((entry) => entry.id)],
    };
  }

  return {
    t,
    cookies: { boss: boss.cookie, voter: voter.cookie },
    adminIds: [boss.user.id, voter.user.id],
    applications: [await application(zineb), await application(karim)],
    webhookIds,
    projectId,
    eventId: event.id,
    adminGets,
    async close() {
      await t.close();
      await receiver.close();
    },
  };
}

/**
 * The records of an answer, each of which says something about one thing: a list's items (a page's
 * `data`, an array), a CSV's rows, else the whole answer (a detail, with all it nests).
 */
function recordsOf(contentType: string, body: string): string[] {
  if (contentType.startsWith('text/csv')) {
    const separator = body.split(/\r?\n/, 1)[0]!.includes(';') ? ';' : ',';
    return parseCsv(body, separator).records.map((row) => row.join('\u241f'));
  }
  if (!body) return [];
  const json = JSON.parse(body) as unknown;
  if (Array.isArray(json)) return json.map((item) => JSON.stringify(item));
  if (json && typeof json === 'object' && Array.isArray((json as { data?: unknown }).data)) {
    const { data, ...rest } = json as { data: unknown[] };
    return [...data.map((item) => JSON.stringify(item)), JSON.stringify(rest)];
  }
  return [JSON.stringify(json)];
}

const numberIn = (text: string, n: number) => new RegExp(`(?<![0-9])${n}(?![0-9])`).test(text);
const wordIn = (text: string, word: string) => text.toLowerCase().includes(word.toLowerCase());

/** What in a record marks the application, and what marks its person, if both are there. */
function link(record: string, application: Application): { mark: string; person: string } | null {
  const mark =
    application.numbers.find((n) => numberIn(record, n))?.toString() ??
    application.words.find((word) => wordIn(record, word));
  if (mark === undefined) return null;
  const { person } = application;
  const who = numberIn(record, person.userId)
    ? `user #${person.userId}`
    : person.words.find((word) => wordIn(record, word));
  return who === undefined ? null : { mark, person: who };
}

type Found = { url: string; application: number; mark: string; person: string };

describe('blind review, over every admin GET route and CSV export', () => {
  let world: World & { close(): Promise<void> };

  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(() => world?.close());

  /** Every URL the walk reads: each admin GET route, with its ids and its extra queries. */
  function urls(): string[] {
    return world.adminGets.flatMap((path) => {
      const base = path.includes(':') ? (URLS[path]?.(world) ?? []) : [path];
      return [...base, ...(EXTRA_QUERIES[path] ?? []).map((query) => `${path}${query}`)];
    });
  }

  /** Reads every URL as `admin`; answers each link found between an application and its person. */
  async function walk(admin: 'boss' | 'voter'): Promise<Found[]> {
    const found: Found[] = [];
    for (const url of urls()) {
      const answer = await world.t.app.inject({ url, headers: { cookie: world.cookies[admin] } });
      expect([200, 204], `${url}: ${answer.statusCode} ${answer.body.slice(0, 200)}`).toContain(answer.statusCode);
      for (const record of recordsOf(String(answer.headers['content-type'] ?? ''), answer.body)) {
        for (const application of world.applications) {
          const linked = link(record, application);
          if (linked) found.push({ url, application: application.id, ...linked });
        }
      }
    }
    return found;
  }

  const [pending, approved] = [0, 1] as const;
  const routesLinking = (found: Found[], which: 0 | 1) =>
    [...new Set(found.filter((f) => f.application === world.applications[which].id).map((f) => f.url))].sort();

  it('walks every admin GET route the app registers, each with real ids', () => {
    // The collection sees the guard: every /api/admin GET route is among them, and more (challenges, hackathon).
    expect(world.adminGets).toEqual(expect.arrayContaining(['/api/admin/audit-logs', '/api/admin/members/:id']));
    expect(world.adminGets).toContain('/api/challenges/admin/user-challenges');
    expect(world.adminGets.length).toBeGreaterThanOrEqual(20);
    const missing = world.adminGets.filter((path) => path.includes(':') && !URLS[path]);
    expect(missing, 'say in URLS which ids to walk these routes with').toEqual([]);
  });

  it('finds no link for an admin who has not voted, the application undecided or decided', async () => {
    const found = await walk('boss');
    expect(found, JSON.stringify(found, null, 1)).toEqual([]);
  });

  it("finds the link, on the pages the security review named, once the admin has voted; never one they haven't voted on", async () => {
    const named = [
      '/api/admin/applications',
      '/api/admin/applications/export.csv',
      `/api/admin/applications/${world.applications[pending].id}`,
      '/api/admin/audit-logs',
      '/api/admin/audit-logs/export.csv',
      `/api/admin/members/${world.applications[pending].person.userId}`,
    ];
    const voter = await walk('voter');
    expect(routesLinking(voter, pending)).toEqual(expect.arrayContaining(named));
    expect(routesLinking(voter, approved)).toEqual([]);

    const vote = await world.t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${world.applications[pending].id}/vote`,
      headers: { cookie: world.cookies.boss },
      payload: { vote: 'no', comment: null },
    });
    expect(vote.statusCode).toBe(200);
    const boss = await walk('boss');
    expect(routesLinking(boss, pending)).toEqual(expect.arrayContaining(named));
    expect(routesLinking(boss, approved)).toEqual([]);
  });
});
