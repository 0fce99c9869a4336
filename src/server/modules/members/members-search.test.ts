import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';

describe('members search pages', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = (await signIn(t.app, 'admin')).cookie;
    for (const login of ['robo-one', 'robo-two', 'robo-three', 'other']) await signIn(t.app, login);
  });
  afterEach(() => t.close());

  const list = async (query: string) =>
    (await t.app.inject({ url: `/api/admin/members${query}`, headers: { cookie: admin } })).json();

  it('pages a search newest first with the total of every match', async () => {
    const first = await list('?q=ROBO&limit=2');
    expect(first.total).toBe(3);
    expect(first.data.map((u: { intra_login: string }) => u.intra_login)).toEqual(['robo-three', 'robo-two']);
    expect(first.data[0]).not.toHaveProperty('matching');
    const second = await list('?q=robo&limit=2&offset=2');
    expect(second).toMatchObject({ total: 3, data: [{ intra_login: 'robo-one' }] });
  });

  it('answers the total of a search even past its last page', async () => {
    expect(await list('?q=robo&offset=10')).toEqual({ data: [], total: 3 });
    expect(await list('?q=robo&role=member')).toEqual({ data: [], total: 0 });
  });
});

describe('members filters', () => {
  let t: TestApp;
  let admin: string;
  beforeEach(async () => {
    t = await createTestApp();
    admin = (await signIn(t.app, 'admin')).cookie;
    for (let i = 0; i < 24; i++) await signIn(t.app, `student-${i}`);
    const users = t.database.db.updateTable('users');
    // Banned long ago: the oldest users, never on the first page of newest first.
    await users.set({ is_banned: true }).where('intra_login', 'in', ['student-0', 'student-1']).execute();
    await users.set({ role: 'member' }).where('intra_login', 'in', ['student-1', 'student-5', 'student-6']).execute();
    await users.set({ role: 'board' }).where('intra_login', '=', 'student-7').execute();
  });
  afterEach(() => t.close());

  const list = async (query: string) => {
    const answer = await t.app.inject({ url: `/api/admin/members${query}`, headers: { cookie: admin } });
    expect(answer.statusCode, query).toBe(200);
    const body = answer.json();
    return { total: body.total, logins: body.data.map((u: { intra_login: string }) => u.intra_login) };
  };

  it('filters banned users in the query, with the total of every match (docs/product/screens.md#users-page)', async () => {
    expect(await list('?banned=true')).toEqual({ total: 2, logins: ['student-1', 'student-0'] });
    const notBanned = await list('?banned=false&limit=20');
    expect(notBanned.total).toBe(23);
    expect(notBanned.logins).toHaveLength(20);
    expect(notBanned.logins).not.toContain('student-0');
    expect((await list('?banned=false&offset=20')).logins).toEqual(['student-3', 'student-2', 'admin']);
    expect(await list('?banned=true&q=STUDENT-1')).toEqual({ total: 1, logins: ['student-1'] });
    const bad = await t.app.inject({ url: '/api/admin/members?banned=maybe', headers: { cookie: admin } });
    expect(bad.statusCode).toBe(400);
  });

  it('filters by every role, student included, and combines role and banned', async () => {
    expect((await list('?role=student')).total).toBe(21);
    expect((await list('?role=student&limit=100')).logins).not.toContain('student-5');
    expect(await list('?role=member')).toEqual({ total: 3, logins: ['student-6', 'student-5', 'student-1'] });
    expect(await list('?role=board')).toEqual({ total: 1, logins: ['student-7'] });
    expect(await list('?role=member&banned=true')).toEqual({ total: 1, logins: ['student-1'] });
    expect(await list('?role=student&banned=true')).toEqual({ total: 1, logins: ['student-0'] });
  });
});
