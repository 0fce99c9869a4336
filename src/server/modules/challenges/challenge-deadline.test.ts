import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { approvedCandidate, insertChallenge, pendingApplicant } from '#test/server/challenges.fixtures';
import { signIn } from '#test/server/sign-in';
import { advanceKeepingSessions, createTestApp, testClock, type TestApp } from '#test/server/test-app';

const DAY = 24 * 3600_000;

/** Deadline extensions and requests for more time (docs/product/communication.md#deadline-extensions). */
describe('challenge deadlines', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let admin: string;

  beforeEach(async () => {
    clock = testClock();
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
    await insertChallenge(t.database.db, clock.now());
  });
  afterEach(() => t.close());

  const advance = (ms: number, ...cookies: string[]) => advanceKeepingSessions(t, clock, ms, [admin, ...cookies]);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, payload });
  const setDeadline = (userId: number, deadline_at: string | null) =>
    call('PUT', `/api/admin/members/${userId}/challenge-deadline`, admin, { deadline_at });
  const askForTime = (cookie: string, reason: unknown) =>
    call('POST', '/api/challenges/deadline-request', cookie, { reason });
  const me = async (cookie: string) => (await call('GET', '/api/challenges/me', cookie)).json();
  const overview = async () => (await call('GET', '/api/admin/overview', admin)).json();
  const inDays = (days: number) => new Date(clock.now().getTime() + days * DAY).toISOString();
  const auditOf = (action: string) =>
    t.database.db.selectFrom('audit_logs').select(['user_name', 'details']).where('action', '=', action).execute();
  const mailsTo = (userId: number) =>
    t.database.db.selectFrom('mail_outbox').select(['kind', 'text_body']).where('user_id', '=', userId).execute();

  it('moves one candidate’s deadline: the DEADLINE_PASSED refusals follow it, audited and emailed', async () => {
    const candidate = await approvedCandidate(t, clock, 'late');
    const [challenge] = candidate.userChallenges;
    await advance(30 * DAY, candidate.cookie);
    expect((await call('POST', `/api/challenges/${challenge!.id}/start`, candidate.cookie)).json().code).toBe(
      'DEADLINE_PASSED',
    );

    const newDeadline = inDays(7);
    const extended = await setDeadline(candidate.userId, newDeadline);
    expect(extended.statusCode).toBe(200);
    expect(extended.json()).toMatchObject({
      deadline_at: newDeadline,
      deadline_passed: false,
      days_remaining: 7,
      deadline_extended: true,
    });
    expect(await me(candidate.cookie)).toMatchObject({ deadline_at: newDeadline, deadline_extended: true });
    expect((await call('POST', `/api/challenges/${challenge!.id}/start`, candidate.cookie)).statusCode).toBe(200);

    const [audit] = await auditOf('application.deadline_changed');
    expect({ ...audit, details: JSON.parse(audit!.details!) }).toMatchObject({
      user_name: 'admin',
      details: { before: { challenge_deadline_at: null }, after: { challenge_deadline_at: newDeadline } },
    });
    const [mail] = await mailsTo(candidate.userId);
    expect(mail).toMatchObject({ kind: 'deadline_changed' });
    expect(mail!.text_body).toContain(
      'The board has set a new deadline for your challenges: Wednesday, 30 December 2026',
    );

    // Null puts the default rule back: review date + 28 days, long passed.
    expect((await setDeadline(candidate.userId, null)).json()).toMatchObject({
      deadline_passed: true,
      deadline_extended: false,
    });
    expect(
      (
        await call('POST', `/api/challenges/${challenge!.id}/exercise/1/submit`, candidate.cookie, {
          tinkercad_link: 'https://www.tinkercad.com/things/abc',
        })
      ).json().code,
    ).toBe('DEADLINE_PASSED');
  });

  it('refuses a deadline in the past (400), an unknown user (404) and a user without an approved application (409)', async () => {
    const candidate = await approvedCandidate(t, clock, 'amy');
    const past = await setDeadline(candidate.userId, inDays(-1));
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      error: 'The new deadline must be in the future.',
      code: 'VALIDATION_FAILED',
      details: [{ path: 'deadline_at' }],
    });
    expect((await setDeadline(candidate.userId, 'next tuesday')).statusCode).toBe(400);
    expect((await setDeadline(999_999, inDays(3))).statusCode).toBe(404);
    const pending = await pendingApplicant(t, clock, 'pat');
    expect((await setDeadline(pending.userId, inDays(3))).statusCode).toBe(409);
    expect(await auditOf('application.deadline_changed')).toEqual([]);
    expect((await me(candidate.cookie)).deadline_extended).toBe(false);
  });

  it('takes one request for more time, past the deadline only, and shows it to the board until answered', async () => {
    const candidate = await approvedCandidate(t, clock, 'slow');
    const early = await askForTime(candidate.cookie, 'I was ill for a week.');
    expect(early.statusCode).toBe(409);
    expect(early.json().error).toBe('Your deadline has not passed: there is still time to finish your challenges.');

    await advance(29 * DAY, candidate.cookie);
    expect((await askForTime(candidate.cookie, '')).statusCode).toBe(400);
    expect((await askForTime(candidate.cookie, 'x'.repeat(501))).statusCode).toBe(400);
    const asked = await askForTime(candidate.cookie, '  I was ill for a week.  ');
    expect(asked.statusCode).toBe(201);
    expect(asked.json().deadline_request).toEqual({
      reason: 'I was ill for a week.',
      requested_at: clock.now().toISOString(),
      answered_at: null,
    });
    const again = await askForTime(candidate.cookie, 'Please.');
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('You have already asked the board for more time.');
    expect(await auditOf('application.deadline_requested')).toHaveLength(1);

    const open = await overview();
    expect(open.pending.deadline_requests).toBe(1);
    expect(open.deadline_requests).toEqual([
      {
        user_id: candidate.userId,
        login: 'slow',
        reason: 'I was ill for a week.',
        requested_at: clock.now().toISOString(),
      },
    ]);

    clock.advance(3600_000);
    await setDeadline(candidate.userId, inDays(5));
    expect((await me(candidate.cookie)).deadline_request).toMatchObject({ answered_at: clock.now().toISOString() });
    expect((await overview()).deadline_requests).toEqual([]);
    expect((await overview()).pending.deadline_requests).toBe(0);
  });

  it('reaches “past the deadline” through messages by the same rule, extensions included', async () => {
    const extended = await approvedCandidate(t, clock, 'ext');
    const late = await approvedCandidate(t, clock, 'late');
    await advance(30 * DAY);
    await setDeadline(extended.userId, inDays(2));
    const sent = await call('POST', '/api/admin/messages', admin, {
      audience: { past_deadline: true },
      subject: 'About your deadline',
      body: 'Write to the board if you need more time.',
    });
    expect(sent.json().recipients).toBe(1);
    const onTime = await call('POST', '/api/admin/messages', admin, {
      audience: { past_deadline: false },
      subject: 'Keep going',
      body: 'Two days left.',
    });
    expect(onTime.json().recipients).toBe(1);
    const inbox = async (userId: number) =>
      (
        await t.database.db
          .selectFrom('message_recipients')
          .innerJoin('messages', 'messages.id', 'message_recipients.message_id')
          .select('messages.subject')
          .where('message_recipients.user_id', '=', userId)
          .execute()
      ).map((row) => row.subject);
    expect(await inbox(late.userId)).toEqual(['About your deadline']);
    expect(await inbox(extended.userId)).toEqual(['Keep going']);
  });

  it('refuses a request from a candidate whose application is not approved (403)', async () => {
    const pending = await pendingApplicant(t, clock, 'newbie');
    expect((await askForTime(pending.cookie, 'More time please.')).statusCode).toBe(403);
  });
});
