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
