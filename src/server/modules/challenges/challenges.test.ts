import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '#test/server/sign-in';
import { advanceKeepingSessions, createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { writeSetting } from '../settings/settings.repository';
import { approvedCandidate, insertChallenge, pendingApplicant } from '#test/server/challenges.fixtures';
import { isForeignKeyViolation } from '../../db/constraint-errors';
import { deleteChallenge } from './challenges.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const LINK = 'https://www.tinkercad.com/things/abc123-blinking-led';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

describe('challenges', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let admin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: cookie ? { cookie } : {},
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });

  const db = () => t.database.db;

  /** Moves time on, keeping the given sessions alive (they slide every 14 days) as their users would. */
  const advance = (ms: number, ...cookies: string[]) => advanceKeepingSessions(t, clock, ms, [admin, ...cookies]);
  const auditActions = async () =>
    (await db().selectFrom('audit_logs').select('action').orderBy('id').execute())
      .map((row) => row.action)
      .filter((action) => !action.startsWith('auth.'));
  const userChallengeRow = (id: number) =>
    db().selectFrom('user_challenges').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const experienceOf = async (userId: number) =>
    (await db().selectFrom('users').select('experience_points').where('id', '=', userId).executeTakeFirstOrThrow())
      .experience_points;

  /** Four challenges in the catalog and a candidate holding them. */
  async function candidateWithChallenges(login = 'cand') {
    for (let i = 1; i <= 4; i++) await insertChallenge(db(), clock.now(), { title: `Challenge ${i}` });
    return approvedCandidate(t, clock, login);
  }

  /** A candidate's first challenge, started, with `exercises` links sent, then submitted for review. */
  async function submittedChallenge(exercises: number, login = 'cand') {
    const candidate = await candidateWithChallenges(login);
    const id = candidate.userChallenges[0]!.id;
    expect((await call('POST', `/api/challenges/${id}/start`, candidate.cookie)).statusCode).toBe(200);
    for (let n = 1; n <= exercises; n++) {
      const answer = await call('POST', `/api/challenges/${id}/exercise/${n}/submit`, candidate.cookie, {
        tinkercad_link: `${LINK}-${n}`,
      });
      expect(answer.statusCode).toBe(200);
    }
    expect((await call('POST', `/api/challenges/${id}/submit`, candidate.cookie)).statusCode).toBe(200);
    return { ...candidate, id };
  }

  // -------------------------------------------------------------------------------------------
  describe('catalog admin', () => {
    const form = {
      title: '  Traffic light  ',
      description: 'Three LEDs in sequence.',
      difficulty_level: 'intermediate',
      grade: 80,
    };

    it('creates a challenge (201) with the defaults of docs/product/api.md#business-constants: threshold 70, XP reward 100, active, and audits it', async () => {
      const answer = await call('POST', '/api/challenges/admin/challenges', admin, {
        ...form,
        exercise_1_title: 'Red',
        exercise_2_title: 'Green',
        exercise_3_title: '',
        subject_pdf_url: '',
      });
      expect(answer.statusCode).toBe(201);
      const created = answer.json();
      expect(created).toMatchObject({
        title: 'Traffic light',
        description: 'Three LEDs in sequence.',
        difficulty_level: 'intermediate',
        difficulty: 'intermediate',
        grade: 80,
        validation_threshold: 70,
        xp_reward: 100,
        is_active: true,
        subject_pdf_url: null,
        tinkercad_class_code: null,
        exercise_1_title: 'Red',
        exercise_2_title: 'Green',
        exercise_3_title: null,
        exercise_4_title: null,
        exercise_count: 2,
      });
      expect(created.id).toEqual(expect.any(Number));
      const audit = await db().selectFrom('audit_logs').selectAll().where('action', '=', 'challenge.created').execute();
      expect(audit).toMatchObject([{ entity_type: 'challenge', entity_id: created.id, user_name: 'admin' }]);
      expect(JSON.parse(audit[0]!.details!).after.title).toBe('Traffic light');
    });

    it('keeps every field of the form: PDF URL, class code, exercises, threshold, XP reward, active', async () => {
      const full = {
        ...form,
        subject_pdf_url: 'http://club.example/subject.pdf',
        tinkercad_class_code: 'XYZ789',
        exercise_1_title: 'One',
        exercise_1_description: 'First',
        exercise_2_title: 'Two',
        exercise_2_description: 'Second',
        exercise_3_title: 'Three',
        exercise_3_description: 'Third',
        exercise_4_title: 'Four',
        exercise_4_description: 'Fourth',
        validation_threshold: 0,
        xp_reward: 1000,
        is_active: false,
      };
      const answer = await call('POST', '/api/challenges/admin/challenges', admin, full);
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({ ...full, title: 'Traffic light', exercise_count: 4 });
    });

    it('refuses a form breaking a rule (400) and writes nothing', async () => {
      const bad: Record<string, unknown>[] = [
        { ...form, title: '   ' },
        { description: 'x', difficulty_level: 'beginner', grade: 1 },
        { ...form, description: undefined },
        { ...form, difficulty_level: undefined },
        { ...form, difficulty_level: 'expert' },
        { ...form, grade: undefined },
        { ...form, grade: 101 },
        { ...form, grade: -1 },
        { ...form, grade: 'ten' },
        { ...form, validation_threshold: 101 },
        { ...form, validation_threshold: -1 },
        { ...form, xp_reward: 0 },
        { ...form, xp_reward: 1001 },
        { ...form, subject_pdf_url: 'ftp://example.com/a.pdf' },
        { ...form, subject_pdf_url: 'not a url' },
        { ...form, is_active: 'yes' },
      ];
      for (const payload of bad) {
        const answer = await call('POST', '/api/challenges/admin/challenges', admin, payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
        expect(answer.json().code).toBe('VALIDATION_FAILED');
      }
      expect(await db().selectFrom('challenges').select('id').execute()).toEqual([]);
      expect(await auditActions()).toEqual([]);
    });

    it('lists every challenge, active or not, ordered by id, with difficulty', async () => {
      const a = await insertChallenge(db(), clock.now(), { title: 'A', is_active: false });
      const b = await insertChallenge(db(), clock.now(), { title: 'B', difficulty_level: 'advanced' });
      const answer = await call('GET', '/api/challenges/admin/challenges', admin);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        total: 2,
        data: [
          { id: a.id, title: 'A', is_active: false, difficulty: 'beginner', exercise_count: 4 },
          { id: b.id, title: 'B', is_active: true, difficulty: 'advanced', difficulty_level: 'advanced' },
        ],
      });
    });

    it('updates only the fields sent (PUT) and audits before and after', async () => {
      const challenge = await insertChallenge(db(), clock.now());
      clock.advance(1000);
      const answer = await call('PUT', `/api/challenges/admin/challenges/${challenge.id}`, admin, {
        grade: 90,
        exercise_4_title: null,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        id: challenge.id,
        title: challenge.title,
        grade: 90,
        exercise_4_title: null,
        exercise_count: 3,
        validation_threshold: 70,
        updated_at: clock.now().toISOString(),
      });
      const audit = await db().selectFrom('audit_logs').selectAll().where('action', '=', 'challenge.updated').execute();
      expect(audit).toHaveLength(1);
      const details = JSON.parse(audit[0]!.details!);
      expect(details.before.grade).toBe(50);
      expect(details.after.grade).toBe(90);
    });

    it('refuses a bad update (400) and an unknown challenge (404), changing nothing', async () => {
      const challenge = await insertChallenge(db(), clock.now());
      expect(
        (await call('PUT', `/api/challenges/admin/challenges/${challenge.id}`, admin, { xp_reward: 0 })).statusCode,
      ).toBe(400);
      expect((await call('PUT', '/api/challenges/admin/challenges/9999', admin, { grade: 1 })).statusCode).toBe(404);
      expect((await db().selectFrom('challenges').selectAll().executeTakeFirstOrThrow()).xp_reward).toBe(100);
      expect(await auditActions()).toEqual([]);
    });

    it('deletes a challenge nobody holds (204) and audits it; an unknown one is 404', async () => {
      const challenge = await insertChallenge(db(), clock.now());
      const answer = await call('DELETE', `/api/challenges/admin/challenges/${challenge.id}`, admin);
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
      expect(await db().selectFrom('challenges').select('id').execute()).toEqual([]);
      expect(await auditActions()).toEqual(['challenge.deleted']);
      expect((await call('DELETE', `/api/challenges/admin/challenges/${challenge.id}`, admin)).statusCode).toBe(404);
    });

    it('refuses (409) to delete a challenge a candidate holds, telling to deactivate it, and changes nothing', async () => {
      const candidate = await candidateWithChallenges();
      const held = candidate.userChallenges[0]!.challenge_id;
      const answer = await call('DELETE', `/api/challenges/admin/challenges/${held}`, admin);
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        code: 'CONFLICT',
        error:
          'This challenge cannot be deleted: a candidate holds it and their work would be lost. Deactivate it instead.',
      });
      expect(await db().selectFrom('challenges').select('id').where('id', '=', held).execute()).toHaveLength(1);
      expect(await auditActions()).toEqual([]);

      const deactivated = await call('PUT', `/api/challenges/admin/challenges/${held}`, admin, { is_active: false });
      expect(deactivated.json().is_active).toBe(false);
      const me = await call('GET', '/api/challenges/me', candidate.cookie);
      expect(me.json().data.map((item: { challenge_id: number }) => item.challenge_id)).toContain(held);
    });

    it('has the database refuse the delete of a held challenge too (the race the count cannot see)', async () => {
      const candidate = await candidateWithChallenges();
      const error = await deleteChallenge(db(), candidate.userChallenges[0]!.challenge_id).catch((e: unknown) => e);
      expect(isForeignKeyViolation(error)).toBe(true);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('authorization', () => {
    it('answers 401 to an anonymous caller on every route', async () => {
      const routes: [Method, string][] = [
        ['GET', '/api/challenges/admin/challenges'],
        ['POST', '/api/challenges/admin/challenges'],
        ['PUT', '/api/challenges/admin/challenges/1'],
        ['DELETE', '/api/challenges/admin/challenges/1'],
        ['GET', '/api/challenges/admin/user-challenges'],
        ['POST', '/api/challenges/1/validate'],
        ['GET', '/api/challenges/me'],
        ['GET', '/api/challenges/catalog'],
        ['GET', '/api/challenges/rules'],
        ['POST', '/api/challenges/1/start'],
        ['POST', '/api/challenges/1/exercise/1/submit'],
        ['POST', '/api/challenges/1/submit'],
      ];
      for (const [method, url] of routes) {
        const answer = await call(method, url, undefined, method === 'GET' || method === 'DELETE' ? undefined : {});
        expect(answer.statusCode, `${method} ${url}`).toBe(401);
        expect(answer.json().code).toBe('UNAUTHENTICATED');
      }
    });

    it('answers 403 to a candidate on every admin route, whatever the body, and changes nothing', async () => {
      const candidate = await submittedChallenge(4);
      const routes: [Method, string, unknown?][] = [
        ['GET', '/api/challenges/admin/challenges'],
        [
          'POST',
          '/api/challenges/admin/challenges',
          { title: 'x', description: 'y', difficulty_level: 'beginner', grade: 1 },
        ],
        ['POST', '/api/challenges/admin/challenges', { nonsense: true }],
        ['PUT', `/api/challenges/admin/challenges/${candidate.userChallenges[0]!.challenge_id}`, { grade: 1 }],
        ['DELETE', `/api/challenges/admin/challenges/${candidate.userChallenges[3]!.challenge_id}`],
        ['GET', '/api/challenges/admin/user-challenges?status=pending_validation'],
        ['POST', `/api/challenges/${candidate.id}/validate`, { status: 'validated' }],
      ];
      const before = await auditActions();
      for (const [method, url, payload] of routes) {
        const answer = await call(method, url, candidate.cookie, payload);
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
        expect(answer.json().code).toBe('FORBIDDEN');
      }
      expect((await userChallengeRow(candidate.id)).status).toBe('pending_validation');
      expect(await experienceOf(candidate.userId)).toBe(0);
      expect(await db().selectFrom('challenges').select('id').execute()).toHaveLength(4);
      expect(await auditActions()).toEqual(before);
    });

    it('answers 403 BANNED to a banned user on candidate and admin routes', async () => {
      const candidate = await candidateWithChallenges();
      const otherAdmin = await signIn(t.app, 'admin2');
      await db().updateTable('users').set({ is_admin: true }).where('id', '=', otherAdmin.user.id).execute();
      await db()
        .updateTable('users')
        .set({ is_banned: true })
        .where('id', 'in', [candidate.userId, otherAdmin.user.id])
        .execute();
      const id = candidate.userChallenges[0]!.id;
      for (const [method, url, cookie] of [
        ['GET', '/api/challenges/me', candidate.cookie],
        ['GET', '/api/challenges/catalog', candidate.cookie],
        ['POST', `/api/challenges/${id}/start`, candidate.cookie],
        ['GET', '/api/challenges/admin/challenges', otherAdmin.cookie],
      ] as [Method, string, string][]) {
        const answer = await call(method, url, cookie);
        expect(answer.statusCode, url).toBe(403);
        expect(answer.json()).toEqual({ error: 'Your account has been banned', code: 'BANNED' });
      }
      expect((await userChallengeRow(id)).status).toBe('pending');
    });

    it('lets an admin use the admin routes', async () => {
      expect((await call('GET', '/api/challenges/admin/challenges', admin)).statusCode).toBe(200);
      expect((await call('GET', '/api/challenges/admin/user-challenges', admin)).statusCode).toBe(200);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('candidate', () => {
    it('answers 403 FORBIDDEN to /me without an application, and while it is pending', async () => {
      const stranger = await signIn(t.app, 'stranger');
      const noApplication = await call('GET', '/api/challenges/me', stranger.cookie);
      expect(noApplication.statusCode).toBe(403);
      expect(noApplication.json().code).toBe('FORBIDDEN');
      const pending = await pendingApplicant(t, clock, 'waiting');
      expect((await call('GET', '/api/challenges/me', pending.cookie)).statusCode).toBe(403);
    });

    it('lists the candidate’s challenges by id with every field, the deadline and the progress', async () => {
      await insertChallenge(db(), clock.now(), { title: 'Inactive', is_active: false });
      const candidate = await candidateWithChallenges();
      const answer = await call('GET', '/api/challenges/me', candidate.cookie);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body).toMatchObject({
        total: 4,
        completed_count: 0,
        deadline_at: new Date(clock.now().getTime() + 28 * DAY_MS).toISOString(),
        deadline_passed: false,
        days_remaining: 28,
      });
      expect(body.data.map((item: { title: string }) => item.title)).toEqual([
        'Challenge 1',
        'Challenge 2',
        'Challenge 3',
        'Challenge 4',
      ]);
      const first = body.data[0];
      const challenge = candidate.userChallenges[0]!;
      expect(first).toMatchObject({
        id: challenge.id,
        challenge_id: challenge.challenge_id,
        user_id: candidate.userId,
        user: { id: candidate.userId, intra_login: 'cand' },
        challenge: { id: challenge.challenge_id, title: 'Challenge 1', difficulty: 'beginner' },
        title: 'Challenge 1',
        description: 'Make an LED blink with an Arduino.',
        difficulty_level: 'beginner',
        grade: 50,
        xp_reward: 100,
        subject_pdf_url: 'https://example.com/subject.pdf',
        tinkercad_class_code: 'ABC123',
        status: 'pending',
        completed: false,
        validated_at: null,
        feedback: null,
        total_xp_earned: 0,
        validation_threshold: 70,
        completed_exercises_count: 0,
        submitted_at: null,
        exercise_count: 4,
        exercise_1_title: 'Wire the LED',
        exercise_1_description: 'Connect an LED and a resistor.',
        exercise_1_tinkercad_link: null,
        exercise_1_completed: false,
        exercise_4_title: 'Button',
        exercise_4_completed: false,
      });
      expect(first).not.toHaveProperty('validation_notes');
    });

    it('lists the active catalog to any signed-in user', async () => {
      await insertChallenge(db(), clock.now(), { title: 'On' });
      await insertChallenge(db(), clock.now(), { title: 'Off', is_active: false });
      const user = await signIn(t.app, 'someone');
      const answer = await call('GET', '/api/challenges/catalog', user.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ total: 1, data: [{ title: 'On', is_active: true }] });
    });

    it('answers the rules of docs/product/api.md#business-constants, with the deadline setting in force', async () => {
      const user = await signIn(t.app, 'someone');
      expect((await call('GET', '/api/challenges/rules', user.cookie)).json()).toEqual({
        challenges_per_candidate: 4,
        exercises_per_challenge: 4,
        xp_per_exercise: 25,
        max_challenge_xp: 100,
        challenges_xp_total: 400,
        default_validation_threshold: 70,
        default_xp_reward: 100,
        min_xp_reward: 1,
        max_xp_reward: 1000,
        min_grade: 0,
        max_grade: 100,
        default_difficulty: 'beginner',
        deadline_days: 28,
        max_tinkercad_link_length: 500,
        tinkercad_hosts: ['tinkercad.com', 'www.tinkercad.com'],
      });
      await writeSetting(db(), 'challenge_deadline_days', 35, clock.now());
      expect((await call('GET', '/api/challenges/rules', user.cookie)).json().deadline_days).toBe(35);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('state machine', () => {
    it('starts a pending challenge (pending → in_progress) and audits it', async () => {
      const candidate = await candidateWithChallenges();
      const id = candidate.userChallenges[0]!.id;
      const answer = await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({ id, status: 'in_progress', started_at: clock.now().toISOString() });
      expect(await auditActions()).toEqual(['challenge.started']);
    });

    it('refuses (409) to start a challenge already in progress, pending review or validated', async () => {
      const candidate = await candidateWithChallenges();
      const [a, b, c] = candidate.userChallenges.map((row) => row.id);
      await db().updateTable('user_challenges').set({ status: 'in_progress' }).where('id', '=', a!).execute();
      await db().updateTable('user_challenges').set({ status: 'pending_validation' }).where('id', '=', b!).execute();
      await db().updateTable('user_challenges').set({ status: 'validated' }).where('id', '=', c!).execute();
      for (const id of [a, b, c]) {
        const answer = await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
        expect(answer.statusCode).toBe(409);
        expect(answer.json().code).toBe('CONFLICT');
      }
      expect(await auditActions()).toEqual([]);
    });

    it('refuses (409) an exercise link unless the challenge is in progress', async () => {
      const candidate = await candidateWithChallenges();
      const [a, b, c, d] = candidate.userChallenges.map((row) => row.id);
      await db().updateTable('user_challenges').set({ status: 'pending_validation' }).where('id', '=', b!).execute();
      await db().updateTable('user_challenges').set({ status: 'validated' }).where('id', '=', c!).execute();
      await db().updateTable('user_challenges').set({ status: 'declined' }).where('id', '=', d!).execute();
      for (const id of [a, b, c, d]) {
        const answer = await call('POST', `/api/challenges/${id}/exercise/1/submit`, candidate.cookie, {
          tinkercad_link: LINK,
        });
        expect(answer.statusCode).toBe(409);
        expect((await userChallengeRow(id!)).exercise_1_tinkercad_link).toBeNull();
      }
      expect(await auditActions()).toEqual([]);
    });

    it('records an exercise link: completed, 25 XP, status and link in the answer, audited', async () => {
      const candidate = await candidateWithChallenges();
      const id = candidate.userChallenges[0]!.id;
      await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
      const answer = await call('POST', `/api/challenges/${id}/exercise/2/submit`, candidate.cookie, {
        tinkercad_link: `  ${LINK}  `,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        id,
        status: 'in_progress',
        total_xp_earned: 25,
        completed_exercises_count: 1,
        exercise_2_tinkercad_link: LINK,
        exercise_2_completed: true,
        exercise_1_completed: false,
      });
      const audit = await db()
        .selectFrom('audit_logs')
        .selectAll()
        .where('action', '=', 'challenge.exercise_submitted')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ entity_type: 'user_challenge', entity_id: id, user_name: 'cand' });
      expect(JSON.parse(audit.details!)).toMatchObject({
        exercise: 2,
        before: { completed: false, total_xp_earned: 0 },
        after: { tinkercad_link: LINK, completed: true, total_xp_earned: 25 },
      });
    });

    it('replaces a link with a new one and counts the exercise once; each exercise adds 25 XP', async () => {
      const candidate = await candidateWithChallenges();
      const id = candidate.userChallenges[0]!.id;
      await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
      const submit = (n: number, link: string) =>
        call('POST', `/api/challenges/${id}/exercise/${n}/submit`, candidate.cookie, { tinkercad_link: link });
      await submit(1, `${LINK}-old`);
      const replaced = await submit(1, 'https://tinkercad.com/things/new');
      expect(replaced.json()).toMatchObject({
        exercise_1_tinkercad_link: 'https://tinkercad.com/things/new',
        total_xp_earned: 25,
      });
      expect((await submit(3, LINK)).json().total_xp_earned).toBe(50);
      expect((await submit(4, LINK)).json().total_xp_earned).toBe(75);
      expect((await submit(2, LINK)).json()).toMatchObject({ total_xp_earned: 100, completed_exercises_count: 4 });
    });

    it('refuses (400) a link that is not https on tinkercad.com, or longer than 500 characters, changing nothing', async () => {
      const candidate = await candidateWithChallenges();
      const id = candidate.userChallenges[0]!.id;
      await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
      const base = 'https://www.tinkercad.com/things/';
      const bad = [
        '',
        '   ',
        'http://www.tinkercad.com/things/abc',
        'https://example.com/things/abc',
        'https://tinkercad.com.evil.com/things/abc',
        'https://evil.com/tinkercad.com',
        'https://eviltinkercad.com/things/abc',
        'https://api.tinkercad.com/things/abc',
        'https://user:pass@www.tinkercad.com/things/abc',
        'https://www.tinkercad.com:8443/things/abc',
        'javascript:alert(1)',
        'tinkercad.com/things/abc',
        base + 'a'.repeat(501 - base.length),
      ];
      expect(bad.at(-1)).toHaveLength(501);
      for (const link of bad) {
        const answer = await call('POST', `/api/challenges/${id}/exercise/1/submit`, candidate.cookie, {
          tinkercad_link: link,
        });
        expect(answer.statusCode, link).toBe(400);
        expect(answer.json().code).toBe('VALIDATION_FAILED');
      }
      const missing = await call('POST', `/api/challenges/${id}/exercise/1/submit`, candidate.cookie, {});
      expect(missing.statusCode).toBe(400);
      const row = await userChallengeRow(id);
      expect(row).toMatchObject({ exercise_1_tinkercad_link: null, exercise_1_completed: false, total_xp_earned: 0 });
      expect(await auditActions()).toEqual(['challenge.started']);

      const longest = base + 'a'.repeat(500 - base.length);
      const ok = await call('POST', `/api/challenges/${id}/exercise/1/submit`, candidate.cookie, {
        tinkercad_link: longest,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json().exercise_1_tinkercad_link).toBe(longest);
    });

    it('answers 404 for an exercise that does not exist (outside 1-4, or without a title)', async () => {
      await insertChallenge(db(), clock.now(), { exercise_3_title: null, exercise_4_title: null });
      const candidate = await approvedCandidate(t, clock, 'cand');
      const id = candidate.userChallenges[0]!.id;
      await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
      for (const n of [0, 3, 4, 5, 99]) {
        const answer = await call('POST', `/api/challenges/${id}/exercise/${n}/submit`, candidate.cookie, {
          tinkercad_link: LINK,
        });
        expect(answer.statusCode, `exercise ${n}`).toBe(404);
        expect(answer.json().code).toBe('NOT_FOUND');
      }
      expect((await userChallengeRow(id)).total_xp_earned).toBe(0);
      const me = await call('GET', '/api/challenges/me', candidate.cookie);
      expect(me.json().data[0].exercise_count).toBe(2);
    });

    it('counts 20 concurrent submissions of the same exercise once: 25 XP', async () => {
      const candidate = await candidateWithChallenges();
      const id = candidate.userChallenges[0]!.id;
      await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${t.baseUrl}/api/challenges/${id}/exercise/1/submit`, {
            method: 'POST',
            headers: { cookie: candidate.cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ tinkercad_link: `${LINK}-${i}` }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      for (const answer of answers) expect((await answer.json()).total_xp_earned).toBe(25);
      expect(await userChallengeRow(id)).toMatchObject({ total_xp_earned: 25, exercise_1_completed: true });
    });

    it('refuses (409) to submit for review without a completed exercise, or unless in progress', async () => {
      const candidate = await candidateWithChallenges();
      const [a, b, c] = candidate.userChallenges.map((row) => row.id);
      expect((await call('POST', `/api/challenges/${a}/submit`, candidate.cookie)).statusCode).toBe(409);
      await call('POST', `/api/challenges/${a}/start`, candidate.cookie);
      const empty = await call('POST', `/api/challenges/${a}/submit`, candidate.cookie);
      expect(empty.statusCode).toBe(409);
      expect(empty.json().error).toBe('Complete at least one exercise before submitting the challenge for review.');
      await db().updateTable('user_challenges').set({ status: 'validated' }).where('id', '=', b!).execute();
      await db().updateTable('user_challenges').set({ status: 'declined' }).where('id', '=', c!).execute();
      for (const id of [b, c])
        expect((await call('POST', `/api/challenges/${id}/submit`, candidate.cookie)).statusCode).toBe(409);
      expect((await userChallengeRow(a!)).status).toBe('in_progress');
      expect(await auditActions()).toEqual(['challenge.started']);
    });

    it('submits for review (in_progress → pending_validation), sets submitted_at, audits, and then refuses changes', async () => {
      const candidate = await candidateWithChallenges();
      const id = candidate.userChallenges[0]!.id;
      await call('POST', `/api/challenges/${id}/start`, candidate.cookie);
      await call('POST', `/api/challenges/${id}/exercise/1/submit`, candidate.cookie, { tinkercad_link: LINK });
      clock.advance(60_000);
      const answer = await call('POST', `/api/challenges/${id}/submit`, candidate.cookie);
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        status: 'pending_validation',
        submitted_at: clock.now().toISOString(),
        total_xp_earned: 25,
      });
      expect(await auditActions()).toEqual([
        'challenge.started',
        'challenge.exercise_submitted',
        'challenge.submitted',
      ]);
      expect((await call('POST', `/api/challenges/${id}/submit`, candidate.cookie)).statusCode).toBe(409);
      expect((await call('POST', `/api/challenges/${id}/start`, candidate.cookie)).statusCode).toBe(409);
      const late = await call('POST', `/api/challenges/${id}/exercise/2/submit`, candidate.cookie, {
        tinkercad_link: LINK,
      });
      expect(late.statusCode).toBe(409);
    });

    it('answers 404 when a candidate touches another candidate’s challenge, and changes nothing', async () => {
      const owner = await candidateWithChallenges('owner');
      const intruder = await approvedCandidate(t, clock, 'intruder');
      const id = owner.userChallenges[0]!.id;
      await call('POST', `/api/challenges/${id}/start`, owner.cookie);
      const before = await userChallengeRow(id);
      const attempts: [string, unknown?][] = [
        [`/api/challenges/${id}/start`],
        [`/api/challenges/${id}/exercise/1/submit`, { tinkercad_link: LINK }],
        [`/api/challenges/${id}/submit`],
        ['/api/challenges/99999/start'],
      ];
      for (const [url, payload] of attempts) {
        const answer = await call('POST', url, intruder.cookie, payload);
        expect(answer.statusCode, url).toBe(404);
        expect(answer.json().code).toBe('NOT_FOUND');
      }
      expect(await userChallengeRow(id)).toEqual(before);
      const mine = await call('GET', '/api/challenges/me', intruder.cookie);
      expect(mine.json().data.map((item: { id: number }) => item.id)).not.toContain(id);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('deadline', () => {
    it('allows changes up to reviewed_at + 28 days, then answers 403 DEADLINE_PASSED to start, exercise and submit', async () => {
      const candidate = await candidateWithChallenges();
      const [a, b] = candidate.userChallenges.map((row) => row.id);
      await call('POST', `/api/challenges/${a}/start`, candidate.cookie);
      await advance(28 * DAY_MS, candidate.cookie);
      const last = await call('POST', `/api/challenges/${a}/exercise/1/submit`, candidate.cookie, {
        tinkercad_link: LINK,
      });
      expect(last.statusCode).toBe(200);
      clock.advance(1);

      const before = await db().selectFrom('user_challenges').selectAll().orderBy('id').execute();
      const audit = await auditActions();
      const attempts: [string, unknown?][] = [
        [`/api/challenges/${b}/start`],
        [`/api/challenges/${a}/exercise/2/submit`, { tinkercad_link: LINK }],
        [`/api/challenges/${a}/submit`],
      ];
      for (const [url, payload] of attempts) {
        const answer = await call('POST', url, candidate.cookie, payload);
        expect(answer.statusCode, url).toBe(403);
        expect(answer.json().code).toBe('DEADLINE_PASSED');
      }
      expect(await db().selectFrom('user_challenges').selectAll().orderBy('id').execute()).toEqual(before);
      expect(await auditActions()).toEqual(audit);

      const me = await call('GET', '/api/challenges/me', candidate.cookie);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ deadline_passed: true, days_remaining: 0 });
    });

    it('counts the days remaining and follows the challenge_deadline_days setting', async () => {
      const candidate = await candidateWithChallenges();
      await advance(10 * DAY_MS + 1, candidate.cookie);
      expect((await call('GET', '/api/challenges/me', candidate.cookie)).json().days_remaining).toBe(18);
      await advance(20 * DAY_MS, candidate.cookie);
      const id = candidate.userChallenges[0]!.id;
      expect((await call('POST', `/api/challenges/${id}/start`, candidate.cookie)).statusCode).toBe(403);
      await writeSetting(db(), 'challenge_deadline_days', 60, clock.now());
      expect((await call('POST', `/api/challenges/${id}/start`, candidate.cookie)).statusCode).toBe(200);
      expect((await call('GET', '/api/challenges/me', candidate.cookie)).json()).toMatchObject({
        deadline_passed: false,
        days_remaining: 30,
      });
    });

    it('does not stop the board from reviewing a submission after the deadline', async () => {
      const candidate = await submittedChallenge(4);
      await advance(40 * DAY_MS);
      const answer = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, { status: 'validated' });
      expect(answer.statusCode).toBe(200);
    });
  });

  // -------------------------------------------------------------------------------------------
  describe('review queue', () => {
    it('lists submissions filtered by status with the user and the exercise links, paged', async () => {
      const first = await submittedChallenge(2, 'first');
      const second = await approvedCandidate(t, clock, 'second');
      const secondId = second.userChallenges[1]!.id;
      await call('POST', `/api/challenges/${secondId}/start`, second.cookie);
      await call('POST', `/api/challenges/${secondId}/exercise/1/submit`, second.cookie, { tinkercad_link: LINK });
      await call('POST', `/api/challenges/${secondId}/submit`, second.cookie);

      const answer = await call('GET', '/api/challenges/admin/user-challenges?status=pending_validation', admin);
      expect(answer.statusCode).toBe(200);
      const body = answer.json();
      expect(body.total).toBe(2);
      expect(body.data.map((item: { id: number }) => item.id)).toEqual([first.id, secondId]);
      expect(body.data[0]).toMatchObject({
        status: 'pending_validation',
        user: { id: first.userId, intra_login: 'first', image_url: expect.anything() },
        title: 'Challenge 1',
        total_xp_earned: 50,
        completed_exercises_count: 2,
        exercise_1_tinkercad_link: `${LINK}-1`,
        exercise_2_tinkercad_link: `${LINK}-2`,
        exercise_3_tinkercad_link: null,
        validation_notes: null,
      });

      const page = await call(
        'GET',
        '/api/challenges/admin/user-challenges?status=pending_validation&limit=1&offset=1',
        admin,
      );
      expect(page.json()).toMatchObject({ total: 2, data: [{ id: secondId }] });
      const all = await call('GET', '/api/challenges/admin/user-challenges', admin);
      expect(all.json().total).toBe(8);
      const bad = await call('GET', '/api/challenges/admin/user-challenges?status=finished', admin);
      expect(bad.statusCode).toBe(400);
    });

    it('lists the queue by the date each challenge was sent for review, oldest first, the id breaking ties (decision 0125)', async () => {
      // Assigned (ids) in one order, sent for review in the other: the one sent first waits longest.
      const early = await submittedChallenge(1, 'early');
      clock.advance(60_000);
      const late = await approvedCandidate(t, clock, 'late');
      const lateIds = late.userChallenges.slice(0, 2).map((challenge) => challenge.id);
      for (const id of lateIds) {
        await call('POST', `/api/challenges/${id}/start`, late.cookie);
        await call('POST', `/api/challenges/${id}/exercise/1/submit`, late.cookie, { tinkercad_link: LINK });
        await call('POST', `/api/challenges/${id}/submit`, late.cookie);
      }
      // `early` was assigned first but sent last; the two of `late` were sent at the same instant.
      await db()
        .updateTable('user_challenges')
        .set({ submitted_at: new Date(clock.now().getTime() + 60_000).toISOString() })
        .where('id', '=', early.id)
        .execute();
      const ids = async (query: string) =>
        (await call('GET', `/api/challenges/admin/user-challenges?status=pending_validation${query}`, admin))
          .json()
          .data.map((item: { id: number }) => item.id);
      expect(await ids('')).toEqual([...lateIds, early.id]);
      expect([...(await ids('&limit=2')), ...(await ids('&limit=2&offset=2'))]).toEqual([...lateIds, early.id]);
      // Never sent (status pending): after every sent one.
      const all = (await call('GET', '/api/challenges/admin/user-challenges?limit=100', admin)).json().data;
      const sent = all.map((item: { submitted_at: string | null }) => item.submitted_at !== null);
      expect(sent.slice(0, 3)).toEqual([true, true, true]);
      expect(sent.slice(3).every((isSent: boolean) => !isSent)).toBe(true);
    });

    it('narrows the queue to one challenge of the catalog, with its own total and pages (issue 28)', async () => {
      const first = await submittedChallenge(1, 'one');
      const other = await approvedCandidate(t, clock, 'two');
      const [sameChallenge, otherChallenge] = other.userChallenges;
      for (const uc of [sameChallenge!, otherChallenge!]) {
        await call('POST', `/api/challenges/${uc.id}/start`, other.cookie);
        await call('POST', `/api/challenges/${uc.id}/exercise/1/submit`, other.cookie, { tinkercad_link: LINK });
        await call('POST', `/api/challenges/${uc.id}/submit`, other.cookie);
      }
      const queue = (query: string) =>
        call('GET', `/api/challenges/admin/user-challenges?status=pending_validation${query}`, admin);
      const byChallenge = (await queue(`&challenge_id=${sameChallenge!.challenge_id}`)).json();
      expect(byChallenge.total).toBe(2);
      expect(byChallenge.data.map((item: { id: number }) => item.id)).toEqual([first.id, sameChallenge!.id]);
      expect((await queue(`&challenge_id=${sameChallenge!.challenge_id}&limit=1&offset=1`)).json()).toMatchObject({
        total: 2,
        data: [{ id: sameChallenge!.id }],
      });
      expect((await queue(`&challenge_id=${otherChallenge!.challenge_id}`)).json()).toMatchObject({
        total: 1,
        data: [{ id: otherChallenge!.id }],
      });
      expect((await queue('&challenge_id=999999')).json()).toEqual({ data: [], total: 0 });
      expect((await queue('&challenge_id=abc')).statusCode).toBe(400);
      // A search on the candidate's login, names or email, any case, with the challenge or alone.
      expect((await queue('&q=TWO@student')).json()).toMatchObject({ total: 2 });
      expect((await queue(`&q=two&challenge_id=${otherChallenge!.challenge_id}`)).json()).toMatchObject({
        total: 1,
        data: [{ id: otherChallenge!.id }],
      });
      expect((await queue('&q=one')).json()).toMatchObject({ total: 1, data: [{ id: first.id }] });
      expect((await queue('&q=nobody-here')).json()).toEqual({ data: [], total: 0 });
    });

    it('validates with the earned XP by default: validated_at, completed, awarded_xp, XP added to the user, audited', async () => {
      const candidate = await submittedChallenge(4);
      clock.advance(1000);
      const answer = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, {
        status: 'validated',
        feedback: 'Great work',
        validation_notes: 'Clean wiring',
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        id: candidate.id,
        status: 'validated',
        completed: true,
        awarded_xp: 100,
        validated_at: clock.now().toISOString(),
        feedback: 'Great work',
        validation_notes: 'Clean wiring',
      });
      expect(await experienceOf(candidate.userId)).toBe(100);
      const audit = await db()
        .selectFrom('audit_logs')
        .selectAll()
        .where('action', '=', 'challenge.validated')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ entity_type: 'user_challenge', entity_id: candidate.id, user_name: 'admin' });
      expect(JSON.parse(audit.details!)).toMatchObject({
        before: { status: 'pending_validation', awarded_xp: null },
        after: { status: 'validated', awarded_xp: 100, completed: true },
      });
      const me = await call('GET', '/api/challenges/me', candidate.cookie);
      expect(me.json()).toMatchObject({ completed_count: 1 });
      expect(me.json().data[0]).toMatchObject({ status: 'validated', completed: true });
      expect(me.json().data[0]).not.toHaveProperty('validation_notes');
    });

    it('refuses (400) to validate below the challenge’s threshold and changes nothing; an awarded XP above it passes', async () => {
      const candidate = await submittedChallenge(1);
      const before = await userChallengeRow(candidate.id);
      for (const payload of [{ status: 'validated' }, { status: 'validated', awarded_xp: 69 }]) {
        const answer = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().code).toBe('VALIDATION_FAILED');
      }
      expect(await userChallengeRow(candidate.id)).toEqual(before);
      expect(await experienceOf(candidate.userId)).toBe(0);
      expect(await auditActions()).not.toContain('challenge.validated');

      const ok = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, {
        status: 'validated',
        awarded_xp: 70,
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ awarded_xp: 70, total_xp_earned: 25 });
      expect(await experienceOf(candidate.userId)).toBe(70);
    });

    it('refuses an awarded XP outside 0-100 or a status other than validated/declined (400)', async () => {
      const candidate = await submittedChallenge(4);
      for (const payload of [
        { status: 'validated', awarded_xp: 101 },
        { status: 'validated', awarded_xp: -1 },
        { status: 'validated', awarded_xp: 80.5 },
        { status: 'pending' },
        {},
      ]) {
        const answer = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, payload);
        expect(answer.statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await userChallengeRow(candidate.id)).status).toBe('pending_validation');
    });

    it('refuses (400) to decline without feedback, then declines with it: no XP, feedback shown to the candidate', async () => {
      const candidate = await submittedChallenge(4);
      for (const payload of [
        { status: 'declined' },
        { status: 'declined', feedback: '   ' },
        { status: 'declined', feedback: null },
      ]) {
        const answer = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().details).toEqual([expect.objectContaining({ path: 'feedback' })]);
      }
      expect((await userChallengeRow(candidate.id)).status).toBe('pending_validation');

      const answer = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, {
        status: 'declined',
        feedback: 'Exercise 3 does not fade.',
        validation_notes: 'internal',
        awarded_xp: 90,
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        status: 'declined',
        completed: false,
        validated_at: null,
        awarded_xp: null,
        feedback: 'Exercise 3 does not fade.',
      });
      expect(await experienceOf(candidate.userId)).toBe(0);
      expect(await auditActions()).toContain('challenge.declined');
      const me = await call('GET', '/api/challenges/me', candidate.cookie);
      expect(me.json().data[0]).toMatchObject({ status: 'declined', feedback: 'Exercise 3 does not fade.' });
    });

    it('lets a declined challenge be started again, keeping its links, and go back to review', async () => {
      const candidate = await submittedChallenge(2);
      await call('POST', `/api/challenges/${candidate.id}/validate`, admin, {
        status: 'declined',
        feedback: 'Redo it',
      });
      const restart = await call('POST', `/api/challenges/${candidate.id}/start`, candidate.cookie);
      expect(restart.statusCode).toBe(200);
      expect(restart.json()).toMatchObject({
        status: 'in_progress',
        total_xp_earned: 50,
        exercise_1_tinkercad_link: `${LINK}-1`,
        exercise_1_completed: true,
      });
      await call('POST', `/api/challenges/${candidate.id}/exercise/3/submit`, candidate.cookie, {
        tinkercad_link: LINK,
      });
      expect((await call('POST', `/api/challenges/${candidate.id}/submit`, candidate.cookie)).json().status).toBe(
        'pending_validation',
      );
      const validated = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, { status: 'validated' });
      expect(validated.json()).toMatchObject({ status: 'validated', awarded_xp: 75 });
      expect(await experienceOf(candidate.userId)).toBe(75);
    });

    it('refuses (409) to review a challenge that is not pending validation, and 404 an unknown one', async () => {
      const candidate = await candidateWithChallenges();
      const [a, b] = candidate.userChallenges.map((row) => row.id);
      await call('POST', `/api/challenges/${b}/start`, candidate.cookie);
      for (const id of [a, b]) {
        const answer = await call('POST', `/api/challenges/${id}/validate`, admin, {
          status: 'validated',
          awarded_xp: 100,
        });
        expect(answer.statusCode).toBe(409);
        expect(answer.json().code).toBe('CONFLICT');
      }
      expect((await call('POST', '/api/challenges/99999/validate', admin, { status: 'validated' })).statusCode).toBe(
        404,
      );
      expect(await experienceOf(candidate.userId)).toBe(0);
    });

    it('refuses (409) a second review and adds the XP once', async () => {
      const candidate = await submittedChallenge(4);
      expect(
        (await call('POST', `/api/challenges/${candidate.id}/validate`, admin, { status: 'validated' })).statusCode,
      ).toBe(200);
      const again = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, { status: 'validated' });
      expect(again.statusCode).toBe(409);
      const decline = await call('POST', `/api/challenges/${candidate.id}/validate`, admin, {
        status: 'declined',
        feedback: 'no',
      });
      expect(decline.statusCode).toBe(409);
      expect(await experienceOf(candidate.userId)).toBe(100);
      expect((await userChallengeRow(candidate.id)).status).toBe('validated');
    });

    it('awards the XP once under 20 concurrent validations', async () => {
      const candidate = await submittedChallenge(4);
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${t.baseUrl}/api/challenges/${candidate.id}/validate`, {
            method: 'POST',
            headers: { cookie: admin, 'content-type': 'application/json' },
            body: JSON.stringify({ status: 'validated', awarded_xp: 90 }),
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([200, ...Array(19).fill(409)]);
      expect(await experienceOf(candidate.userId)).toBe(90);
      const audit = await db()
        .selectFrom('audit_logs')
        .select('id')
        .where('action', '=', 'challenge.validated')
        .execute();
      expect(audit).toHaveLength(1);
    });
  });
});
