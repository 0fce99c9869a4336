import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dumpDatabase } from '#test/server/db-snapshot';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { seatAfterHackathon } from '#test/server/journey.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, type TestApp } from '#test/server/test-app';

/*
 * The erasure of an account (decisions §15, decision 0166), by its owner or by an admin's Delete:
 * the sessions end, nothing in any table names the person or holds what they wrote, the club's
 * records (decisions, XP, seats, audit entries) stay under "deleted user", the next sign-in makes a
 * new account, and the club keeps an admin. On both engines.
 */

describe('erasing an account', () => {
  let t: TestApp;
  let admin: { cookie: string; id: number };
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie?: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: cookie ? { cookie } : {} });
  const signed = async (login: string) => {
    const { cookie, user } = await signIn(t.app, login);
    return { cookie, id: user.id };
  };

  /** A candidate taken through the journey: applied, voted on, approved with a note, a link, a seat, a message. */
  async function candidate(login: string) {
    const who = await signed(login);
    const sent = await call('POST', '/api/applications', who.cookie, {
      motivation: `Motivation written by ${login}: robots all day.`,
      github_profile: `https://github.com/${login}`,
    });
    expect(sent.statusCode).toBe(201);
    const application = sent.json().id as number;
    expect(
      (
        await call('PUT', `/api/admin/applications/${application}/vote`, admin.cookie, {
          vote: 'yes',
          comment: `Good, ${login}.`,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/api/admin/applications/${application}/review`, admin.cookie, {
          status: 'approved',
          review_notes: `Welcome aboard, ${login}.`,
        })
      ).statusCode,
    ).toBe(200);
    await t.database.db
      .updateTable('user_challenges')
      .set({
        exercise_1_tinkercad_link: `https://www.tinkercad.com/things/${login}`,
        feedback: `Nice wiring, ${login}.`,
      })
      .where('user_id', '=', who.id)
      .execute();
    await t.database.db.updateTable('users').set({ experience_points: 120 }).where('id', '=', who.id).execute();
    await seatAfterHackathon(t.database.db, new Date(), who.id);
    return { ...who, application };
  }

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signed('admin');
    await insertChallenge(t.database.db, new Date());
  });
  afterAll(() => t.close());

  it('refuses a confirmation that is not the login (400, the error shape), changing nothing', async () => {
    const who = await signed('zqwrong');
    const before = await dumpDatabase(t.database);
    for (const confirm of ['zqwron', 'ZQWRONG', '']) {
      const answer = await call('DELETE', '/api/users/me', who.cookie, { confirm });
      expect(answer.statusCode, confirm).toBe(400);
      expect(answer.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'confirm' }] });
    }
    expect((await call('DELETE', '/api/users/me', who.cookie, {})).statusCode).toBe(400);
    expect((await dumpDatabase(t.database)).text).toBe(before.text);
  });

  it('erases one’s own account: no trace of the person in any table, the records kept, a new account at the next sign-in', async () => {
    const zed = await candidate('zqzedka');
    const answer = await call('DELETE', '/api/users/me', zed.cookie, { confirm: 'zqzedka' });
    expect(answer.statusCode).toBe(204);
    expect(String(answer.headers['set-cookie'])).toMatch(/(^|,)sid=;/);

    // The session has ended.
    expect((await call('GET', '/api/users/me', zed.cookie)).statusCode).toBe(401);

    // No trace of the login, the names, the email or anything the person wrote, in any table.
    const text = (await dumpDatabase(t.database)).text.toLowerCase();
    expect(text).not.toContain('zqzedka');
    expect(text).not.toContain('robots all day');

    // The records stay: the decision, the XP, the challenge's state, the seat, the audit entries.
    const db = t.database.db;
    const user = await db.selectFrom('users').selectAll().where('id', '=', zed.id).executeTakeFirstOrThrow();
    expect(user).toMatchObject({
      intra_login: `deleted-${zed.id}`,
      email: null,
      first_name: null,
      last_name: null,
      image_url: null,
      experience_points: 120,
    });
    expect(user.erased_at).not.toBeNull();
    expect(
      await db.selectFrom('applications').select('status').where('id', '=', zed.application).executeTakeFirst(),
    ).toEqual({
      status: 'approved',
    });
    expect(await db.selectFrom('team_members').select('user_id').where('user_id', '=', zed.id).execute()).toHaveLength(
      1,
    );
    expect(
      await db.selectFrom('user_challenges').select('status').where('user_id', '=', zed.id).execute(),
    ).toHaveLength(1);
    const entries = await db.selectFrom('audit_logs').selectAll().where('user_id', '=', zed.id).execute();
    expect(entries.length).toBeGreaterThan(1);
    expect(entries.every((entry) => entry.user_name === null)).toBe(true);
    const erased = entries.find((entry) => entry.action === 'user.erased')!;
    expect(JSON.parse(erased.details!)).toEqual({ by: 'self' });
    expect(
      await db.selectFrom('audit_logs').select('id').where('action', '=', 'application.approved').execute(),
    ).not.toHaveLength(0);

    // The same 42 account signs in again: a new account, with nothing of the old one.
    const again = await signed('zqzedka');
    expect(again.id).not.toBe(zed.id);
    expect((await call('GET', '/api/applications/me', again.cookie)).statusCode).toBe(404);
  });

  it('is what an admin’s Delete does; a second Delete is 404; nobody deletes themself there', async () => {
    const yan = await candidate('zqyanto');
    expect((await call('DELETE', `/api/admin/members/${yan.id}`, admin.cookie)).statusCode).toBe(204);
    expect((await call('GET', '/api/users/me', yan.cookie)).statusCode).toBe(401);
    expect((await dumpDatabase(t.database)).text.toLowerCase()).not.toContain('zqyanto');
    const erased = await t.database.db
      .selectFrom('audit_logs')
      .selectAll()
      .where('action', '=', 'user.erased')
      .where('entity_id', '=', yan.id)
      .executeTakeFirstOrThrow();
    expect(erased).toMatchObject({ user_id: admin.id, user_name: 'admin' });
    expect(JSON.parse(erased.details!)).toEqual({ by: 'admin' });
    expect((await call('DELETE', `/api/admin/members/${yan.id}`, admin.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/admin/members/${admin.id}`, admin.cookie)).statusCode).toBe(409);
  });

  it('never erases the last admin (409); an admin among two may go', async () => {
    const alone = await call('DELETE', '/api/users/me', admin.cookie, { confirm: 'admin' });
    expect(alone.statusCode).toBe(409);
    expect(alone.json()).toMatchObject({ code: 'CONFLICT' });
    expect((await call('GET', '/api/users/me', admin.cookie)).statusCode).toBe(200);

    const second = await signed('zqsecond');
    expect(
      (await call('PUT', `/api/admin/members/${second.id}/admin`, admin.cookie, { is_admin: true })).statusCode,
    ).toBe(200);
    expect((await call('DELETE', '/api/users/me', second.cookie, { confirm: 'zqsecond' })).statusCode).toBe(204);
    expect((await call('DELETE', '/api/users/me', admin.cookie, { confirm: 'admin' })).statusCode).toBe(409);
  });

  it('is for the signed-in only', async () => {
    expect((await call('DELETE', '/api/users/me', undefined, { confirm: 'anyone' })).statusCode).toBe(401);
  });
});
