import { afterEach, describe, expect, it } from 'vitest';
import { CROSS_PROCESS_STAMP_MS, openDatabase } from '../../db/database';
import type { SignedInUser } from '../../db/schema';
import { runsOnEngine } from '#test/server/required-service';
import { signIn } from '#test/server/sign-in';
import { createTestApp, createTestApps, createTestDatabase, testEngine, type TestApp } from '#test/server/test-app';
import { TRUST_MS, watchChangeStamp, type UserChanges } from '../../db/user-changes';
import { memoizeSessions, type SessionMemo } from './session-memo';
import type { SessionUser } from './sessions.repository';
import { insertOauthState } from './sign-in-states.repository';

const aState = {
  stateHash: 'a-state-hash',
  createdAt: '2026-11-23T10:00:00.000Z',
  expiresAt: '2026-11-23T10:10:00.000Z',
  caller: { address: '127.0.0.1', visitor: null },
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('memoizeSessions', () => {
  const known: SessionUser = {
    session_id: 1,
    expires_at_ms: Date.parse('2026-12-07T10:00:00.000Z'),
    user: { id: 7 } as SignedInUser,
  };
  const other: SessionUser = {
    session_id: 2,
    expires_at_ms: Date.parse('2026-12-07T10:00:00.000Z'),
    user: { id: 8 } as SignedInUser,
  };

  /** A loader that knows the token hashes 'a' (user 7) and 'b' (user 8), and records every call. */
  function loader(onLoad = () => {}) {
    const calls: string[] = [];
    return {
      calls,
      load: async (token: string) => {
        calls.push(token);
        onLoad();
        return token === 'a' ? known : token === 'b' ? other : undefined;
      },
    };
  }
  const find = (memo: SessionMemo, token: string) => memo.known(token) ?? memo.load(token);

  /** The watch of PostgreSQL, played by hand: trusted or not, and the changes it would tell. */
  function notifications() {
    const state = { trusted: true, changes: undefined as unknown as UserChanges };
    const watch = (changes: UserChanges) => {
      state.changes = changes;
      return { trusted: () => state.trusted, close: async () => {} };
    };
    return { state, watch };
  }

  describe('on a change stamp (SQLite)', () => {
    it('loads a session once while the stamp stays, and again once it moves', async () => {
      let stamp = '1.0';
      const { calls, load } = loader();
      const memo = memoizeSessions(load, (changes) => watchChangeStamp(() => stamp, changes));
      expect(await find(memo, 'a')).toBe(known);
      expect(await find(memo, 'a')).toBe(known);
      expect(calls).toEqual(['a']);
      stamp = '1.1';
      expect(await find(memo, 'a')).toBe(known);
      expect(calls).toEqual(['a', 'a']);
    });

    it('keeps no unknown token', async () => {
      const { calls, load } = loader();
      const memo = memoizeSessions(load, (changes) => watchChangeStamp(() => '1.0', changes));
      expect(await find(memo, 'made-up')).toBeUndefined();
      expect(await find(memo, 'made-up')).toBeUndefined();
      expect(calls).toEqual(['made-up', 'made-up']);
    });

    it('does not serve what was loaded while the stamp moved', async () => {
      let stamp = '1.0';
      // A write lands while the load waits (a ban committing meanwhile, say).
      const { calls, load } = loader(() => (stamp = '1.1'));
      const memo = memoizeSessions(load, (changes) => watchChangeStamp(() => stamp, changes));
      await find(memo, 'a');
      await find(memo, 'a');
      expect(calls).toEqual(['a', 'a']);
    });
  });

  describe('on notifications (PostgreSQL)', () => {
    it('serves what it loaded until told that the user changed, and forgets only that user', async () => {
      const { calls, load } = loader();
      const { state, watch } = notifications();
      const memo = memoizeSessions(load, watch);
      await find(memo, 'a');
      await find(memo, 'b');
      expect(await find(memo, 'a')).toBe(known);
      expect(await find(memo, 'b')).toBe(other);
      expect(calls).toEqual(['a', 'b']);
      state.changes.userChanged(known.user.id);
      await find(memo, 'a');
      await find(memo, 'b');
      expect(calls).toEqual(['a', 'b', 'a']);
      state.changes.allChanged();
      await find(memo, 'a');
      await find(memo, 'b');
      expect(calls).toEqual(['a', 'b', 'a', 'a', 'b']);
    });

    it('asks on every call and keeps nothing while the notifications are not trusted', async () => {
      const { calls, load } = loader();
      const { state, watch } = notifications();
      const memo = memoizeSessions(load, watch);
      state.trusted = false;
      await find(memo, 'a');
      await find(memo, 'a');
      expect(calls).toEqual(['a', 'a']);
      // What was loaded while untrusted is not served once trusted again.
      state.trusted = true;
      await find(memo, 'a');
      await find(memo, 'a');
      expect(calls).toEqual(['a', 'a', 'a']);
      // Nor is what was kept before, while the notifications are untrusted.
      state.trusted = false;
      await find(memo, 'a');
      expect(calls).toEqual(['a', 'a', 'a', 'a']);
    });

    it('does not keep a load during which any change was told', async () => {
      const { state, watch } = notifications();
      // Told of another user while the load waits: the answer may still predate a change.
      const { calls, load } = loader(() => state.changes.userChanged(other.user.id));
      const memo = memoizeSessions(load, watch);
      await find(memo, 'a');
      await find(memo, 'a');
      expect(calls).toEqual(['a', 'a']);
    });

    it('keeps at most 10,000 sessions, forgetting the oldest first', async () => {
      const { watch } = notifications();
      const calls: string[] = [];
      const memo = memoizeSessions(async (token) => {
        calls.push(token);
        return { ...known, user: { id: Number(token) } as SignedInUser };
      }, watch);
      for (let i = 0; i <= 10_000; i++) await find(memo, String(i));
      expect(memo.known('0')).toBeUndefined();
      expect(memo.known('1')).toBeDefined();
      expect(memo.known('10000')).toBeDefined();
    });
  });
});

describe.runIf(runsOnEngine('sqlite', 'The SQLite change stamp'))('the SQLite change stamp', () => {
  it('moves on a write of this connection, not on a read', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const before = database.changeStamp!();
      await database.db.selectFrom('users').selectAll().execute();
      expect(database.changeStamp!()).toBe(before);
      await database.db.deleteFrom('sessions').execute();
      expect(database.changeStamp!()).not.toBe(before);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('stays put on a write of this connection that touches neither users nor sessions', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const before = database.changeStamp!();
      await insertOauthState(database.db, aState);
      expect(database.changeStamp!()).toBe(before);
      await database.db.updateTable('users').set({ level: 3 }).where('id', '=', 1).execute();
      expect(database.changeStamp!()).not.toBe(before);
    } finally {
      await database.close();
      await drop();
    }
  });

  it('moves within CROSS_PROCESS_STAMP_MS of a commit by another connection', async () => {
    const { database, config, drop } = await createTestDatabase({ inFile: true });
    const other = openDatabase(config);
    try {
      const before = database.changeStamp!();
      await insertOauthState(other.db, aState);
      await sleep(CROSS_PROCESS_STAMP_MS + 1);
      expect(database.changeStamp!()).not.toBe(before);
    } finally {
      await other.close();
      await database.close();
      await drop();
    }
  });
});

/**
 * How soon another server's commit counts here: within CROSS_PROCESS_STAMP_MS on SQLite (decision
 * 0103), within TRUST_MS on PostgreSQL (decision 0104; usually a millisecond or two).
 */
const OTHER_PROCESS_SEEN_MS = testEngine === 'sqlite' ? CROSS_PROCESS_STAMP_MS + 1 : TRUST_MS;

describe('sessions seen through the memo', () => {
  let single: TestApp | undefined;
  let group: Awaited<ReturnType<typeof createTestApps>> | undefined;
  afterEach(async () => {
    await single?.close();
    await group?.close();
    single = group = undefined;
  });

  const me = (t: TestApp, cookie: string) => t.app.inject({ url: '/api/users/me', headers: { cookie } });
  const ban = (t: TestApp, adminCookie: string, userId: number) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${userId}/ban`,
      headers: { cookie: adminCookie },
      payload: { is_banned: true },
    });

  it('refuses a user banned on this server from the very next request', async () => {
    single = await createTestApp({ ADMIN_LOGINS: 'boss' });
    const student = await signIn(single.app, 'student');
    const boss = await signIn(single.app, 'boss');
    expect((await me(single, student.cookie)).statusCode).toBe(200);
    expect((await me(single, student.cookie)).statusCode).toBe(200);
    expect((await ban(single, boss.cookie, student.user.id)).statusCode).toBe(200);
    // A ban revokes every session of the user.
    expect((await me(single, student.cookie)).statusCode).toBe(401);
  });

  it('refuses a user banned through another server on the same database from its next request', async () => {
    group = await createTestApps(2, { ADMIN_LOGINS: 'boss' });
    const [first, second] = group.apps as [TestApp, TestApp];
    const student = await signIn(first.app, 'student');
    const boss = await signIn(second.app, 'boss');
    expect((await me(first, student.cookie)).statusCode).toBe(200);
    expect((await me(first, student.cookie)).statusCode).toBe(200);
    expect((await ban(second, boss.cookie, student.user.id)).statusCode).toBe(200);
    await sleep(OTHER_PROCESS_SEEN_MS);
    expect((await me(first, student.cookie)).statusCode).toBe(401);
  });

  it("answers a user's new role from the next call after a change on another server (the JSON kept beside the memo goes with it)", async () => {
    group = await createTestApps(2, { ADMIN_LOGINS: 'boss' });
    const [first, second] = group.apps as [TestApp, TestApp];
    const student = await signIn(first.app, 'student');
    const before = await me(first, student.cookie);
    expect(before.json()).toMatchObject({ id: student.user.id, role: 'student' });
    expect((await me(first, student.cookie)).body).toBe(before.body);
    const boss = await signIn(second.app, 'boss');
    const promoted = await second.app.inject({
      method: 'PUT',
      url: `/api/admin/members/${student.user.id}/role`,
      headers: { cookie: boss.cookie },
      payload: { role: 'member' },
    });
    expect(promoted.statusCode).toBe(200);
    await sleep(OTHER_PROCESS_SEEN_MS);
    const after = await me(first, student.cookie);
    expect(after.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(after.json()).toEqual({ ...before.json(), role: 'member' });
  });

  it('signs a session out on another server: the old cookie is refused here next', async () => {
    group = await createTestApps(2);
    const [first, second] = group.apps as [TestApp, TestApp];
    const student = await signIn(first.app, 'student');
    expect((await me(first, student.cookie)).statusCode).toBe(200);
    expect((await me(second, student.cookie)).statusCode).toBe(200);
    const logout = await second.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: student.cookie },
    });
    expect(logout.statusCode).toBe(204);
    await sleep(OTHER_PROCESS_SEEN_MS);
    expect((await me(first, student.cookie)).statusCode).toBe(401);
  });
});
