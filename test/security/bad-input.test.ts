import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '../../src/contract/errors';
import { expectUnchanged } from '#test/server/db-snapshot';
import { arbitraries, poisonedBodies } from '#test/server/hostile-input';
import {
  buildWorld,
  fillBody,
  fillIds,
  LINK,
  registeredRoutes,
  type Applicant,
  type World,
} from '#test/server/security-world';

/**
 * Every write route (POST, PUT, DELETE), as an admin and as a signed-in student, gets a valid
 * request with one field poisoned at a time (when VALID below has one), then random, hostile and
 * malformed bodies, query strings and path ids. Whatever arrives, the server never answers 5xx,
 * refuses in the JSON error shape, and a refused request leaves every row of every table as it was.
 *
 * Deterministic: the seed is fixed (FUZZ_SEED to try another) and printed with any failure,
 * with the request that failed; FUZZ_RUNS scales the number of runs.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_123);
const RUNS = Number(process.env.FUZZ_RUNS ?? 25);

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const writeRoutes = (await registeredRoutes()).filter((route) => WRITE_METHODS.has(route.method));
const NO_BODY: { payload?: string; contentType?: string } = {};
const APPLICANTS: Applicant[] = ['newcomer', 'pending', 'candidate', 'finalist'];

const MOTIVATION = 'I have built line followers since school and want to build more.';
const BOARD_MEMBER = { name: 'Salma B.', title: 'President', photo_url: 'https://club.example/salma.jpg' };

/**
 * A request each route accepts (ids as `{name}` of the world), used as the seed of poisoned
 * examples: each leaf of its body in turn replaced by each poison of hostile-input.ts. A route
 * without an entry still gets the random runs.
 */
const VALID: Record<string, { url?: string; query?: string; body?: unknown; as?: Applicant }> = {
  'POST /api/applications': {
    as: 'newcomer',
    body: {
      motivation: MOTIVATION,
      experience_level: 'advanced',
      github_profile: 'https://github.com/robot-builder',
      portfolio_url: 'https://robots.example/me',
    },
  },
  'PUT /api/applications/:id': {
    url: '/api/applications/{pendingApplication}',
    as: 'pending',
    body: { motivation: MOTIVATION, experience_level: 'intermediate', github_profile: 'https://github.com/x' },
  },
  'PUT /api/admin/applications/:id/review': {
    url: '/api/admin/applications/{pendingApplication}/review',
    body: { status: 'approved', review_notes: 'Welcome aboard' },
  },
  'POST /api/admin/applications/bulk-review': {
    body: { ids: ['{pendingApplication}', '{candidateApplication}'], status: 'declined', review_notes: 'Not now' },
  },
  'POST /api/admin/rounds': {
    body: { name: 'Spring 2027', opens_at: '2027-06-01T00:00:00Z', closes_at: '2027-09-01T00:00:00Z' },
  },
  'PUT /api/admin/rounds/:id': {
    url: '/api/admin/rounds/{round}',
    body: { name: 'Autumn 2026, longer', opens_at: '2026-01-01T00:00:00Z', closes_at: '2027-03-01T00:00:00Z' },
  },
  'POST /api/admin/messages/preview': { body: { audience: { step: 1, past_deadline: false } } },
  'PUT /api/admin/members/:id/role': { url: '/api/admin/members/{spareUser}/role', body: { role: 'board' } },
  'PUT /api/admin/members/:id/ban': { url: '/api/admin/members/{spareUser}/ban', body: { is_banned: true } },
  'PUT /api/admin/members/:id/admin': { url: '/api/admin/members/{spareUser}/admin', body: { is_admin: true } },
  'POST /api/hackathon/events': {
    body: {
      name: 'Summer hackathon',
      description: 'Robots all night',
      location: 'Lab 2',
      start_at: '2027-06-01T09:00:00Z',
      end_at: '2027-06-02T09:00:00Z',
      max_teams: 3,
    },
  },
  'PUT /api/hackathon/events/:id': {
    url: '/api/hackathon/events/{springEvent}',
    body: {
      name: 'Spring build night',
      description: 'Robots',
      location: 'Lab 3',
      start_at: '2026-12-20T09:00:00Z',
      end_at: '2026-12-21T09:00:00Z',
      max_teams: 2,
    },
  },
  'POST /api/hackathon/register': { as: 'finalist', body: { event_id: '{autumnEvent}' } },
  'DELETE /api/hackathon/register': { as: 'finalist', query: 'event_id={springEvent}' },
  'POST /api/hackathon/teams': {
    body: { name: 'Robo', event_id: '{springEvent}', member_user_ids: ['{finalistUser}'] },
  },
  'PUT /api/hackathon/teams/:id': {
    url: '/api/hackathon/teams/{team}',
    body: { name: 'Renamed', member_user_ids: ['{seatedUser}', '{finalistUser}'] },
  },
  'POST /api/hackathon/assign': { body: { event_id: '{springEvent}' } },
  'PUT /api/admin/settings': {
    body: {
      settings: {
        applications_open: true,
        challenge_deadline_days: 30,
        hackathon_registration_delay_days: 5,
        contact_email: 'board@club.example',
        contact_phone: '+212 600 000 000',
        contact_address: '1337 Campus, Khouribga',
        contact_map_url: 'https://maps.example/club',
        social_links: [{ label: 'GitHub', url: 'https://github.com/club' }],
        board_members: [BOARD_MEMBER, BOARD_MEMBER, BOARD_MEMBER, BOARD_MEMBER],
        sponsors: [{ name: 'Acme', logo_url: 'https://acme.example/logo.png', url: 'https://acme.example' }],
      },
    },
  },
  'PUT /api/admin/mail-templates/:key': {
    url: '/api/admin/mail-templates/challenge_declined',
    body: { subject: 'Try again: {{challenge_title}}', body: '{{#feedback}}\n> {{feedback}}\n{{/feedback}}' },
  },
  'POST /api/admin/mail-templates/:key/preview': {
    url: '/api/admin/mail-templates/team_assigned/preview',
    body: { subject: 'Team {{team_name}}', body: '- {{teammates}}' },
  },
  'POST /api/challenges/admin/challenges': {
    body: {
      title: 'Traffic light',
      description: 'Three LEDs and a timer.',
      difficulty_level: 'intermediate',
      grade: 60,
      subject_pdf_url: 'https://club.example/traffic.pdf',
      tinkercad_class_code: 'XYZ789',
      exercise_1_title: 'Wire it',
      exercise_1_description: 'Three LEDs.',
      validation_threshold: 70,
      xp_reward: 120,
      is_active: false,
    },
  },
  'PUT /api/challenges/admin/challenges/:id': {
    url: '/api/challenges/admin/challenges/{spareChallenge}',
    body: { title: 'Retired, renamed', grade: 10, exercise_2_title: 'Blink twice', is_active: false },
  },
  'POST /api/challenges/:id/validate': {
    url: '/api/challenges/{ucSubmitted}/validate',
    body: { status: 'validated', feedback: 'Nice wiring', validation_notes: 'Solid', awarded_xp: 80 },
  },
  'POST /api/challenges/:id/exercise/:n/submit': {
    url: '/api/challenges/{ucInProgress}/exercise/2/submit',
    body: { tinkercad_link: LINK },
  },
};

/** A route's own seed, so that each route sees other inputs and one route's failure replays alone. */
const seedOf = (text: string) => [...text].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) | 0, SEED);

describe('hostile input to every write route', () => {
  let world: World;
  beforeAll(async () => {
    world = await buildWorld();
  });
  afterAll(() => world?.t.close());

  /** One request; every run starts from the world as built, so only this request can have changed it. */
  async function send(
    method: string,
    path: string,
    query: string,
    body: { payload?: string; contentType?: string },
    caller: 'admin' | 'applicant',
    applicant: Applicant,
  ) {
    const cookie = world.cookie(caller, applicant)!;
    const url = query ? `${path}?${query}` : path;
    const answer = await world.t.app.inject({
      method: method as 'POST',
      url,
      headers: { cookie, ...(body.contentType ? { 'content-type': body.contentType } : {}) },
      ...(body.payload !== undefined ? { payload: body.payload } : {}),
    });
    const after = await world.dump();
    return { url, answer, after, changed: after.text !== world.initial.text };
  }

  it('finds the write routes to attack', () => {
    expect(writeRoutes.length).toBeGreaterThan(20);
  });

  describe.each(['admin', 'applicant'] as const)('as %s', (caller) => {
    it.each(writeRoutes.map((route) => [`${route.method} ${route.path}`, route] as const))(
      '%s: never 5xx, always the error shape, nothing changed when refused',
      async (name, route) => {
        const gen = arbitraries(world.ids);
        const request = fc.record({
          path: gen.path(route.path),
          query: gen.query(route.schema?.querystring),
          body:
            route.method === 'DELETE'
              ? fc.oneof(fc.constant(NO_BODY), gen.body(undefined))
              : gen.body(route.schema?.body),
          applicant: fc.constantFrom(...APPLICANTS),
        });
        // The stand-in of the 42 intra answers in OAuth's own words (RFC 6749 `{ error }`, HTML pages).
        const apiShape = !route.path.startsWith('/dev/intra/');
        const seed = seedOf(`${caller} ${name}`);

        // A valid request with one leaf poisoned at a time, unless this caller is turned away whatever they send.
        const valid = VALID[name];
        const examples: [{ path: string; query: string; body: typeof NO_BODY; applicant: Applicant }][] = [];
        if (valid) {
          const applicant = valid.as ?? 'candidate';
          const path = fillIds(valid.url ?? route.path, world.ids);
          const query = valid.query ? fillIds(valid.query, world.ids) : '';
          const probe = await send(route.method, path, query, {}, caller, applicant);
          if (probe.changed) await world.restore(probe.after);
          if (![401, 403].includes(probe.answer.statusCode)) {
            for (const poisoned of poisonedBodies(fillBody(valid.body ?? {}, world.ids))) {
              examples.push([
                {
                  path,
                  query,
                  body: { payload: JSON.stringify(poisoned), contentType: 'application/json' },
                  applicant,
                },
              ]);
            }
          }
        }

        const property = fc.asyncProperty(request, async ({ path, query, body, applicant }) => {
          const { url, answer, after, changed } = await send(route.method, path, query, body, caller, applicant);
          try {
            const told =
              `${route.method} ${url} as ${caller === 'applicant' ? applicant : caller}` +
              `${body.contentType ? ` [${body.contentType}]` : ''} ${(body.payload ?? '(no body)').slice(0, 400)}\n` +
              `→ ${answer.statusCode} ${answer.body.slice(0, 400)}`;
            expect(answer.statusCode, told).toBeLessThan(500);
            if (answer.statusCode >= 400) {
              if (apiShape) {
                let parsed: unknown;
                expect(() => (parsed = answer.json()), told).not.toThrow();
                expect(errorBodySchema.strict().safeParse(parsed).success, told).toBe(true);
              }
              expectUnchanged(world.initial, after, `${told}\nchanged:`);
            }
          } finally {
            if (changed) await world.restore(after);
          }
        });

        try {
          await fc.assert(property, {
            seed,
            numRuns: examples.length + (caller === 'admin' ? RUNS : Math.ceil(RUNS / 2)),
            examples,
            includeErrorInReport: true,
          });
        } catch (error) {
          throw new Error(
            `${caller} ${name} failed with FUZZ_SEED=${SEED} (this route's seed ${seed}): ${(error as Error).message}`,
          );
        }
      },
      120_000,
    );
  });
});
