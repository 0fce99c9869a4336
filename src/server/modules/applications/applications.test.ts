import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { devProfile } from '../../dev-intra/dev-intra.routes';
import { describeDifference, dumpDatabase } from '#test/server/db-snapshot';
import { expectGuarded } from '#test/server/guards';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { newCheckInCode } from '../hackathon';

const form = {
  motivation: '  I have built three line followers and want to learn more.  ',
  experience_level: 'intermediate',
  github_profile: 'https://github.com/jdoe',
  portfolio_url: '',
  selected_project_id: null,
};

describe('applications', () => {
  let t: TestApp;
  let admin: string;
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const apply = (cookie: string, payload: object = form) =>
    t.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload });
  const count = async (table: 'applications' | 'audit_logs' | 'user_challenges') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const review = (id: number, status: 'approved' | 'declined', review_notes?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${id}/review`,
      headers: { cookie: admin },
      payload: { status, review_notes },
    });

  describe('a candidate applying', () => {
    it('creates a pending application: trimmed motivation, empty links as null, 201 with the author', async () => {
      const { cookie, user } = await signIn(t.app, 'jdoe');
      const answer = await apply(cookie);
      expect(answer.statusCode).toBe(201);
      expect(answer.json()).toMatchObject({
        user_id: user.id,
        user: { intra_login: 'jdoe' },
        status: 'pending',
        motivation: 'I have built three line followers and want to learn more.',
        experience_level: 'intermediate',
        github_profile: 'https://github.com/jdoe',
        portfolio_url: null,
        selected_project_id: null,
        reviewed_at: null,
      });
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('action', '=', 'application.submitted')
        .execute();
      expect(audit).toMatchObject([{ entity_type: 'application', entity_id: answer.json().id, user_name: 'jdoe' }]);
    });

    it('defaults the experience level to beginner', async () => {
      const { cookie } = await signIn(t.app, 'jdoe');
      const answer = await apply(cookie, { motivation: 'Robots are my passion!' });
      expect(answer.json().experience_level).toBe('beginner');
    });

    it('refuses a short motivation, a bad level, a non-http link or a project with 400, writing nothing', async () => {
      const { cookie } = await signIn(t.app, 'jdoe');
      const before = await count('audit_logs');
      for (const payload of [
        { ...form, motivation: '   short   ' },
        { ...form, motivation: 'x'.repeat(2001) },
        { ...form, experience_level: 'expert' },
        { ...form, github_profile: 'javascript:alert(1)' },
        { ...form, selected_project_id: 3 },
        {},
      ]) {
        const answer = await apply(cookie, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().code).toBe('VALIDATION_FAILED');
      }
      const short = await apply(cookie, { ...form, motivation: 'short' });
      expect(short.json().details[0]).toEqual({
        path: 'motivation',
        message: 'Please provide detailed motivation (at least 10 characters)',
      });
      expect(await count('applications')).toBe(0);
      expect(await count('audit_logs')).toBe(before);
    });

    it('records when the privacy notice was accepted; without the field it stays null; false or a non-boolean is 400', async () => {
      const privacyAcceptedAt = async (login: string) =>
        (
          await t.database.db
            .selectFrom('applications')
            .innerJoin('users', 'users.id', 'applications.user_id')
            .select('applications.privacy_accepted_at')
            .where('users.intra_login', '=', login)
            .executeTakeFirstOrThrow()
        ).privacy_accepted_at;
      const jdoe = (await signIn(t.app, 'jdoe')).cookie;
      for (const privacy_accepted of [false, 'true', 1, null]) {
        const refused = await apply(jdoe, { ...form, privacy_accepted });
        expect(refused.statusCode).toBe(400);
        expect(refused.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          details: [{ path: 'privacy_accepted', message: 'Please confirm that you have read the privacy notice.' }],
        });
      }
      expect(await count('applications')).toBe(0);
      expect((await apply(jdoe, { ...form, privacy_accepted: true })).statusCode).toBe(201);
      expect(new Date(String(await privacyAcceptedAt('jdoe'))).toISOString()).toBe(clock.now().toISOString());
      // Seed §7's call, without the field.
      expect((await apply((await signIn(t.app, 'ada')).cookie)).statusCode).toBe(201);
      expect(await privacyAcceptedAt('ada')).toBeNull();
    });

    it('answers 409 to a second application', async () => {
      const { cookie } = await signIn(t.app, 'jdoe');
      expect((await apply(cookie)).statusCode).toBe(201);
      const second = await apply(cookie);
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('CONFLICT');
    });

    it('keeps exactly one application when 20 arrive at once', async () => {
      const { cookie } = await signIn(t.app, 'jdoe');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          fetch(`${t.baseUrl}/api/applications`, {
            method: 'POST',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify(form),
          }),
        ),
      );
      const codes = answers.map((answer) => answer.status).sort();
      expect(codes.filter((code) => code === 201)).toHaveLength(1);
      expect(codes.filter((code) => code === 409)).toHaveLength(19);
      expect(await count('applications')).toBe(1);
    });

    it('answers 403 while applications are closed', async () => {
      await t.database.db
        .updateTable('settings')
        .set({ value: 'false' })
        .where('key', '=', 'applications_open')
        .execute();
      const { cookie } = await signIn(t.app, 'jdoe');
      const answer = await apply(cookie);
      expect(answer.statusCode).toBe(403);
      expect(answer.json().code).toBe('FORBIDDEN');
      expect(await count('applications')).toBe(0);
    });

    it('lets the owner edit a pending application; others get 404; a reviewed one 409', async () => {
      const { cookie } = await signIn(t.app, 'jdoe');
      const { id } = (await apply(cookie)).json();
      const edit = await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}`,
        headers: { cookie },
        payload: { motivation: 'A better motivation, with details.' },
      });
      expect(edit.statusCode).toBe(200);
      expect(edit.json()).toMatchObject({
        motivation: 'A better motivation, with details.',
        experience_level: 'intermediate',
      });
      const other = await signIn(t.app, 'other');
      const foreign = await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}`,
        headers: { cookie: other.cookie },
        payload: { motivation: 'Hijacked motivation text' },
      });
      expect(foreign.statusCode).toBe(404);
      await review(id, 'approved');
      const late = await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}`,
        headers: { cookie },
        payload: { experience_level: 'advanced' },
      });
      expect(late.statusCode).toBe(409);
    });

    it('answers GET /applications/me with 404 before applying, then the application and its step', async () => {
      const { cookie } = await signIn(t.app, 'jdoe');
      expect((await t.app.inject({ url: '/api/applications/me', headers: { cookie } })).statusCode).toBe(404);
      const { id } = (await apply(cookie)).json();
      const mine = async () => (await t.app.inject({ url: '/api/applications/me', headers: { cookie } })).json();
      expect(await mine()).toMatchObject({ id, status: 'pending', step: 0 });
      await review(id, 'approved');
      expect((await mine()).step).toBe(1);
    });

    it('shows step -1 after a decline', async () => {
      const { cookie } = await signIn(t.app, 'jdoe');
      const { id } = (await apply(cookie)).json();
      await review(id, 'declined', 'Come back next year');
      const mine = (await t.app.inject({ url: '/api/applications/me', headers: { cookie } })).json();
      expect(mine).toMatchObject({ step: -1, status: 'declined', review_notes: 'Come back next year' });
    });
  });

  describe('the board reviewing', () => {
    it('approves a pending application, assigns the active challenges (at most 4, catalog order) once, and audits it', async () => {
      for (const title of ['A', 'B', 'C', 'D', 'E']) await insertChallenge(t.database.db, clock.now(), { title });
      await insertChallenge(t.database.db, clock.now(), { title: 'Off', is_active: false });
      const { cookie, user } = await signIn(t.app, 'jdoe');
      const { id } = (await apply(cookie)).json();
      const answer = await review(id, 'approved', 'Welcome');
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toMatchObject({
        status: 'approved',
        review_notes: 'Welcome',
        reviewed_at: clock.now().toISOString(),
      });
      const assigned = await t.database.db
        .selectFrom('user_challenges')
        .innerJoin('challenges', 'challenges.id', 'user_challenges.challenge_id')
        .select(['challenges.title', 'user_challenges.status'])
        .where('user_id', '=', user.id)
        .orderBy('challenges.id')
        .execute();
      expect(assigned).toEqual(['A', 'B', 'C', 'D'].map((title) => ({ title, status: 'pending' })));
      const audit = await t.database.db
        .selectFrom('audit_logs')
        .selectAll()
        .where('action', '=', 'application.approved')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ entity_id: id, user_name: 'admin' });
      expect(JSON.parse(audit.details!)).toMatchObject({
        before: { status: 'pending' },
        after: { status: 'approved' },
      });
      expect((await review(id, 'approved')).statusCode).toBe(409);
    });

    it('lets exactly one of 20 concurrent reviews win, assigning the challenges once', async () => {
      await insertChallenge(t.database.db, clock.now());
      const { cookie } = await signIn(t.app, 'jdoe');
      const { id } = (await apply(cookie)).json();
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          fetch(`${t.baseUrl}/api/admin/applications/${id}/review`, {
            method: 'PUT',
            headers: { cookie: admin, 'content-type': 'application/json' },
            body: JSON.stringify({ status: i % 2 ? 'approved' : 'declined' }),
          }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19);
      const status = (await t.database.db.selectFrom('applications').select('status').executeTakeFirstOrThrow()).status;
      expect(await count('user_challenges')).toBe(status === 'approved' ? 1 : 0);
      const reviews = await t.database.db
        .selectFrom('audit_logs')
        .select('action')
        .where('action', 'in', ['application.approved', 'application.declined'])
        .execute();
      expect(reviews).toHaveLength(1);
    });

    it('declines an approved application only at step 3 (the final no)', async () => {
      const { cookie, user } = await signIn(t.app, 'jdoe');
      const { id } = (await apply(cookie)).json();
      await review(id, 'approved');
      expect((await review(id, 'declined')).statusCode).toBe(409);
      const at = clock.now().toISOString();
      const event = await t.database.db
        .insertInto('hackathon_events')
        .values({
          name: 'H',
          description: null,
          location: null,
          start_at: '2026-11-01T00:00:00.000Z',
          end_at: '2026-11-02T00:00:00.000Z',
          max_teams: 0,
          created_at: at,
          updated_at: at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('hackathon_registrations')
        .values({
          check_in_code: newCheckInCode(),
          user_id: user.id,
          event_id: event.id,
          status: 'assigned',
          created_at: at,
        })
        .execute();
      const team = await t.database.db
        .insertInto('teams')
        .values({ event_id: event.id, name: 'T', hackathon_xp: null, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow();
      await t.database.db
        .insertInto('team_members')
        .values({ team_id: team.id, event_id: event.id, user_id: user.id, created_at: at })
        .execute();
      const final = await review(id, 'declined', 'Not this time');
      expect(final.statusCode).toBe(200);
      expect(final.json().status).toBe('declined');
      const mine = (await t.app.inject({ url: '/api/applications/me', headers: { cookie } })).json();
      expect(mine.step).toBe(-1);
    });

    it('lists applications newest first with status filter, pagination and totals', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 5; i++) ids.push((await apply((await signIn(t.app, `cand${i}`)).cookie)).json().id);
      await review(ids[0]!, 'approved');
      await review(ids[1]!, 'declined');
      const page = async (query: string) =>
        (await t.app.inject({ url: `/api/admin/applications${query}`, headers: { cookie: admin } })).json();
      const all = await page('?limit=2');
      expect(all.total).toBe(5);
      expect(all.data.map((a: { id: number }) => a.id)).toEqual([ids[4], ids[3]]);
      expect((await page('?limit=2&offset=4')).data.map((a: { id: number }) => a.id)).toEqual([ids[0]]);
      const pending = await page('?status=pending');
      expect(pending.total).toBe(3);
      expect(pending.data[0].user.intra_login).toBe('cand4');
      expect((await page('?status=approved')).data.map((a: { id: number }) => a.id)).toEqual([ids[0]]);
      const bad = await t.app.inject({ url: '/api/admin/applications?status=weird', headers: { cookie: admin } });
      expect(bad.statusCode).toBe(400);
      const one = await t.app.inject({ url: `/api/admin/applications/${ids[2]}`, headers: { cookie: admin } });
      expect(one.json()).toMatchObject({ id: ids[2], user: { intra_login: 'cand2' } });
      expect(
        (await t.app.inject({ url: '/api/admin/applications/999999', headers: { cookie: admin } })).statusCode,
      ).toBe(404);
    });

    it('reviews several pending applications together and reports the ones it skipped', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) ids.push((await apply((await signIn(t.app, `cand${i}`)).cookie)).json().id);
      await review(ids[0]!, 'declined');
      const answer = await t.app.inject({
        method: 'POST',
        url: '/api/admin/applications/bulk-review',
        headers: { cookie: admin },
        payload: { ids: [...ids, 99999], status: 'approved' },
      });
      expect(answer.statusCode).toBe(200);
      expect(answer.json().reviewed).toEqual([ids[1], ids[2]]);
      expect(answer.json().skipped.map((s: { id: number }) => s.id)).toEqual([ids[0], 99999]);
    });
  });

  describe('authorization', () => {
    it('answers 401 to anonymous callers, 403 to applicants on admin routes and 403 BANNED to banned users, before validation', async () => {
      const { cookie, user } = await signIn(t.app, 'jdoe');
      const banned = await signIn(t.app, 'bad');
      await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
      const routes = [
        ['GET', '/api/admin/applications'],
        ['GET', '/api/admin/applications/1'],
        ['PUT', '/api/admin/applications/1/review'],
        ['POST', '/api/admin/applications/bulk-review'],
        ['GET', '/api/admin/applications/export.csv'],
      ] as const;
      await expectGuarded(t.app, routes, { applicant: cookie, banned: banned.cookie });
      expect((await apply('sid=nope')).statusCode).toBe(401);
      expect((await apply(banned.cookie)).json().code).toBe('BANNED');
      expect(user.id).toBeGreaterThan(0);
    });
  });
});

describe('who may apply (ALLOWED_CAMPUSES)', () => {
  /** The stand-in gives each login a campus of its own: jdoe's, and a login from another one. */
  const campusOf = (login: string) => devProfile(login, '').campus[0]!;
  const home = campusOf('jdoe');
  const outsider = Array.from({ length: 40 }, (_, i) => `outsider-${i}`).find(
    (login) => campusOf(login).id !== home.id,
  )!;
  let t: TestApp | undefined;
  let webRoot: string | undefined;
  afterEach(async () => {
    await t?.close();
    if (webRoot) fs.rmSync(webRoot, { recursive: true, force: true });
    t = webRoot = undefined;
  });

  async function start(allowed: string) {
    webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'club-campuses-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><head><title>Club</title></head><div></div>');
    t = await createTestApp({ ALLOWED_CAMPUSES: allowed }, { webRoot });
    return t;
  }
  const apply = (app: TestApp, cookie: string) =>
    app.app.inject({ method: 'POST', url: '/api/applications', headers: { cookie }, payload: form });

  it('refuses a campus not listed with 403 NOT_ELIGIBLE, one sentence naming the campuses that may apply, writing nothing', async () => {
    const app = await start(`Paris, ${home.id}, 999`);
    // jdoe's sign-in teaches the app the name of the campus listed by id.
    await signIn(app.app, 'jdoe');
    const { cookie } = await signIn(app.app, outsider);
    const before = await dumpDatabase(app.database);

    const answer = await apply(app, cookie);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toEqual({
      code: 'NOT_ELIGIBLE',
      error: `Applications are open to students of these campuses: Paris, ${home.name}, campus 999.`,
    });
    const after = await dumpDatabase(app.database);
    expect(after.text === before.text, describeDifference(before, after)).toBe(true);

    // The pages know the same list: the public settings, and the page the server sends.
    const allowed = [
      { id: null, name: 'Paris' },
      { id: home.id, name: home.name },
      { id: 999, name: 'campus 999' },
    ];
    expect((await app.app.inject({ url: '/api/settings/public' })).json().allowed_campuses).toEqual(allowed);
    const page = (await app.app.inject({ url: '/apply' })).body;
    const embedded = JSON.parse(
      page.match(/<script id="public-settings" type="application\/json">(.*?)<\/script>/)![1]!,
    );
    expect(embedded.allowed_campuses).toEqual(allowed);
  });

  it('lets a campus listed by id apply, and names it "campus N" until someone from it signs in', async () => {
    const app = await start(String(home.id));
    expect((await app.app.inject({ url: '/api/settings/public' })).json().allowed_campuses).toEqual([
      { id: home.id, name: `campus ${home.id}` },
    ]);
    const { cookie } = await signIn(app.app, 'jdoe');
    expect((await apply(app, cookie)).statusCode).toBe(201);
  });

  it('lets a campus listed by name apply, whatever the case', async () => {
    const app = await start(`Paris,${home.name.toUpperCase()}`);
    const { cookie } = await signIn(app.app, 'jdoe');
    expect((await apply(app, cookie)).statusCode).toBe(201);
  });

  it('lets every campus apply when the list is empty', async () => {
    const app = await start('');
    expect((await app.app.inject({ url: '/api/settings/public' })).json().allowed_campuses).toEqual([]);
    const { cookie } = await signIn(app.app, outsider);
    expect((await apply(app, cookie)).statusCode).toBe(201);
  });
});
