import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { seatAfterHackathon } from '#test/server/journey.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import type { Database } from '../../db/database';
import { EXPORTED, NOT_EXPORTED } from './my-data';

/*
 * A copy of one's data (decisions §15, decision 0165): everything the app holds about the person,
 * nothing that names anyone else, at most one a minute; and every table that references a user
 * is in the copy or named with the reason it is not. On both engines.
 */

/** The tables with a foreign key to users, or a user_id column, found in the database's catalog. */
async function tablesAboutUsers(database: Database): Promise<string[]> {
  const { db, engine } = database;
  const found = new Set<string>();
  if (engine === 'sqlite') {
    const { rows: tables } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(
      db,
    );
    for (const { name } of tables) {
      const { rows: keys } = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${name})`.execute(
        db,
      );
      const { rows: columns } = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      if (keys.some((key) => key.table === 'users') || columns.some((column) => column.name === 'user_id'))
        found.add(name);
    }
  } else {
    const { rows } = await sql<{ name: string }>`
      select conrelid::regclass::text as name from pg_constraint
      where contype = 'f' and confrelid = 'users'::regclass and connamespace = current_schema()::regnamespace
      union
      select table_name as name from information_schema.columns
      where table_schema = current_schema() and column_name = 'user_id'`.execute(db);
    for (const { name } of rows) found.add(name);
  }
  found.delete('users');
  return [...found, 'users'].sort();
}

describe('a copy of my data', () => {
  let t: TestApp;
  const clock = testClock();
  let ada: { cookie: string; id: number };
  let admin: { cookie: string; id: number };
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, payload, headers: { cookie } });

  beforeAll(async () => {
    t = await createTestApp({}, { clock });
    const db = t.database.db;
    const signed = async (login: string) => {
      const { cookie, user } = await signIn(t.app, login);
      return { cookie, id: user.id };
    };
    admin = await signed('admin');
    ada = await signed('ada');
    const ben = await signed('ben');
    await insertChallenge(db, clock.now());
    for (const who of [ada, ben]) {
      const sent = await call('POST', '/api/applications', who.cookie, {
        motivation: `I want to build robots here, says ${who === ada ? 'Ada' : 'Ben'}.`,
        github_profile: who === ada ? 'https://github.com/ada' : null,
        privacy_accepted: true,
      });
      expect(sent.statusCode).toBe(201);
    }
    const application = (
      await db.selectFrom('applications').select('id').where('user_id', '=', ada.id).executeTakeFirstOrThrow()
    ).id;
    expect(
      (
        await call('PUT', `/api/admin/applications/${application}/vote`, admin.cookie, {
          vote: 'yes',
          comment: 'Strong motivation.',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await call('PUT', `/api/admin/applications/${application}/review`, admin.cookie, {
          status: 'approved',
          review_notes: 'Welcome, start with the LED.',
        })
      ).statusCode,
    ).toBe(200);
    await db
      .updateTable('user_challenges')
      .set({
        exercise_1_tinkercad_link: 'https://www.tinkercad.com/things/ada-blink',
        feedback: 'The resistor is missing.',
      })
      .where('user_id', '=', ada.id)
      .execute();
    await seatAfterHackathon(db, clock.now(), ada.id);
  });
  afterAll(() => t.close());

  it('holds every table that references a user, or names why not', async () => {
    const named = [...Object.keys(EXPORTED), ...Object.keys(NOT_EXPORTED)].sort();
    expect(named).toEqual(await tablesAboutUsers(t.database));
    for (const reason of Object.values(NOT_EXPORTED)) expect(reason.length).toBeGreaterThan(20);
  });

  it('answers everything about me as a JSON attachment, with nobody else in it', async () => {
    const answer = await call('GET', '/api/users/me/export', ada.cookie);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.headers['content-disposition']).toBe('attachment; filename="robotics-club-ada-2026-11-23.json"');
    expect(answer.headers['cache-control']).toBe('no-store');
    const data = answer.json();
    expect(data.profile).toMatchObject({ id: ada.id, intra_login: 'ada', last_sign_in_at: expect.any(String) });
    expect(data.profile).not.toHaveProperty('intra_id');
    expect(data.sign_ins.length).toBeGreaterThan(0);
    expect(data.applications).toEqual([
      expect.objectContaining({
        status: 'approved',
        motivation: 'I want to build robots here, says Ada.',
        github_profile: 'https://github.com/ada',
        review_notes: 'Welcome, start with the LED.',
        votes: [expect.objectContaining({ vote: 'yes', comment: 'Strong motivation.' })],
      }),
    ]);
    // Ticked on the form when it was sent.
    expect(data.applications[0].privacy_accepted_at).toBe(data.applications[0].created_at);
    expect(data.applications[0].privacy_accepted_at).toEqual(expect.any(String));
    expect(data.challenges).toEqual([
      expect.objectContaining({
        exercise_links: ['https://www.tinkercad.com/things/ada-blink', null, null, null],
        feedback: 'The resistor is missing.',
      }),
    ]);
    expect(data.hackathons).toEqual([
      expect.objectContaining({
        registration: 'assigned',
        team: expect.objectContaining({ name: `Team of user ${ada.id}` }),
      }),
    ]);
    const actions = data.audit.map((entry: { action: string }) => entry.action);
    expect(actions).toEqual(
      expect.arrayContaining(['application.submitted', 'application.voted', 'application.approved']),
    );
    expect(data.audit.find((entry: { action: string }) => entry.action === 'application.approved')).toMatchObject({
      by_you: false,
    });

    // Nobody else: not the admin who voted and decided, not the other candidate.
    const text = answer.body;
    expect(text).not.toMatch(/"admin"|@admin|\bben\b|\bBen\b/);
    expect(text).not.toMatch(new RegExp(`"(admin_id|reviewed_by|user_id)":\\s*${admin.id}\\b`));
  });

  it('gives one copy a minute (429 with the error shape), then another', async () => {
    const again = await call('GET', '/api/users/me/export', ada.cookie);
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'RATE_LIMITED' });
    clock.advance(61_000);
    expect((await call('GET', '/api/users/me/export', ada.cookie)).statusCode).toBe(200);
  });

  it('is for the signed-in only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/users/me/export' })).statusCode).toBe(401);
  });
});
