import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../db/database';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { call, signInOverHttp, type HttpAnswer } from '#test/server/http-client';
import { runsOnEngine } from '#test/server/required-service';
import { startServer, type ServerProcess } from '#test/server/server-process';
import { createTestDatabase } from '#test/server/test-app';
import { latestRound } from '#test/server/rounds.fixtures';
import { newCheckInCode } from '../modules/hackathon';

/**
 * Two real server processes on one PostgreSQL schema, as behind a load balancer: every rule two
 * processes could race on must be held by the database. Each burst sends the same request
 * 40 times at once, alternating between the processes, then checks the tables.
 */
const BURST = 40;
const DAY = 24 * 3600 * 1000;
const PUBLIC_URL = 'http://club.test';

describe.runIf(runsOnEngine('postgres', 'The races between two server processes'))(
  'two server processes on one PostgreSQL',
  () => {
    let database: Database;
    let db: Db;
    let drop: () => Promise<void>;
    let a: ServerProcess;
    let b: ServerProcess;
    let admin: { cookie: string; user: { id: number } };
    let challengeIds: number[];
    let nextIntraId = 7_000_000;

    beforeAll(async () => {
      const created = await createTestDatabase();
      ({ database, drop } = created);
      db = database.db;
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.searchParams.set('schema', created.config.engine === 'postgres' ? created.config.schema! : '');
      // Both answer for one public address, as behind a reverse proxy.
      const env = { DATABASE_URL: url.toString(), PUBLIC_URL, ADMIN_LOGINS: 'admin,boss' };
      [a, b] = await Promise.all([startServer(env), startServer(env)]);
      admin = await signInOverHttp(a.baseUrl, b.baseUrl, 'admin');
      challengeIds = [];
      for (let i = 1; i <= 4; i += 1) challengeIds.push((await insertChallenge(db, new Date(), { title: `C${i}` })).id);
    }, 90_000);

    afterAll(async () => {
      await Promise.all([a?.kill(), b?.kill()]);
      await database?.close();
      await drop?.();
    });

    /** `count` requests at once, alternating between the two processes. */
    function burst(request: (server: ServerProcess, i: number) => Promise<HttpAnswer>, count = BURST) {
      return Promise.all(Array.from({ length: count }, (_, i) => request(i % 2 === 0 ? a : b, i)));
    }

    function statuses(answers: HttpAnswer[]): Record<number, number> {
      const counts: Record<number, number> = {};
      for (const answer of answers) counts[answer.status] = (counts[answer.status] ?? 0) + 1;
      return counts;
    }

    function serverErrors(answers: HttpAnswer[]): string[] {
      return answers.filter((answer) => answer.status >= 500).map((answer) => answer.text);
    }

    async function insertUser(login: string): Promise<number> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('users')
        .values({
          intra_id: nextIntraId++,
          intra_login: login,
          email: null,
          first_name: null,
          last_name: null,
          image_url: null,
          campus: null,
          level: 0,
          grade: null,
          is_starter: false,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function insertApplication(userId: number, status: 'pending' | 'approved'): Promise<number> {
      const now = new Date().toISOString();
      const row = await db
        .insertInto('applications')
        .values({
          user_id: userId,
          round_id: latestRound(db),
          status,
          motivation: 'I want to build walking robots.',
          experience_level: 'beginner',
          github_profile: null,
          portfolio_url: null,
          selected_project_id: null,
          review_notes: null,
          reviewed_at: status === 'approved' ? now : null,
          reviewed_by: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function insertUserChallenge(
      userId: number,
      challengeId: number,
      values: { status: 'in_progress' | 'pending_validation' | 'validated'; total_xp_earned?: number; at?: Date },
    ): Promise<number> {
      const at = (values.at ?? new Date()).toISOString();
      const done = values.status !== 'in_progress';
      const row = await db
        .insertInto('user_challenges')
        .values({
          user_id: userId,
          challenge_id: challengeId,
          status: values.status,
          exercise_1_tinkercad_link: done ? 'https://www.tinkercad.com/things/a' : null,
          exercise_2_tinkercad_link: null,
          exercise_3_tinkercad_link: null,
          exercise_4_tinkercad_link: null,
          exercise_1_completed: done,
          total_xp_earned: values.total_xp_earned ?? 0,
          completed: values.status === 'validated',
          awarded_xp: values.status === 'validated' ? values.total_xp_earned : null,
          feedback: null,
          validation_notes: null,
          started_at: at,
          submitted_at: done ? at : null,
          validated_at: values.status === 'validated' ? at : null,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function insertEvent(name: string, maxTeams: number): Promise<number> {
      const now = Date.now();
      const row = await db
        .insertInto('hackathon_events')
        .values({
          name,
          description: null,
          location: null,
          start_at: new Date(now + 10 * DAY).toISOString(),
          end_at: new Date(now + 11 * DAY).toISOString(),
          max_teams: maxTeams,
          created_at: new Date(now).toISOString(),
          updated_at: new Date(now).toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    }

    async function auditCount(action: string, entityId: number): Promise<number> {
      const rows = await db
        .selectFrom('audit_logs')
        .select('id')
        .where('action', '=', action)
        .where('entity_id', '=', entityId)
        .execute();
      return rows.length;
    }

    it('accepts on one process a sign-in started on the other, and the session on both', async () => {
      const wanderer = await signInOverHttp(b.baseUrl, a.baseUrl, 'wanderer');
      for (const server of [a, b]) {
        const me = await call(server.baseUrl, 'GET', '/api/users/me', { cookie: wanderer.cookie });
        expect(me.status).toBe(200);
        expect(me.body.intra_login).toBe('wanderer');
      }
    });

    it('keeps one application per user: one submission is 201, the others 409', async () => {
      const applicant = await signInOverHttp(a.baseUrl, b.baseUrl, 'applicant');
      const answers = await burst((server, i) =>
        call(server.baseUrl, 'POST', '/api/applications', {
          cookie: applicant.cookie,
          json: { motivation: `Attempt ${i}: I want to build robots.`, experience_level: 'beginner' },
        }),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(statuses(answers)).toEqual({ 201: 1, 409: BURST - 1 });
      const rows = await db.selectFrom('applications').select('id').where('user_id', '=', applicant.user.id).execute();
      expect(rows).toHaveLength(1);
      expect(await auditCount('application.submitted', rows[0]!.id)).toBe(1);
    });

    it('reviews an application once: one approve-or-decline is 200, the others 409, challenges assigned once', async () => {
      const userId = await insertUser('reviewee');
      const applicationId = await insertApplication(userId, 'pending');
      const answers = await burst((server, i) =>
        call(server.baseUrl, 'PUT', `/api/admin/applications/${applicationId}/review`, {
          cookie: admin.cookie,
          json: i % 2 === 0 ? { status: 'approved' } : { status: 'declined', review_notes: `No ${i}` },
        }),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(statuses(answers)).toEqual({ 200: 1, 409: BURST - 1 });
      const winner = answers.find((answer) => answer.status === 200)!.body.status as string;
      const application = await db
        .selectFrom('applications')
        .select('status')
        .where('id', '=', applicationId)
        .executeTakeFirstOrThrow();
      expect(application.status).toBe(winner);
      const assigned = await db
        .selectFrom('user_challenges')
        .select('challenge_id')
        .where('user_id', '=', userId)
        .execute();
      expect(assigned.map((row) => row.challenge_id).sort((x, y) => x - y)).toEqual(
        winner === 'approved' ? challengeIds : [],
      );
      expect(await auditCount(`application.${winner}`, applicationId)).toBe(1);
    });

    it('counts each exercise once: concurrent links leave total_xp_earned at 25 per completed exercise', async () => {
      const builder = await signInOverHttp(b.baseUrl, a.baseUrl, 'builder');
      await insertApplication(builder.user.id, 'approved');
      const userChallengeId = await insertUserChallenge(builder.user.id, challengeIds[0]!, { status: 'in_progress' });
      const answers = await burst((server, i) =>
        call(server.baseUrl, 'POST', `/api/challenges/${userChallengeId}/exercise/${(i % 4) + 1}/submit`, {
          cookie: builder.cookie,
          json: { tinkercad_link: `https://www.tinkercad.com/things/build-${i}` },
        }),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(statuses(answers)).toEqual({ 200: BURST });
      for (const answer of answers) {
        const completed = [1, 2, 3, 4].filter((n) => answer.body[`exercise_${n}_completed`]).length;
        expect(answer.body.total_xp_earned).toBe(25 * completed);
      }
      const row = await db
        .selectFrom('user_challenges')
        .selectAll()
        .where('id', '=', userChallengeId)
        .executeTakeFirstOrThrow();
      expect(row.total_xp_earned).toBe(100);
      expect([
        row.exercise_1_completed,
        row.exercise_2_completed,
        row.exercise_3_completed,
        row.exercise_4_completed,
      ]).toEqual([true, true, true, true]);
      expect(await auditCount('challenge.exercise_submitted', userChallengeId)).toBe(BURST);
    });

    it('validates a submission once: one decision is 200, the others 409, the XP added once', async () => {
      const userId = await insertUser('validatee');
      await insertApplication(userId, 'approved');
      const userChallengeId = await insertUserChallenge(userId, challengeIds[1]!, {
        status: 'pending_validation',
        total_xp_earned: 100,
      });
      const answers = await burst((server, i) =>
        call(server.baseUrl, 'POST', `/api/challenges/${userChallengeId}/validate`, {
          cookie: admin.cookie,
          json:
            i % 2 === 0
              ? { status: 'validated', awarded_xp: 90 }
              : { status: 'declined', feedback: `Wire the resistor first (${i}).` },
        }),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(statuses(answers)).toEqual({ 200: 1, 409: BURST - 1 });
      const winner = answers.find((answer) => answer.status === 200)!.body.status as string;
      const user = await db
        .selectFrom('users')
        .select('experience_points')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(user.experience_points).toBe(winner === 'validated' ? 90 : 0);
      expect(await auditCount(`challenge.${winner}`, userChallengeId)).toBe(1);
    });

    it('keeps one seat per user and event: one registration is 201, the others 409', async () => {
      const runner = await signInOverHttp(a.baseUrl, b.baseUrl, 'runner');
      await insertApplication(runner.user.id, 'approved');
      await insertUserChallenge(runner.user.id, challengeIds[0]!, {
        status: 'validated',
        total_xp_earned: 100,
        at: new Date(Date.now() - 8 * DAY),
      });
      const eventId = await insertEvent('Spring hackathon', 0);
      const answers = await burst((server) =>
        call(server.baseUrl, 'POST', '/api/hackathon/register', { cookie: runner.cookie, json: { event_id: eventId } }),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(statuses(answers)).toEqual({ 201: 1, 409: BURST - 1 });
      const rows = await db
        .selectFrom('hackathon_registrations')
        .select('id')
        .where('user_id', '=', runner.user.id)
        .where('event_id', '=', eventId)
        .execute();
      expect(rows).toHaveLength(1);
    });

    it('never seats anyone twice, never over 4 a team, never over max_teams, whatever admins press at once', async () => {
      const maxTeams = 3;
      const eventId = await insertEvent('Summer hackathon', maxTeams);
      const registrants: number[] = [];
      for (let i = 0; i < 17; i += 1) {
        const userId = await insertUser(`seat-${i}`);
        await db
          .insertInto('hackathon_registrations')
          .values({
            check_in_code: newCheckInCode(),
            user_id: userId,
            event_id: eventId,
            status: 'pending',
            created_at: new Date().toISOString(),
          })
          .execute();
        registrants.push(userId);
      }

      // Auto-assigns and hand-made teams of one at the same time.
      const made = await burst((server, i) =>
        i < 30
          ? call(server.baseUrl, 'POST', '/api/hackathon/assign', { cookie: admin.cookie, json: { event_id: eventId } })
          : call(server.baseUrl, 'POST', '/api/hackathon/teams', {
              cookie: admin.cookie,
              json: { event_id: eventId, member_user_ids: [registrants[i - 30]!] },
            }),
      );
      expect(serverErrors(made)).toEqual([]);
      expect(made.slice(0, 30).every((answer) => answer.status === 200)).toBe(true);
      expect(made.slice(30).every((answer) => [201, 409].includes(answer.status))).toBe(true);

      // Then everyone reseats the first team at once, each with another four of those free to sit there.
      const teams = await db.selectFrom('teams').select('id').where('event_id', '=', eventId).orderBy('id').execute();
      const teamId = teams[0]!.id;
      const seatedElsewhere = (
        await db
          .selectFrom('team_members')
          .select('user_id')
          .where('event_id', '=', eventId)
          .where('team_id', '<>', teamId)
          .execute()
      ).map((seat) => seat.user_id);
      const free = registrants.filter((userId) => !seatedElsewhere.includes(userId));
      const reseated = await burst(
        (server, i) =>
          call(server.baseUrl, 'PUT', `/api/hackathon/teams/${teamId}`, {
            cookie: admin.cookie,
            json: { member_user_ids: [0, 1, 2, 3].map((k) => free[(i + k) % free.length]!) },
          }),
        20,
      );
      expect(serverErrors(reseated)).toEqual([]);
      expect(statuses(reseated)).toEqual({ 200: 20 });

      const seats = await db
        .selectFrom('team_members')
        .select(['team_id', 'user_id'])
        .where('event_id', '=', eventId)
        .execute();
      const finalTeams = await db.selectFrom('teams').select('id').where('event_id', '=', eventId).execute();
      expect(finalTeams.length).toBeLessThanOrEqual(maxTeams);
      const users = seats.map((seat) => seat.user_id);
      expect(new Set(users).size).toBe(users.length);
      for (const team of finalTeams) {
        expect(seats.filter((seat) => seat.team_id === team.id).length).toBeLessThanOrEqual(4);
      }
      const firstTeam = seats
        .filter((seat) => seat.team_id === teamId)
        .map((seat) => seat.user_id)
        .sort((x, y) => x - y);
      const applied = reseated
        .filter((answer) => answer.status === 200)
        .map((answer) => (answer.body.members as { user_id: number }[]).map((m) => m.user_id).sort((x, y) => x - y));
      expect(applied).toContainEqual(firstTeam);
      const registrations = await db
        .selectFrom('hackathon_registrations')
        .select(['user_id', 'status'])
        .where('event_id', '=', eventId)
        .execute();
      for (const registration of registrations) {
        expect(registration.status).toBe(users.includes(registration.user_id) ? 'assigned' : 'pending');
      }
    });

    it('bans once: concurrent bans of one candidate leave one audit entry and none of their sessions', async () => {
      const rowdy = await signInOverHttp(a.baseUrl, b.baseUrl, 'rowdy');
      await signInOverHttp(b.baseUrl, a.baseUrl, 'rowdy');
      const answers = await burst((server) =>
        call(server.baseUrl, 'PUT', `/api/admin/members/${rowdy.user.id}/ban`, {
          cookie: admin.cookie,
          json: { is_banned: true },
        }),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(statuses(answers)).toEqual({ 200: BURST });
      expect(await auditCount('user.banned', rowdy.user.id)).toBe(1);
      const sessions = await db.selectFrom('sessions').select('id').where('user_id', '=', rowdy.user.id).execute();
      expect(sessions).toEqual([]);
      for (const server of [a, b]) {
        const me = await call(server.baseUrl, 'GET', '/api/applications/me', { cookie: rowdy.cookie });
        expect(me.status).toBe(401);
      }
    });

    // Last: it bans one of the two admins.
    it('keeps an admin when the only two admins ban each other at once: one side wins, the other is refused', async () => {
      const boss = await signInOverHttp(b.baseUrl, a.baseUrl, 'boss');
      const answers = await burst((server, i) =>
        i % 4 < 2
          ? call(server.baseUrl, 'PUT', `/api/admin/members/${boss.user.id}/ban`, {
              cookie: admin.cookie,
              json: { is_banned: true },
            })
          : call(server.baseUrl, 'PUT', `/api/admin/members/${admin.user.id}/ban`, {
              cookie: boss.cookie,
              json: { is_banned: true },
            }),
      );
      expect(serverErrors(answers)).toEqual([]);
      const byAdmin = answers.filter((_, i) => i % 4 < 2).map((answer) => answer.status);
      const byBoss = answers.filter((_, i) => i % 4 >= 2).map((answer) => answer.status);
      const admins = await db
        .selectFrom('users')
        .select(['id', 'is_banned'])
        .where('is_admin', '=', true)
        .orderBy('id')
        .execute();
      const banned = admins.filter((user) => user.is_banned).map((user) => user.id);
      expect(banned).toHaveLength(1);
      const [winner, loser] = banned[0] === boss.user.id ? [byAdmin, byBoss] : [byBoss, byAdmin];
      expect(winner.filter((status) => status !== 200)).toEqual([]);
      // 409 last admin; 403 BANNED or 401 (the ban revoked the session) once the other side won.
      expect(loser.filter((status) => ![409, 403, 401].includes(status))).toEqual([]);
      expect(await auditCount('user.banned', banned[0]!)).toBe(1);
    });

    it('stops both processes cleanly on SIGTERM', async () => {
      expect(await Promise.all([a.stop(), b.stop()])).toEqual([0, 0]);
    });
  },
);
