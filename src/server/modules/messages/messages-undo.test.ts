import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS } from '../../../contract/constants';
import { pendingApplicant } from '#test/server/challenges.fixtures';
import { describeDifference, dumpDatabase } from '#test/server/db-snapshot';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { HOLD_MS } from '../../undo-hold';

/**
 * A message to a group is no longer one click away from every inbox (decision 0145): the board
 * reads how many it reaches before sending, and its emails wait out the undo window, as a
 * decision's do (decision 0119), so an Undo takes it back before anything leaves.
 */
describe('counting and undoing a message to a group', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let ada: string;
  let bob: string;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({ ADMIN_LOGINS: 'ada,bob' }, { clock });
    ada = (await signIn(t.app, 'ada')).cookie;
    bob = (await signIn(t.app, 'bob')).cookie;
  });
  afterEach(() => t.close());

  const post = (cookie: string, url: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const message = { audience: { step: 0 }, subject: 'Reviews this week', body: 'We read every one.' };
  const mails = () =>
    t.database.db.selectFrom('mail_outbox').select(['user_id', 'kind', 'next_attempt_at']).orderBy('id').execute();
  const inbox = async (cookie: string) => (await t.app.inject({ url: '/api/messages/me', headers: { cookie } })).json();

  it('counts the people an audience names before sending, as sending then counts them', async () => {
    await pendingApplicant(t, clock, 'alice');
    await pendingApplicant(t, clock, 'omar');
    const before = await dumpDatabase(t.database);
    const count = await post(ada, '/api/admin/messages/preview', { audience: { step: 0 } });
    expect(count.statusCode).toBe(200);
    expect(count.json()).toEqual({ recipients: 2 });
    expect((await post(ada, '/api/admin/messages/preview', { audience: { step: 4 } })).json()).toEqual({
      recipients: 0,
    });
    const none = await post(ada, '/api/admin/messages/preview', { audience: {} });
    expect(none.statusCode).toBe(400);
    expect(describeDifference(before, await dumpDatabase(t.database))).toBe('');
    expect((await post(ada, '/api/admin/messages', message)).json().recipients).toBe(2);
  });

  it('holds the emails through the undo window; an Undo within it takes the message back from everywhere, audited', async () => {
    const alice = await pendingApplicant(t, clock, 'alice');
    const sentAt = clock.now();
    const sent = await post(ada, '/api/admin/messages', message);
    expect(sent.statusCode).toBe(201);
    const heldUntil = new Date(sentAt.getTime() + HOLD_MS).toISOString();
    expect(await mails()).toEqual([{ user_id: alice.userId, kind: 'board_message', next_attempt_at: heldUntil }]);
    expect((await inbox(alice.cookie)).unread).toBe(1);

    clock.advance(UNDO_WINDOW_MS - 1000);
    // Only its sender takes it back.
    const byOther = await post(bob, `/api/admin/messages/${sent.json().id}/undo`);
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().error).toBe('Only the admin who sent a message can undo it.');
    const undone = await post(ada, `/api/admin/messages/${sent.json().id}/undo`);
    expect(undone.statusCode).toBe(204);
    expect(await mails()).toEqual([]);
    expect(await inbox(alice.cookie)).toEqual({ data: [], unread: 0 });
    expect((await t.app.inject({ url: '/api/admin/messages', headers: { cookie: ada } })).json().total).toBe(0);
    const entry = await t.database.db
      .selectFrom('audit_logs')
      .select(['entity_id', 'user_name', 'details'])
      .where('action', '=', 'message.undone')
      .executeTakeFirstOrThrow();
    expect({ ...entry, details: JSON.parse(entry.details!) }).toEqual({
      entity_id: sent.json().id,
      user_name: 'ada',
      details: { before: { subject: 'Reviews this week', audience: { step: 0 }, recipients: 1 } },
    });
    expect((await post(ada, `/api/admin/messages/${sent.json().id}/undo`)).statusCode).toBe(404);
  });

  it('refuses an Undo after the window: the message stays and its email leaves', async () => {
    const alice = await pendingApplicant(t, clock, 'alice');
    const sent = await post(ada, '/api/admin/messages', message);
    clock.advance(UNDO_WINDOW_MS + 1);
    const before = await dumpDatabase(t.database);
    const late = await post(ada, `/api/admin/messages/${sent.json().id}/undo`);
    expect(late.statusCode).toBe(409);
    expect(late.json().error).toBe('The time to undo this message has passed: it has gone out.');
    expect(describeDifference(before, await dumpDatabase(t.database))).toBe('');
    expect(await mails()).toHaveLength(1);
    expect((await inbox(alice.cookie)).unread).toBe(1);
  });
});
