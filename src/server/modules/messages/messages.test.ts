import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { approvedCandidate, insertChallenge, pendingApplicant } from '#test/server/challenges.fixtures';
import { NOBODY_MESSAGE } from './messages.service';
import { newCheckInCode } from '../hackathon';

const DAY = 24 * 3600 * 1000;

describe('messages from the board to groups', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let admin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({ ADMIN_LOGINS: 'boss' }, { clock });
    admin = (await signIn(t.app, 'boss')).cookie;
    await insertChallenge(t.database.db, clock.now());
  });
  afterEach(() => t.close());

  const send = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/admin/messages', headers: { cookie: admin }, payload });
  const inbox = async (cookie: string) => (await t.app.inject({ url: '/api/messages/me', headers: { cookie } })).json();
  const mails = () =>
    t.database.db.selectFrom('mail_outbox').select(['user_id', 'subject', 'kind', 'text_body']).orderBy('id').execute();

  it('reaches everyone at a step once, in the app and by email, and tells the board how many', async () => {
    const alice = await pendingApplicant(t, clock, 'alice');
    const bob = await pendingApplicant(t, clock, 'bob');
    const carol = await approvedCandidate(t, clock, 'carol');
    const before = (await mails()).length;

    const sent = await send({
      audience: { step: 0 },
      subject: 'Reviews this week',
      body: 'We review **all** of them.',
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual({ id: expect.any(Number), recipients: 2 });

    const written = (await mails()).slice(before);
    expect(written.map((mail) => mail.user_id).sort()).toEqual([alice.userId, bob.userId].sort());
    expect(written[0]).toMatchObject({ kind: 'board_message', subject: 'Reviews this week' });
    expect(written[0]!.text_body).toContain('We review **all** of them.');

    const aliceInbox = await inbox(alice.cookie);
    expect(aliceInbox).toEqual({
      unread: 1,
      data: [
        {
          id: sent.json().id,
          subject: 'Reviews this week',
          body: 'We review **all** of them.',
          html: '<p>We review <strong>all</strong> of them.</p>\n',
          created_at: clock.now().toISOString(),
          read_at: null,
        },
      ],
    });
    expect(await inbox(carol.cookie)).toEqual({ unread: 0, data: [] });

    const read = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${sent.json().id}/read`,
      headers: { cookie: alice.cookie },
    });
    expect(read.statusCode).toBe(204);
    expect((await inbox(alice.cookie)).unread).toBe(0);
    expect((await inbox(bob.cookie)).unread).toBe(1);
    // Someone else's message is not there to mark.
    const notMine = await t.app.inject({
      method: 'PUT',
      url: `/api/messages/${sent.json().id}/read`,
      headers: { cookie: carol.cookie },
    });
    expect(notMine.statusCode).toBe(404);

    const list = await t.app.inject({ url: '/api/admin/messages', headers: { cookie: admin } });
    expect(list.json()).toEqual({
      total: 1,
      data: [
        {
          id: sent.json().id,
          subject: 'Reviews this week',
          body: 'We review **all** of them.',
          audience: { step: 0 },
          sender_login: 'boss',
          recipients: 2,
          created_at: clock.now().toISOString(),
        },
      ],
    });
  });

  it('picks candidates past their deadline, registrants of a hackathon, or a chosen list, never a banned one', async () => {
    const late = await approvedCandidate(t, clock, 'late');
    const onTime = await approvedCandidate(t, clock, 'ontime');
    // Late: approved 30 days ago (28 allowed); on time: 10.
    for (const [userId, days] of [
      [late.userId, 30],
      [onTime.userId, 10],
    ] as const) {
      await t.database.db
        .updateTable('applications')
        .set({ reviewed_at: new Date(clock.now().getTime() - days * DAY).toISOString() })
        .where('user_id', '=', userId)
        .execute();
    }
    const banned = await approvedCandidate(t, clock, 'banned');
    await t.database.db.updateTable('users').set({ is_banned: true }).where('id', '=', banned.userId).execute();

    const past = await send({
      audience: { past_deadline: true },
      subject: 'Time is up',
      body: 'Ask us for more time.',
    });
    expect(past.json().recipients).toBe(1);
    expect((await inbox(late.cookie)).data).toHaveLength(1);
    const ahead = await send({ audience: { past_deadline: false }, subject: 'Keep going', body: 'You can do it.' });
    expect(ahead.json().recipients).toBe(1);
    expect((await inbox(onTime.cookie)).data[0].subject).toBe('Keep going');

    const { id: eventId } = await t.database.db
      .insertInto('hackathon_events')
      .values({
        name: 'Spring hackathon',
        description: null,
        location: null,
        start_at: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
        end_at: new Date(clock.now().getTime() + 31 * DAY).toISOString(),
        max_teams: 0,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const userId of [onTime.userId, banned.userId]) {
      await t.database.db
        .insertInto('hackathon_registrations')
        .values({
          check_in_code: newCheckInCode(),
          user_id: userId,
          event_id: eventId,
          status: 'pending',
          created_at: clock.now().toISOString(),
        })
        .execute();
    }
    const registrants = await send({
      audience: { event_id: eventId },
      subject: 'Bring a laptop',
      body: 'And a charger.',
    });
    expect(registrants.json().recipients).toBe(1);

    // Criteria add up (everyone at step 1 who is also in the list), each person once.
    const chosen = await send({
      audience: { step: 1, user_ids: [late.userId, late.userId, banned.userId] },
      subject: 'A word',
      body: 'Just you.',
    });
    expect(chosen.json().recipients).toBe(1);
    expect((await inbox(late.cookie)).data.map((message: { subject: string }) => message.subject)).toEqual([
      'A word',
      'Time is up',
    ]);
  });

  it('refuses an audience that names nobody or nothing, and writes nothing', async () => {
    await pendingApplicant(t, clock, 'alice');
    const before = (await mails()).length;
    const nobody = await send({ audience: { step: 4 }, subject: 'Welcome', body: 'Hello.' });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      details: [{ path: 'audience', message: NOBODY_MESSAGE }],
    });
    const nothing = await send({ audience: {}, subject: 'Welcome', body: 'Hello.' });
    expect(nothing.statusCode).toBe(400);
    expect((await send({ audience: { step: 7 }, subject: 'x', body: 'y' })).statusCode).toBe(400);
    expect((await send({ audience: { step: 0 }, subject: ' ', body: 'y' })).statusCode).toBe(400);
    expect(await t.database.db.selectFrom('messages').selectAll().execute()).toEqual([]);
    expect((await mails()).length).toBe(before);
  });

  it('renders what the board typed as Markdown in which no markup nor script link survives', async () => {
    const alice = await pendingApplicant(t, clock, 'alice');
    await send({
      audience: { user_ids: [alice.userId] },
      subject: 'Links',
      body: '<script>alert(1)</script> [click](javascript:alert(1)) [rules](https://club.example.org/rules)',
    });
    const [message] = (await inbox(alice.cookie)).data;
    expect(message.html).not.toContain('<script');
    expect(message.html).toContain('&lt;script&gt;');
    expect(message.html).not.toContain('href="javascript:');
    expect(message.html).toContain('<a href="https://club.example.org/rules">rules</a>');
  });

  it('makes no link to another host without https nor any remote picture, in the app and in the mail', async () => {
    const alice = await pendingApplicant(t, clock, 'alice');
    await send({
      audience: { user_ids: [alice.userId] },
      subject: 'Links',
      body: '[f](//evil.example/x) [g](http://evil.example/y) ![pixel](https://tracker.example/p.gif) [rules](/rules)',
    });
    const [message] = (await inbox(alice.cookie)).data;
    expect(message.html).toBe('<p>f g pixel <a href="/rules">rules</a></p>\n');
    const [mail] = await t.database.db
      .selectFrom('mail_outbox')
      .select('html_body')
      .where('user_id', '=', alice.userId)
      .execute();
    // A mail has no page to be relative to: the app's path is its whole address there.
    expect(mail!.html_body).toContain('f g pixel <a href="http://localhost:3000/rules"');
    expect(mail!.html_body).not.toMatch(/evil\.example|tracker\.example|<img/);
  });
});
