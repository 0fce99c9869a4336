import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UNDO_WINDOW_MS } from '../../../contract/constants';
import { insertChallenge, pendingApplicant } from '#test/server/challenges.fixtures';
import { seatAfterHackathon } from '#test/server/journey.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { HOLD_MS } from '../../undo-hold';

/** The Undo after a decision (decision 0119): the decision taken back, its mail and webhooks never sent. */
describe('undoing a decision', () => {
  let t: TestApp;
  const clock = testClock();
  const cookies: Record<string, string> = {};

  beforeEach(async () => {
    t = await createTestApp({ ADMIN_LOGINS: 'ada,bob' }, { clock });
    for (const login of ['ada', 'bob']) cookies[login] = (await signIn(t.app, login)).cookie;
    await insertChallenge(t.database.db, clock.now());
    const at = clock.now().toISOString();
    // A board webhook for decisions, so that their deliveries are held and withdrawn too.
    await t.database.db
      .insertInto('webhooks')
      .values({
        url: 'https://chat.example.org/hook',
        events: JSON.stringify(['application.decided']),
        format: 'json',
        secret: 'a-secret-long-enough-for-signing',
        created_by: null,
        created_at: at,
      })
      .execute();
  });
  afterEach(() => t.close());

  const db = () => t.database.db;
  async function applicant(login: string) {
    const { userId } = await pendingApplicant(t, clock, login);
    const { id } = await db()
      .selectFrom('applications')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return { id, userId };
  }
  const review = (admin: string, id: number, status: 'approved' | 'declined', review_notes?: string) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${id}/review`,
      headers: { cookie: cookies[admin] },
      payload: { status, review_notes },
    });
  const undo = (admin: string, id: number) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/applications/${id}/review/undo`,
      headers: { cookie: cookies[admin] },
    });
  const application = (id: number) =>
    db()
      .selectFrom('applications')
      .select(['status', 'review_notes', 'reviewed_at', 'reviewed_by'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const mailsTo = (userId: number) =>
    db()
      .selectFrom('mail_outbox')
      .select(['kind', 'next_attempt_at'])
      .where('user_id', '=', userId)
      // PostgreSQL returns rows in no set order: a row written again may come back first.
      .orderBy('id')
      .execute();
  const deliveries = () =>
    db().selectFrom('webhook_deliveries').select(['event', 'next_attempt_at']).orderBy('id').execute();
  const adminId = async (login: string) =>
    (await db().selectFrom('users').select('id').where('intra_login', '=', login).executeTakeFirstOrThrow()).id;

  it('undoes from a record of its own, not from the audit entry, and only once', async () => {
    const { id } = await applicant('jdoe');
    expect((await review('ada', id, 'declined', 'Not this time')).statusCode).toBe(200);
    // The audit log is for people to read: what it says of the decision is not what an undo restores.
    await db().updateTable('audit_logs').set({ details: null }).where('action', '=', 'application.declined').execute();
    clock.advance(1000);
    expect((await undo('ada', id)).statusCode).toBe(200);
    expect(await application(id)).toEqual({
      status: 'pending',
      review_notes: null,
      reviewed_at: null,
      reviewed_by: null,
    });
    expect(await db().selectFrom('review_undos').selectAll().execute()).toEqual([]);
    const again = await undo('ada', id);
    expect(again.statusCode).toBe(409);
  });

  it('puts an approval back to pending within the window: challenges taken back, mail and webhook withdrawn, audited', async () => {
    const { id, userId } = await applicant('jdoe');
    const decidedAt = clock.now();
    expect((await review('ada', id, 'approved', 'Welcome aboard')).statusCode).toBe(200);
    const heldUntil = new Date(decidedAt.getTime() + HOLD_MS).toISOString();
    expect(await mailsTo(userId)).toEqual([{ kind: 'application_approved', next_attempt_at: heldUntil }]);
    expect(await deliveries()).toEqual([{ event: 'application.decided', next_attempt_at: heldUntil }]);

    clock.advance(UNDO_WINDOW_MS - 1000);
    const undone = await undo('ada', id);
    expect(undone.statusCode).toBe(200);
    expect(undone.json()).toMatchObject({ id, status: 'pending', review_notes: null, reviewed_at: null });
    expect(await application(id)).toEqual({
      status: 'pending',
      review_notes: null,
      reviewed_at: null,
      reviewed_by: null,
    });
    expect(await db().selectFrom('user_challenges').select('id').where('user_id', '=', userId).execute()).toEqual([]);
    expect(await mailsTo(userId)).toEqual([]);
    expect(await deliveries()).toEqual([]);
    const audit = await db()
      .selectFrom('audit_logs')
      .select(['action', 'user_name', 'details'])
      .where('action', '=', 'application.decision_undone')
      .execute();
    expect(audit.map((entry) => ({ ...entry, details: JSON.parse(entry.details!) }))).toMatchObject([
      {
        user_name: 'ada',
        details: { before: { status: 'approved', review_notes: 'Welcome aboard' }, after: { status: 'pending' } },
      },
    ]);

    // Decided again, the application follows the usual road: one mail, challenges assigned.
    expect((await review('ada', id, 'approved')).statusCode).toBe(200);
    expect(await mailsTo(userId)).toHaveLength(1);
    expect(await db().selectFrom('user_challenges').select('id').where('user_id', '=', userId).execute()).toHaveLength(
      1,
    );
  });

  it('refuses an undo by another admin, after the window, or twice, and the held mail then leaves', async () => {
    const late = await applicant('late');
    expect((await review('ada', late.id, 'declined')).statusCode).toBe(200);
    const byOther = await undo('bob', late.id);
    expect(byOther.statusCode).toBe(409);
    expect(byOther.json().error).toBe('There is no decision of yours on this application to undo.');
    clock.advance(UNDO_WINDOW_MS + 1);
    const tooLate = await undo('ada', late.id);
    expect(tooLate.statusCode).toBe(409);
    expect(tooLate.json().error).toBe('The time to undo this decision has passed.');
    expect((await application(late.id)).status).toBe('declined');
    expect(await mailsTo(late.userId)).toHaveLength(1);

    const twice = await applicant('twice');
    expect((await review('ada', twice.id, 'declined')).statusCode).toBe(200);
    expect((await undo('ada', twice.id)).statusCode).toBe(200);
    expect((await undo('ada', twice.id)).statusCode).toBe(409);
    expect((await undo('ada', 999_999)).statusCode).toBe(404);
    expect((await application(twice.id)).status).toBe('pending');
  });

  it('puts a final decline back to the approval it replaced, with that approval’s notes, admin and date', async () => {
    const { id, userId } = await applicant('olga');
    const approvedAt = clock.now().toISOString();
    expect((await review('ada', id, 'approved', 'Good start')).statusCode).toBe(200);
    clock.advance(HOLD_MS);
    await seatAfterHackathon(db(), clock.now(), userId);
    expect((await review('bob', id, 'declined', 'Not this time')).statusCode).toBe(200);
    expect((await mailsTo(userId)).map((mail) => mail.kind)).toEqual(['application_approved', 'final_declined']);

    expect((await undo('bob', id)).statusCode).toBe(200);
    expect(await application(id)).toEqual({
      status: 'approved',
      review_notes: 'Good start',
      reviewed_at: approvedAt,
      reviewed_by: await adminId('ada'),
    });
    // The approval's mail went long ago and stays; the final "no" is withdrawn.
    expect((await mailsTo(userId)).map((mail) => mail.kind)).toEqual(['application_approved']);
    expect(await db().selectFrom('user_challenges').select('id').where('user_id', '=', userId).execute()).toHaveLength(
      1,
    );
  });

  it('keeps an approval whose candidate has already begun a challenge', async () => {
    const { id, userId } = await applicant('quick');
    expect((await review('ada', id, 'approved')).statusCode).toBe(200);
    await db()
      .updateTable('user_challenges')
      .set({ status: 'in_progress', started_at: clock.now().toISOString() })
      .where('user_id', '=', userId)
      .execute();
    const refused = await undo('ada', id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe('The candidate has already begun a challenge: this approval stays.');
    expect((await application(id)).status).toBe('approved');
    expect(await mailsTo(userId)).toHaveLength(1);
  });

  it('undoes each decision of a bulk review', async () => {
    const first = await applicant('first');
    const second = await applicant('second');
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/admin/applications/bulk-review',
      headers: { cookie: cookies.ada },
      payload: { ids: [first.id, second.id], status: 'declined' },
    });
    expect(bulk.json().reviewed).toEqual([first.id, second.id]);
    for (const { id } of [first, second]) expect((await undo('ada', id)).statusCode).toBe(200);
    expect([(await application(first.id)).status, (await application(second.id)).status]).toEqual([
      'pending',
      'pending',
    ]);
    expect([...(await mailsTo(first.userId)), ...(await mailsTo(second.userId))]).toEqual([]);
  });

  it('withdraws the welcome of a final approval set back to student within the hold, and only then', async () => {
    const role = (userId: number, value: 'member' | 'student') =>
      t.app.inject({
        method: 'PUT',
        url: `/api/admin/members/${userId}/role`,
        headers: { cookie: cookies.ada },
        payload: { role: value },
      });
    const quick = await applicant('quick');
    const slow = await applicant('slow');
    for (const candidate of [quick, slow]) {
      await review('ada', candidate.id, 'approved');
      await seatAfterHackathon(db(), clock.now(), candidate.userId);
    }
    clock.advance(HOLD_MS);
    for (const candidate of [quick, slow]) expect((await role(candidate.userId, 'member')).statusCode).toBe(200);
    expect((await role(quick.userId, 'student')).statusCode).toBe(200);
    clock.advance(HOLD_MS);
    expect((await role(slow.userId, 'student')).statusCode).toBe(200);
    expect((await mailsTo(quick.userId)).map((mail) => mail.kind)).toEqual(['application_approved']);
    expect((await mailsTo(slow.userId)).map((mail) => mail.kind)).toEqual(['application_approved', 'welcome']);
  });
});
