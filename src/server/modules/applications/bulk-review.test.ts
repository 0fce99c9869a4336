import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertChallenge, pendingApplicant } from '#test/server/challenges.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

/** POST /api/admin/applications/bulk-review runs in one transaction: all of it, or none. */
describe('a bulk review', () => {
  let t: TestApp;
  const clock = testClock();
  let admin: string;

  beforeEach(async () => {
    t = await createTestApp({ ADMIN_LOGINS: 'ada' }, { clock });
    admin = (await signIn(t.app, 'ada')).cookie;
    await insertChallenge(t.database.db, clock.now());
  });
  afterEach(async () => {
    vi.restoreAllMocks();
    await t.close();
  });

  const db = () => t.database.db;
  async function applications(count: number) {
    const ids: number[] = [];
    for (let i = 0; i < count; i++) {
      const { userId } = await pendingApplicant(t, clock, `cand${i}`);
      const { id } = await db()
        .selectFrom('applications')
        .select('id')
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      ids.push(id);
    }
    return ids;
  }
  const bulkReview = (ids: number[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/admin/applications/bulk-review',
      headers: { cookie: admin },
      payload: { ids, status: 'approved' },
    });
  /** What a review writes: the applications' state, the challenges assigned, the audit entries, the mails. */
  async function written() {
    return {
      applications: await db()
        .selectFrom('applications')
        .select(['id', 'status', 'reviewed_at'])
        .orderBy('id')
        .execute(),
      challenges: await db().selectFrom('user_challenges').select('id').execute(),
      decisions: await db()
        .selectFrom('audit_logs')
        .select('id')
        .where('action', '=', 'application.approved')
        .execute(),
      mails: await db().selectFrom('mail_outbox').select('id').execute(),
    };
  }

  it('changes nothing when the third application fails, though the first two went through', async () => {
    const ids = await applications(4);
    const before = await written();
    const enqueue = t.app.mail.enqueue.bind(t.app.mail);
    let calls = 0;
    vi.spyOn(t.app.mail, 'enqueue').mockImplementation(async (...args) => {
      if (++calls === 3) throw new Error('the mail outbox is unreachable');
      return enqueue(...args);
    });
    const answer = await bulkReview(ids);
    expect(answer.statusCode).toBe(500);
    expect(calls).toBe(3);
    expect(await written()).toEqual(before);
  });

  it('reviews them all when none fails, skipping those the rules refuse', async () => {
    const ids = await applications(3);
    const answer = await bulkReview([...ids, 999_999]);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ reviewed: ids, skipped: [{ id: 999_999 }] });
    const after = await written();
    expect(after.applications.every((application) => application.status === 'approved')).toBe(true);
    expect(after.decisions).toHaveLength(3);
  });
});
