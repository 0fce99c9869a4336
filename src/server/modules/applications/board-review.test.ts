import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { seatAfterHackathon } from '#test/server/journey.fixtures';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';

/** The board's workbench (docs/product/applications.md#the-boards-workbench, decision 0115). */
describe('the board reviewing together', () => {
  let t: TestApp;
  const clock = testClock();
  const cookies: Record<string, string> = {};
  const ids: Record<string, number> = {};

  beforeEach(async () => {
    t = await createTestApp({ ADMIN_LOGINS: 'ada,bob,cyd' }, { clock });
    for (const login of ['ada', 'bob', 'cyd']) {
      const { cookie, user } = await signIn(t.app, login);
      cookies[login] = cookie;
      ids[login] = user.id;
    }
  });
  afterEach(() => t.close());

  /** A candidate who applied; answers the application's id. */
  async function applicant(login: string): Promise<number> {
    const { cookie } = await signIn(t.app, login);
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/applications',
      headers: { cookie },
      payload: { motivation: 'I have built three line followers.', github_profile: `https://github.com/${login}` },
    });
    clock.advance(1000);
    return answer.json().id;
  }
  const vote = (admin: string, id: number, payload: object) =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${id}/vote`,
      headers: { cookie: cookies[admin] },
      payload,
    });
  const detail = async (admin: string, id: number) =>
    (await t.app.inject({ url: `/api/admin/applications/${id}`, headers: { cookie: cookies[admin] } })).json();
  const review = (id: number, status: 'approved' | 'declined') =>
    t.app.inject({
      method: 'PUT',
      url: `/api/admin/applications/${id}/review`,
      headers: { cookie: cookies.ada },
      payload: { status },
    });
  const rows = (table: 'application_votes' | 'audit_logs') => t.database.db.selectFrom(table).selectAll().execute();

  /** Approves the application and seats its candidate in a team of a hackathon that has ended: step 3. */
  async function atBoardApproval(id: number): Promise<void> {
    await review(id, 'approved');
    const db = t.database.db;
    const { user_id } = await db
      .selectFrom('applications')
      .select('user_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await seatAfterHackathon(db, clock.now(), user_id);
  }

  // The user's id too: it leads to the member's page, which names them (decision 0136).
  const IDENTITY = { id: null, intra_login: null, first_name: null, last_name: null, email: null, image_url: null };
  const blind = (on: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings',
      headers: { cookie: cookies.ada },
      payload: { settings: { blind_review: on } },
    });

  describe('votes', () => {
    it('keeps one vote per admin per stage: a new one replaces it, and each change is audited before → after', async () => {
      const id = await applicant('jdoe');
      expect((await vote('ada', id, { vote: 'yes', comment: '  Strong motivation.  ' })).statusCode).toBe(200);
      const replaced = await vote('ada', id, { vote: 'no', comment: null });
      expect(replaced.statusCode).toBe(200);
      expect(replaced.json()).toMatchObject({
        id,
        stage: 'review',
        votes: [{ admin_id: ids.ada, admin_login: 'ada', vote: 'no', comment: null, stage: 'review' }],
        tally: { yes: 0, no: 1, abstain: 0 },
      });
      expect(replaced.json().votes).toHaveLength(1);
      expect(await rows('application_votes')).toHaveLength(1);
      const audit = (await rows('audit_logs')).filter((row) => row.action === 'application.voted');
      expect(audit.map((row) => ({ ...row, details: JSON.parse(row.details!) }))).toMatchObject([
        {
          entity_type: 'application',
          entity_id: id,
          user_name: 'ada',
          details: { stage: 'review', before: null, after: { vote: 'yes', comment: 'Strong motivation.' } },
        },
        {
          details: {
            stage: 'review',
            before: { vote: 'yes', comment: 'Strong motivation.' },
            after: { vote: 'no', comment: null },
          },
        },
      ]);
    });

    it('writes nothing for the same vote and comment again', async () => {
      const id = await applicant('jdoe');
      await vote('ada', id, { vote: 'abstain', comment: 'Unsure.' });
      const before = await rows('audit_logs');
      clock.advance(60_000);
      expect((await vote('ada', id, { vote: 'abstain', comment: 'Unsure.' })).statusCode).toBe(200);
      expect(await rows('audit_logs')).toEqual(before);
    });

    it('keeps one vote when one admin sends ten at once', async () => {
      const id = await applicant('jdoe');
      const answers = await Promise.all(
        ['yes', 'no', 'abstain', 'yes', 'no', 'abstain', 'yes', 'no', 'abstain', 'yes'].map((choice) =>
          fetch(`${t.baseUrl}/api/admin/applications/${id}/vote`, {
            method: 'PUT',
            headers: { cookie: cookies.ada!, 'content-type': 'application/json' },
            body: JSON.stringify({ vote: choice, comment: null }),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      expect(await rows('application_votes')).toHaveLength(1);
    });

    it("tallies the open stage's votes of every admin; the detail lists both stages' votes, oldest first", async () => {
      const id = await applicant('jdoe');
      await vote('ada', id, { vote: 'yes', comment: null });
      clock.advance(1000);
      await vote('bob', id, { vote: 'no', comment: 'Too vague.' });
      clock.advance(1000);
      await vote('cyd', id, { vote: 'yes', comment: null });
      expect(await detail('bob', id)).toMatchObject({ stage: 'review', tally: { yes: 2, no: 1, abstain: 0 } });

      await atBoardApproval(id);
      const final = await detail('ada', id);
      expect(final).toMatchObject({ status: 'approved', stage: 'final', tally: { yes: 0, no: 0, abstain: 0 } });
      clock.advance(1000);
      const voted = (await vote('bob', id, { vote: 'abstain', comment: null })).json();
      expect(voted.tally).toEqual({ yes: 0, no: 0, abstain: 1 });
      expect(voted.votes.map((v: { admin_login: string; stage: string }) => `${v.admin_login}:${v.stage}`)).toEqual([
        'ada:review',
        'bob:review',
        'cyd:review',
        'bob:final',
      ]);
      expect(Object.keys(voted.votes[0]).sort()).toEqual(
        ['admin_id', 'admin_login', 'comment', 'created_at', 'stage', 'vote'].sort(),
      );
    });

    it('answers 409 once no decision is open (decided, or approved before step 3) and 404 for no application, writing nothing', async () => {
      const declined = await applicant('jdoe');
      const approved = await applicant('jane');
      await vote('ada', declined, { vote: 'yes', comment: null });
      await review(declined, 'declined');
      await review(approved, 'approved');
      const before = { votes: await rows('application_votes'), audit: await rows('audit_logs') };
      for (const id of [declined, approved]) {
        const answer = await vote('bob', id, { vote: 'yes', comment: null });
        expect(answer.statusCode).toBe(409);
        expect(answer.json().code).toBe('CONFLICT');
      }
      expect((await vote('bob', 999_999, { vote: 'yes', comment: null })).statusCode).toBe(404);
      expect({ votes: await rows('application_votes'), audit: await rows('audit_logs') }).toEqual(before);
      // The decided application still shows how the board voted.
      expect(await detail('bob', declined)).toMatchObject({ stage: null, tally: { yes: 1, no: 0, abstain: 0 } });
    });

    it('refuses a comment over 2,000 characters and a vote that is not yes, no or abstain with 400', async () => {
      const id = await applicant('jdoe');
      for (const payload of [
        { vote: 'yes', comment: 'x'.repeat(2001) },
        { vote: 'maybe', comment: null },
        { comment: 'No vote.' },
      ]) {
        const answer = await vote('ada', id, payload);
        expect(answer.statusCode).toBe(400);
        expect(answer.json().code).toBe('VALIDATION_FAILED');
      }
      expect(await rows('application_votes')).toHaveLength(0);
      expect((await vote('ada', id, { vote: 'yes', comment: 'x'.repeat(2000) })).statusCode).toBe(200);
    });
  });

  describe('the review queue', () => {
    const next = (admin: string) =>
      t.app.inject({ url: '/api/admin/applications/next', headers: { cookie: cookies[admin] } });
    const nextId = async (admin: string) => (await next(admin)).json().id;

    it('serves the open application this admin has not voted on with the fewest votes, oldest first, then 204', async () => {
      const first = await applicant('cand-1');
      const second = await applicant('cand-2');
      const third = await applicant('cand-3');
      await review(await applicant('cand-4'), 'declined');
      await review(await applicant('cand-5'), 'approved');

      const served = await next('ada');
      expect(served.statusCode).toBe(200);
      expect(served.json()).toMatchObject({
        id: first,
        stage: 'review',
        votes: [],
        tally: { yes: 0, no: 0, abstain: 0 },
      });

      await vote('bob', first, { vote: 'yes', comment: null });
      await vote('cyd', first, { vote: 'no', comment: null });
      await vote('cyd', second, { vote: 'yes', comment: null });
      expect(await nextId('ada')).toBe(third);
      await vote('ada', third, { vote: 'yes', comment: null });
      expect(await nextId('ada')).toBe(second);
      await vote('ada', second, { vote: 'no', comment: null });
      expect(await nextId('ada')).toBe(first);
      await vote('ada', first, { vote: 'abstain', comment: null });

      const done = await next('ada');
      expect(done.statusCode).toBe(204);
      expect(done.body).toBe('');
      // Bob's queue is his own: he voted on the first; the third has one vote, the second two.
      expect(await nextId('bob')).toBe(third);
    });

    it('serves an application again at the final decision, to admins who voted at the review', async () => {
      const id = await applicant('jdoe');
      await vote('ada', id, { vote: 'yes', comment: null });
      expect((await next('ada')).statusCode).toBe(204);
      await atBoardApproval(id);
      expect((await next('ada')).json()).toMatchObject({ id, stage: 'final', tally: { yes: 0, no: 0, abstain: 0 } });
      await vote('ada', id, { vote: 'yes', comment: 'Great hackathon.' });
      expect((await next('ada')).statusCode).toBe(204);
    });
  });

  describe('blind review', () => {
    const seenBy = async (admin: string, id: number) => {
      const list = await t.app.inject({ url: '/api/admin/applications', headers: { cookie: cookies[admin] } });
      const queue = await t.app.inject({ url: '/api/admin/applications/next', headers: { cookie: cookies[admin] } });
      return {
        list: list.json().data.find((application: { id: number }) => application.id === id),
        detail: await detail(admin, id),
        queue: queue.statusCode === 200 ? queue.json() : null,
      };
    };

    it("hides who the candidate is from an admin in the list, the detail and the queue until that admin's own vote", async () => {
      expect((await blind(true)).statusCode).toBe(200);
      const id = await applicant('jdoe');
      const hidden = {
        identity_hidden: true,
        user_id: null,
        github_profile: null,
        portfolio_url: null,
        user: IDENTITY,
      };
      const before = await seenBy('ada', id);
      for (const view of [before.list, before.detail, before.queue]) expect(view).toMatchObject(hidden);
      expect(before.detail.motivation).toBe('I have built three line followers.');

      // Another admin's vote reveals nothing to this one.
      await vote('bob', id, { vote: 'yes', comment: null });
      expect((await seenBy('ada', id)).detail).toMatchObject(hidden);
      const shown = {
        identity_hidden: false,
        github_profile: 'https://github.com/jdoe',
        user: { intra_login: 'jdoe', first_name: 'Jdoe', email: 'jdoe@student.1337.ma' },
      };
      expect((await seenBy('bob', id)).detail).toMatchObject(shown);

      const voted = await vote('ada', id, { vote: 'no', comment: null });
      expect(voted.json()).toMatchObject(shown);
      const after = await seenBy('ada', id);
      for (const view of [after.list, after.detail]) expect(view).toMatchObject(shown);

      // The candidate's own page never hides anything.
      const { cookie } = await signIn(t.app, 'jdoe');
      const mine = (await t.app.inject({ url: '/api/applications/me', headers: { cookie } })).json();
      expect(mine).toMatchObject({ user: { intra_login: 'jdoe' }, github_profile: 'https://github.com/jdoe' });
      expect(mine).not.toHaveProperty('identity_hidden');
    });

    it('is off by default: every admin sees every candidate', async () => {
      const settings = await t.app.inject({ url: '/api/admin/settings', headers: { cookie: cookies.ada } });
      expect(settings.json().settings.blind_review).toBe(false);
      const id = await applicant('jdoe');
      const { list, detail: one, queue } = await seenBy('cyd', id);
      for (const view of [list, one, queue]) {
        expect(view).toMatchObject({ identity_hidden: false, user: { intra_login: 'jdoe' } });
      }
      await blind(true);
      await blind(false);
      expect((await seenBy('cyd', id)).detail.user.intra_login).toBe('jdoe');
    });
  });

  describe("the review screen's detail", () => {
    const candidateRow = (login: string) =>
      t.database.db.selectFrom('users').selectAll().where('intra_login', '=', login).executeTakeFirstOrThrow();
    type Entry = { action: string; actor_id: number | null; actor_login: string | null; details: unknown };
    const history = (seen: { history: Entry[] }) =>
      seen.history.map(({ action, actor_login, details }) => ({ action, actor_login, details }));

    it("carries the candidate's 42 level and campus, the journey with XP and challenges, and the history, newest first", async () => {
      await insertChallenge(t.database.db, clock.now());
      const id = await applicant('jdoe');
      const jdoe = await candidateRow('jdoe');
      expect(await detail('bob', id)).toMatchObject({
        user: { intra_login: 'jdoe', level: jdoe.level, campus: jdoe.campus },
        journey: { step: 0, experience_points: 0, challenges_validated: 0, challenges_total: 0 },
        history: [{ action: 'application.submitted', actor_id: jdoe.id, actor_login: 'jdoe' }],
      });
      expect(jdoe.campus).toEqual(expect.any(String));

      await vote('bob', id, { vote: 'yes', comment: 'Good projects.' });
      clock.advance(1000);
      await atBoardApproval(id);
      await t.database.db
        .updateTable('user_challenges')
        .set({ status: 'validated' })
        .where('user_id', '=', jdoe.id)
        .execute();
      await t.database.db.updateTable('users').set({ experience_points: 120 }).where('id', '=', jdoe.id).execute();
      const final = await detail('bob', id);
      expect(final).toMatchObject({
        stage: 'final',
        journey: { step: 3, experience_points: 120, challenges_validated: 1, challenges_total: 1 },
      });
      expect(history(final)).toMatchObject([
        {
          action: 'application.approved',
          actor_login: 'ada',
          details: {
            before: { status: 'pending' },
            after: { status: 'approved', review_notes: null },
            challenges_assigned: 1,
          },
        },
        {
          action: 'application.voted',
          actor_login: 'bob',
          details: { stage: 'review', before: null, after: { vote: 'yes', comment: 'Good projects.' } },
        },
        { action: 'application.submitted', actor_login: 'jdoe', details: expect.anything() },
      ]);

      // The final "yes" is a role change: it closes the decision and enters the history.
      const role = await t.app.inject({
        method: 'PUT',
        url: `/api/admin/members/${jdoe.id}/role`,
        headers: { cookie: cookies.cyd },
        payload: { role: 'member' },
      });
      expect(role.statusCode).toBe(200);
      const decided = await detail('bob', id);
      expect(decided).toMatchObject({ stage: null, journey: { step: 4 } });
      expect(history(decided)[0]).toEqual({
        action: 'user.role_changed',
        actor_login: 'cyd',
        details: { before: { role: 'student' }, after: { role: 'member' } },
      });
    });

    it("under blind review shows level, campus, journey and answers, and keeps the candidate's login out of the history until one's vote", async () => {
      await blind(true);
      const id = await applicant('jdoe');
      const { cookie } = await signIn(t.app, 'jdoe');
      const edited = await t.app.inject({
        method: 'PUT',
        url: `/api/applications/${id}`,
        headers: { cookie },
        payload: { portfolio_url: 'https://jdoe.dev' },
      });
      expect(edited.statusCode).toBe(200);
      await vote('bob', id, { vote: 'no', comment: null });
      const jdoe = await candidateRow('jdoe');

      const hidden = await detail('ada', id);
      expect(hidden).toMatchObject({
        identity_hidden: true,
        user: { ...IDENTITY, level: jdoe.level, campus: jdoe.campus },
        portfolio_url: null,
        motivation: 'I have built three line followers.',
        journey: { step: 0, experience_points: 0 },
      });
      expect(history(hidden)).toEqual([
        { action: 'application.voted', actor_login: 'bob', details: expect.anything() },
        { action: 'application.updated', actor_login: null, details: null },
        { action: 'application.submitted', actor_login: null, details: null },
      ]);
      // The candidate's entries say it was the candidate, not which user.
      expect(hidden.history.slice(1)).toMatchObject([
        { by_candidate: true, actor_id: null },
        { by_candidate: true, actor_id: null },
      ]);
      expect(hidden.history[0]).toMatchObject({ by_candidate: false, actor_id: expect.any(Number) });
      expect(JSON.stringify(hidden)).not.toMatch(/jdoe/i);

      const shown = (await vote('ada', id, { vote: 'yes', comment: null })).json();
      expect(shown.history[2]).toMatchObject({ by_candidate: true, actor_id: jdoe.id });
      expect(history(shown).slice(1)).toMatchObject([
        { action: 'application.voted', actor_login: 'bob' },
        {
          action: 'application.updated',
          actor_login: 'jdoe',
          details: { before: { portfolio_url: null }, after: { portfolio_url: 'https://jdoe.dev' } },
        },
        { action: 'application.submitted', actor_login: 'jdoe' },
      ]);
    });
  });
});
