import type { RouteOptions } from 'fastify';
import { CHALLENGES_PER_CANDIDATE } from '../../../src/contract/constants';
import { buildApp } from '../../../src/server/app';
import { DEV_INTRA_CLIENT, loadConfig } from '../../../src/server/config';
import { openDatabase } from '../../../src/server/db/database';
import type { UserChallengeStatus } from '../../../src/server/db/schema';
import { assignActiveChallenges } from '../../../src/server/modules/challenges/challenges.repository';
import { insertChallenge } from './challenges.fixtures';
import { dumpDatabase, restoreDatabase, type DatabaseDump } from './db-snapshot';
import { signIn } from './sign-in';
import { createTestApp, testClock, type TestApp } from './test-app';
import { latestRound } from './rounds.fixtures';
import { newCheckInCode } from '../../../src/server/modules/hackathon';

/** The callers of the authorization matrix. */
/** `judge`: a club member (as `member`) who judges the spring event (decision 0163). */
export const CALLERS = ['anonymous', 'applicant', 'banned', 'member', 'judge', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

/**
 * The signed-in students who play "applicant", each at the step of the journey a route needs:
 * `newcomer` has not applied, `pending` waits for review, `candidate` is approved and works on
 * the challenges (step 1), `finalist` has every challenge validated (step 2).
 */
export type Applicant = 'newcomer' | 'pending' | 'candidate' | 'finalist';

/** A route as Fastify registered it. */
export type RegisteredRoute = {
  method: string;
  path: string;
  schema: RouteOptions['schema'];
  /** One of the built SPA's files, served by @fastify/static (one route per file). */
  staticFile: boolean;
};

export type World = {
  t: TestApp;
  routes: RegisteredRoute[];
  /** The `sid` cookie header of a caller (undefined: anonymous). */
  cookie(caller: Caller, applicant?: Applicant): string | undefined;
  /** Real ids of the world, by name, for the `{name}` placeholders of request URLs and bodies. */
  ids: Record<string, number | string>;
  /** The world as built: every test starts from it. */
  initial: DatabaseDump;
  dump(): Promise<DatabaseDump>;
  /** Back to the world as built; `current` is a dump taken since the last change, if there is one. */
  restore(current?: DatabaseDump): Promise<void>;
};

const DAY = 24 * 3600 * 1000;

const collectRoutes = (routes: RegisteredRoute[]) => (route: RouteOptions) => {
  for (const method of [route.method].flat()) {
    routes.push({
      method,
      path: route.url,
      schema: route.schema,
      staticFile: typeof (route.config as { file?: unknown } | undefined)?.file === 'string',
    });
  }
};
export const LINK = 'https://www.tinkercad.com/things/abc123-blinking-led';

/**
 * A small club with one person at each place the authorization rules care about, signed in
 * through the real OAuth flow of the local stand-in. The clock stands still, so no session's
 * sliding expiry is ever written by a read: every row of the dump is the test's doing.
 */
export async function buildWorld(options: { webRoot?: string } = {}): Promise<World> {
  const clock = testClock();
  const routes: RegisteredRoute[] = [];
  const t = await createTestApp({}, { clock, onRoute: collectRoutes(routes), ...options });
  const db = t.database.db;
  const now = clock.now();
  const at = (days = 0) => new Date(now.getTime() + days * DAY).toISOString();

  for (let i = 1; i <= CHALLENGES_PER_CANDIDATE; i++) await insertChallenge(db, now, { title: `Challenge ${i}` });
  const spareChallenge = await insertChallenge(db, now, { title: 'Retired challenge', is_active: false });

  const admin = await signIn(t.app, 'admin');
  const member = await signIn(t.app, 'member-one');
  const judge = await signIn(t.app, 'judge-one');
  const candidate = await signIn(t.app, 'candidate');
  const pending = await signIn(t.app, 'pending-one');
  const newcomer = await signIn(t.app, 'newcomer');
  const finalist = await signIn(t.app, 'finalist');
  const seated = await signIn(t.app, 'seated-one');
  const spare = await signIn(t.app, 'spare-user');
  const banned = await signIn(t.app, 'banned-one');

  async function apply(userId: number, status: 'pending' | 'approved', reviewedDaysAgo?: number) {
    const { id } = await db
      .insertInto('applications')
      .values({
        user_id: userId,
        round_id: latestRound(db),
        status,
        motivation: 'I want to build robots with the club.',
        experience_level: 'beginner',
        github_profile: null,
        portfolio_url: null,
        selected_project_id: null,
        review_notes: null,
        reviewed_at: reviewedDaysAgo === undefined ? null : at(-reviewedDaysAgo),
        reviewed_by: reviewedDaysAgo === undefined ? null : admin.user.id,
        created_at: at(-60),
        updated_at: at(-60),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (status === 'approved') await assignActiveChallenges(db, userId, CHALLENGES_PER_CANDIDATE, at(-60));
    const held = await db.selectFrom('user_challenges').select('id').where('user_id', '=', userId).execute();
    return { applicationId: id, userChallenges: held.map((row) => row.id).sort((a, b) => a - b) };
  }

  async function progress(id: number, status: UserChallengeStatus, exercises: number, daysAgo = 0) {
    await db
      .updateTable('user_challenges')
      .set({
        status,
        ...Object.fromEntries([1, 2, 3, 4].flatMap((n) => (n <= exercises ? [[`exercise_${n}_completed`, true]] : []))),
        ...Object.fromEntries(
          [1, 2, 3, 4].flatMap((n) => (n <= exercises ? [[`exercise_${n}_tinkercad_link`, `${LINK}-${n}`]] : [])),
        ),
        total_xp_earned: 25 * exercises,
        started_at: status === 'pending' ? null : at(-daysAgo - 1),
        submitted_at: ['pending_validation', 'validated'].includes(status) ? at(-daysAgo) : null,
        validated_at: status === 'validated' ? at(-daysAgo) : null,
        completed: status === 'validated',
        awarded_xp: status === 'validated' ? 25 * exercises : null,
        updated_at: at(-daysAgo),
      })
      .where('id', '=', id)
      .execute();
  }

  const candidateWork = await apply(candidate.user.id, 'approved', 0);
  const [ucPending, ucInProgress, ucReady, ucSubmitted] = candidateWork.userChallenges as [
    number,
    number,
    number,
    number,
  ];
  await progress(ucInProgress, 'in_progress', 0);
  await progress(ucReady, 'in_progress', 1);
  await progress(ucSubmitted, 'pending_validation', 3);

  const pendingWork = await apply(pending.user.id, 'pending');

  // Step 4: approved long ago, every challenge validated, made a member by the board.
  const memberWork = await apply(member.user.id, 'approved', 90);
  for (const id of memberWork.userChallenges) await progress(id, 'validated', 4, 80);
  // The judge went the same way: a member like the other (and a judge of the spring event, below).
  const judgeWork = await apply(judge.user.id, 'approved', 90);
  for (const id of judgeWork.userChallenges) await progress(id, 'validated', 4, 80);
  await db
    .updateTable('users')
    .set({ role: 'member', experience_points: 400 })
    .where('id', 'in', [member.user.id, judge.user.id])
    .execute();

  // Step 2: every challenge validated ten days ago, past the registration delay.
  for (const who of [finalist, seated]) {
    const work = await apply(who.user.id, 'approved', 40);
    for (const id of work.userChallenges) await progress(id, 'validated', 4, 10);
  }

  const event = async (name: string, startsInDays: number) =>
    (
      await db
        .insertInto('hackathon_events')
        .values({
          name,
          description: 'Twenty-four hours of robots.',
          location: 'Lab 2',
          start_at: at(startsInDays),
          end_at: at(startsInDays + 1),
          max_teams: 0,
          created_at: at(),
          updated_at: at(),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const springEvent = await event('Spring hackathon', 30);
  const autumnEvent = await event('Autumn hackathon', 60);
  for (const [who, status] of [
    [finalist, 'pending'],
    [seated, 'assigned'],
  ] as const) {
    await db
      .insertInto('hackathon_registrations')
      .values({
        check_in_code: newCheckInCode(),
        user_id: who.user.id,
        event_id: springEvent,
        status,
        created_at: at(),
      })
      .execute();
  }
  await db
    .insertInto('hackathon_judges')
    .values({ event_id: springEvent, user_id: judge.user.id, created_at: at() })
    .execute();
  const finalistCode = (
    await db
      .selectFrom('hackathon_registrations')
      .select('check_in_code')
      .where('user_id', '=', finalist.user.id)
      .executeTakeFirstOrThrow()
  ).check_in_code;
  const finalistRegistration = (
    await db
      .selectFrom('hackathon_registrations')
      .select('id')
      .where('user_id', '=', finalist.user.id)
      .executeTakeFirstOrThrow()
  ).id;
  const team = (
    await db
      .insertInto('teams')
      .values({ event_id: springEvent, name: 'Team 1', hackathon_xp: null, created_at: at(), updated_at: at() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('team_members')
    .values({ team_id: team, event_id: springEvent, user_id: seated.user.id, created_at: at() })
    .execute();

  const webhook = (
    await db
      .insertInto('webhooks')
      .values({
        url: 'https://hooks.example.org/club',
        events: JSON.stringify(['application.created']),
        format: 'json',
        secret: 'a-world-secret',
        created_by: admin.user.id,
        created_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  // A message of the board to the candidate (step 1).
  const message = (
    await db
      .insertInto('messages')
      .values({
        subject: 'Halfway there',
        body: 'Keep going!',
        audience: JSON.stringify({ step: 1 }),
        sender_id: admin.user.id,
        recipients: 1,
        created_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db.insertInto('message_recipients').values({ message_id: message, user_id: candidate.user.id }).execute();

  // The migration's first round holds every application; it closes in three months, so a later one can open.
  const { id: round } = await db
    .updateTable('recruitment_rounds')
    .set({ name: 'Autumn 2026', closes_at: at(90) })
    .returning('id')
    .executeTakeFirstOrThrow();

  // A session that outlived the ban (docs/product/identity.md#identity-roles-and-sessions: refused on every call).
  await db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();

  const applicants: Record<Applicant, string> = {
    newcomer: newcomer.cookie,
    pending: pending.cookie,
    candidate: candidate.cookie,
    finalist: finalist.cookie,
  };
  const callers: Record<Exclude<Caller, 'applicant'>, string | undefined> = {
    anonymous: undefined,
    banned: banned.cookie,
    member: member.cookie,
    judge: judge.cookie,
    admin: admin.cookie,
  };
  const initial = await dumpDatabase(t.database);

  return {
    t,
    routes,
    cookie: (caller, applicant = 'candidate') => (caller === 'applicant' ? applicants[applicant] : callers[caller]),
    ids: {
      adminUser: admin.user.id,
      memberUser: member.user.id,
      judgeUser: judge.user.id,
      candidateUser: candidate.user.id,
      spareUser: spare.user.id,
      seatedUser: seated.user.id,
      finalistUser: finalist.user.id,
      candidateApplication: candidateWork.applicationId,
      pendingApplication: pendingWork.applicationId,
      memberApplication: memberWork.applicationId,
      spareChallenge: spareChallenge.id,
      ucPending,
      ucInProgress,
      ucReady,
      ucSubmitted,
      memberChallenge: memberWork.userChallenges[0]!,
      springEvent,
      autumnEvent,
      finalistCode,
      finalistRegistration,
      team,
      webhook,
      message,
      round,
      devClientId: DEV_INTRA_CLIENT.id,
    },
    initial,
    dump: () => dumpDatabase(t.database),
    restore: (current) => restoreDatabase(t.database, initial, current),
  };
}

/** Replaces each `{name}` of a URL or body text with the world's id of that name. */
export function fillIds(text: string, ids: World['ids']): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in ids)) throw new Error(`no id named {${name}}: the world knows ${Object.keys(ids).join(', ')}`);
    return encodeURIComponent(String(ids[name]));
  });
}

/** A body's `"{name}"` strings become the world's ids (numbers stay numbers). */
export function fillBody(body: unknown, ids: World['ids']): unknown {
  if (typeof body === 'string') {
    const whole = /^\{(\w+)\}$/.exec(body);
    return whole ? ids[whole[1]!] : body;
  }
  if (Array.isArray(body)) return body.map((item) => fillBody(item, ids));
  if (body && typeof body === 'object') {
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [key, fillBody(value, ids)]));
  }
  return body;
}

/** The routes the app registers, read from a throwaway app (route registration needs no data). */
export async function registeredRoutes(): Promise<RegisteredRoute[]> {
  const routes: RegisteredRoute[] = [];
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0' }), {
    database: openDatabase({ engine: 'sqlite', file: ':memory:' }),
    onRoute: collectRoutes(routes),
  });
  await app.ready();
  await app.close();
  return routes;
}
