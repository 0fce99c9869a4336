import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectGuarded } from '#test/server/guards';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { newCheckInCode } from '../hackathon';

describe('members (admin)', () => {
  let t: TestApp;
  let admin: { cookie: string; user: { id: number } };
  const clock = testClock();

  beforeEach(async () => {
    t = await createTestApp({}, { clock });
    admin = await signIn(t.app, 'admin');
  });
  afterEach(() => t.close());

  const as = (cookie: string) => ({
    get: (url: string) => t.app.inject({ url, headers: { cookie } }),
    put: (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: { cookie }, payload }),
    del: (url: string) => t.app.inject({ method: 'DELETE', url, headers: { cookie } }),
  });
  const rows = (
    table: 'users' | 'sessions' | 'applications' | 'user_challenges' | 'hackathon_registrations' | 'team_members',
  ) => t.database.db.selectFrom(table).selectAll().execute();
  /** The users' audited actions in the order they were written. */
  const userActions = async () =>
    (
      await t.database.db
        .selectFrom('audit_logs')
        .select('action')
        .where('action', 'like', 'user.%')
        .orderBy('id')
        .execute()
    ).map((row) => row.action);

  it('lists users newest first with role filter, search on login and names, pagination and total', async () => {
    for (const login of ['alice', 'bob', 'carol-smith']) await signIn(t.app, login);
    await t.database.db.updateTable('users').set({ role: 'member' }).where('intra_login', '=', 'bob').execute();
    const list = async (query: string) => (await as(admin.cookie).get(`/api/admin/members${query}`)).json();
    const all = await list('?limit=2');
    expect(all.total).toBe(4);
    expect(all.data.map((u: { intra_login: string }) => u.intra_login)).toEqual(['carol-smith', 'bob']);
    expect((await list('?limit=2&offset=2')).data.map((u: { intra_login: string }) => u.intra_login)).toEqual([
      'alice',
      'admin',
    ]);
    expect((await list('?role=member')).data.map((u: { intra_login: string }) => u.intra_login)).toEqual(['bob']);
    expect((await list('?q=SMITH')).data.map((u: { intra_login: string }) => u.intra_login)).toEqual(['carol-smith']);
    expect((await list('?q=%25')).total).toBe(0);
    const item = (await list('?q=alice')).data[0];
    expect(item).not.toHaveProperty('intra_id');
    expect(item).toMatchObject({ is_admin: false, is_banned: false, role: 'student' });
    expect((await as(admin.cookie).get('/api/admin/members?role=king')).statusCode).toBe(400);
    expect((await as(admin.cookie).get('/api/admin/members?limit=101')).statusCode).toBe(400);
  });

  it('shows a user with recent activity, applications and journey', async () => {
    const { cookie, user } = await signIn(t.app, 'jdoe');
    await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { motivation: 'Robots robots robots' },
    });
    const detail = (await as(admin.cookie).get(`/api/admin/members/${user.id}`)).json();
    expect(detail.user.intra_login).toBe('jdoe');
    expect(detail.recent_activity.map((a: { action: string }) => a.action)).toEqual([
      'application.submitted',
      'auth.sign_in',
    ]);
    expect(detail.applications).toMatchObject([{ status: 'pending' }]);
    expect(detail.journey).toEqual({ step: 0, experience_points: 0, challenges_validated: 0, challenges_total: 0 });
    expect((await as(admin.cookie).get('/api/admin/members/99999')).statusCode).toBe(404);
  });

  it('changes the role with an audit entry holding before and after', async () => {
    const { user } = await signIn(t.app, 'jdoe');
    const answer = await as(admin.cookie).put(`/api/admin/members/${user.id}/role`, { role: 'member' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().role).toBe('member');
    const entry = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'user.role_changed')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      entity_type: 'user',
      entity_id: user.id,
      user_id: admin.user.id,
      user_name: 'admin',
    });
    expect(JSON.parse(entry.details!)).toEqual({ before: { role: 'student' }, after: { role: 'member' } });
    const bad = await as(admin.cookie).put(`/api/admin/members/${user.id}/role`, { role: 'overlord' });
    expect(bad.statusCode).toBe(400);
  });

  it('bans a user: every session revoked at once, sign-in refused; unban lets them back', async () => {
    const first = await signIn(t.app, 'jdoe');
    const second = await signIn(t.app, 'jdoe');
    const banned = await as(admin.cookie).put(`/api/admin/members/${first.user.id}/ban`, { is_banned: true });
    expect(banned.json().is_banned).toBe(true);
    expect((await rows('sessions')).filter((s) => s.user_id === first.user.id)).toHaveLength(0);
    for (const cookie of [first.cookie, second.cookie]) {
      expect((await t.app.inject({ url: '/api/users/me', headers: { cookie } })).statusCode).toBe(401);
    }
    await expect(signIn(t.app, 'jdoe')).rejects.toThrow(/403/);
    await as(admin.cookie).put(`/api/admin/members/${first.user.id}/ban`, { is_banned: false });
    expect((await signIn(t.app, 'jdoe')).user.id).toBe(first.user.id);
    expect(await userActions()).toEqual(['user.banned', 'user.unbanned']);
  });

  it('grants and revokes admin', async () => {
    const { user } = await signIn(t.app, 'jdoe');
    expect(
      (await as(admin.cookie).put(`/api/admin/members/${user.id}/admin`, { is_admin: true })).json().is_admin,
    ).toBe(true);
    expect(
      (await as(admin.cookie).put(`/api/admin/members/${user.id}/admin`, { is_admin: false })).json().is_admin,
    ).toBe(false);
  });

  it('never locks the club out: the last admin cannot be banned, demoted or deleted; nobody bans or deletes themself', async () => {
    const self = admin.user.id;
    const refused = [
      await as(admin.cookie).put(`/api/admin/members/${self}/ban`, { is_banned: true }),
      await as(admin.cookie).put(`/api/admin/members/${self}/admin`, { is_admin: false }),
      await as(admin.cookie).del(`/api/admin/members/${self}`),
    ];
    for (const answer of refused) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().code).toBe('CONFLICT');
    }
    const other = await signIn(t.app, 'boss');
    await as(admin.cookie).put(`/api/admin/members/${other.user.id}/admin`, { is_admin: true });
    expect((await as(admin.cookie).put(`/api/admin/members/${self}/ban`, { is_banned: true })).statusCode).toBe(409);
    expect((await as(admin.cookie).del(`/api/admin/members/${self}`)).statusCode).toBe(409);
    expect((await as(admin.cookie).put(`/api/admin/members/${self}/admin`, { is_admin: false })).statusCode).toBe(200);
    const me = (await rows('users')).find((u) => u.id === self)!;
    expect(me.is_admin).toBe(false);
    expect(await userActions()).toEqual(['user.admin_granted', 'user.admin_revoked']);
  });

  it('lets two admins demote each other at once without leaving the club with no admin', async () => {
    const other = await signIn(t.app, 'boss');
    await as(admin.cookie).put(`/api/admin/members/${other.user.id}/admin`, { is_admin: true });
    const answers = await Promise.all([
      fetch(`${t.baseUrl}/api/admin/members/${other.user.id}/admin`, {
        method: 'PUT',
        headers: { cookie: admin.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ is_admin: false }),
      }),
      fetch(`${t.baseUrl}/api/admin/members/${admin.user.id}/admin`, {
        method: 'PUT',
        headers: { cookie: other.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ is_admin: false }),
      }),
    ]);
    const admins = (await rows('users')).filter((u) => u.is_admin && !u.is_banned);
    expect(admins.length).toBeGreaterThanOrEqual(1);
    expect(answers.map((a) => a.status).sort()).toContain(200);
  });

  it('deletes a user as decisions §15 erases one: sessions and names go; application, challenges, registration and seat stay, under "deleted user"', async () => {
    const challenge = await insertChallenge(t.database.db, clock.now());
    const { cookie, user } = await signIn(t.app, 'jdoe');
    const application = (
      await t.app.inject({
        method: 'POST',
        url: '/api/applications',
        headers: { cookie },
        payload: { motivation: 'Robots robots robots' },
      })
    ).json();
    await as(admin.cookie).put(`/api/admin/applications/${application.id}/review`, { status: 'approved' });
    const at = clock.now().toISOString();
    const event = await t.database.db
      .insertInto('hackathon_events')
      .values({
        name: 'H',
        description: null,
        location: null,
        start_at: at,
        end_at: '2027-01-01T00:00:00.000Z',
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

    const answer = await as(admin.cookie).del(`/api/admin/members/${user.id}`);
    expect(answer.statusCode).toBe(204);
    // Sorted: PostgreSQL returns the rows in no set order, and the erased one was written last.
    expect((await rows('users')).map((u) => u.intra_login).sort()).toEqual(['admin', `deleted-${user.id}`]);
    expect((await rows('sessions')).filter((row) => row.user_id === user.id)).toHaveLength(0);
    for (const table of ['applications', 'user_challenges', 'hackathon_registrations', 'team_members'] as const) {
      expect(
        (await rows(table)).filter((row) => 'user_id' in row && row.user_id === user.id),
        table,
      ).toHaveLength(1);
    }
    expect(
      await t.database.db.selectFrom('challenges').select('id').where('id', '=', challenge.id).execute(),
    ).toHaveLength(1);
    const history = await t.database.db.selectFrom('audit_logs').selectAll().where('user_id', '=', user.id).execute();
    expect(history.length).toBeGreaterThan(0);
    expect(history.every((entry) => entry.user_name === null)).toBe(true);
    const erasure = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'user.erased')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(erasure.details!)).toEqual({ by: 'admin' });
    expect((await as(admin.cookie).del(`/api/admin/members/${user.id}`)).statusCode).toBe(404);
  });

  it('refuses anonymous (401), applicants (403) and banned users (403 BANNED) on every members route, before validation', async () => {
    const applicant = await signIn(t.app, 'jdoe');
    const banned = await signIn(t.app, 'bad');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    const routes = [
      ['GET', '/api/admin/members'],
      ['GET', '/api/admin/members/1'],
      ['PUT', '/api/admin/members/1/role'],
      ['PUT', '/api/admin/members/1/ban'],
      ['PUT', '/api/admin/members/1/admin'],
      ['DELETE', '/api/admin/members/1'],
      ['GET', '/api/admin/audit-logs'],
    ] as const;
    await expectGuarded(t.app, routes, { applicant: applicant.cookie, banned: banned.cookie });
    expect((await rows('users')).find((u) => u.id === applicant.user.id)!.role).toBe('student');
  });
});

describe('audit logs (admin)', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  it('lists newest first, 50 a page by default, with action substring and exact entity filters', async () => {
    for (let i = 0; i < 55; i++) await signIn(t.app, `user${i}`);
    const list = async (query = '') =>
      (await t.app.inject({ url: `/api/admin/audit-logs${query}`, headers: { cookie: admin } })).json();
    const first = await list();
    expect(first.total).toBe(56);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]).toMatchObject({
      action: 'auth.sign_in',
      entity_type: 'user',
      user_name: 'user54',
      details: null,
    });
    expect(first.data[0].id).toBeGreaterThan(first.data[1].id);
    expect((await list('?offset=50')).data).toHaveLength(6);
    expect((await list('?action=SIGN_')).total).toBe(56);
    expect((await list('?action=sign_out')).total).toBe(0);
    expect((await list('?entity_type=user')).total).toBe(56);
    expect((await list('?entity_type=use')).total).toBe(0);
    expect((await list('?action=%25')).total).toBe(0);
  });
});
