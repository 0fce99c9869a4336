import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Overview } from '../../../contract/overview';
import { expectGuarded } from '#test/server/guards';
import { signIn } from '#test/server/sign-in';
import { createTestApp, testClock, type TestApp } from '#test/server/test-app';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { weekBoundaries } from './overview.service';
import { latestRound } from '#test/server/rounds.fixtures';
import { newCheckInCode } from '../hackathon';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const LINK = 'https://www.tinkercad.com/things/overview-test';
const MOTIVATION = 'I want to build robots with the club.';

describe('the admin overview', () => {
  let t: TestApp;
  let clock: ReturnType<typeof testClock>;
  let admin: string;

  beforeEach(async () => {
    // A Wednesday, so that the current week is a partial one.
    clock = testClock(new Date('2026-11-25T15:00:00.000Z'));
    t = await createTestApp({}, { clock });
    admin = (await signIn(t.app, 'admin')).cookie;
  });
  afterEach(() => t.close());

  const db = () => t.database.db;
  const call = async (method: 'GET' | 'POST' | 'PUT', url: string, cookie: string, payload?: object) => {
    const answer = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    if (answer.statusCode >= 400) throw new Error(`${method} ${url}: ${answer.statusCode} ${answer.body}`);
    return answer.json();
  };
  const overview = async (): Promise<Overview> => call('GET', '/api/admin/overview', admin);
  const iso = (ms: number) => new Date(ms).toISOString();

  /** A user straight in the database, with an application in the given state. */
  async function applicantRow(
    login: string,
    application: { status?: 'pending' | 'approved' | 'declined'; created_at: string; reviewed_at?: string | null },
  ) {
    const at = clock.now().toISOString();
    const user = await db()
      .insertInto('users')
      .values({
        intra_id: 100_000 + Math.floor(Math.random() * 1_000_000),
        intra_login: login,
        email: null,
        first_name: null,
        last_name: null,
        image_url: null,
        campus: null,
        level: 0,
        grade: null,
        is_starter: false,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('applications')
      .values({
        user_id: user.id,
        round_id: latestRound(db()),
        status: application.status ?? 'pending',
        motivation: MOTIVATION,
        experience_level: 'beginner',
        github_profile: null,
        portfolio_url: null,
        selected_project_id: null,
        reviewed_at: application.reviewed_at ?? null,
        created_at: application.created_at,
        updated_at: application.created_at,
      })
      .execute();
    return user.id;
  }

  /** Signs in and applies through the API: answers the cookie, the user id and the application id. */
  async function applicant(login: string) {
    const { cookie, user } = await signIn(t.app, login);
    const application = await call('POST', '/api/applications', cookie, { motivation: MOTIVATION });
    return { cookie, userId: user.id, applicationId: application.id as number };
  }

  async function approve(applicationId: number) {
    await call('PUT', `/api/admin/applications/${applicationId}/review`, admin, { status: 'approved' });
  }

  /** Starts, fills and submits every challenge of the candidate; validates them unless told not to. */
  async function doChallenges(cookie: string, validate: boolean) {
    const mine = await call('GET', '/api/challenges/me', cookie);
    for (const challenge of mine.data as { id: number }[]) {
      await call('POST', `/api/challenges/${challenge.id}/start`, cookie);
      for (const n of [1, 2, 3, 4]) {
        await call('POST', `/api/challenges/${challenge.id}/exercise/${n}/submit`, cookie, { tinkercad_link: LINK });
      }
      await call('POST', `/api/challenges/${challenge.id}/submit`, cookie);
      if (validate) await call('POST', `/api/challenges/${challenge.id}/validate`, admin, { status: 'validated' });
    }
  }

  /** An event (ended or not) and a registration of the user; seated in a team when `seated`. */
  async function hackathonSeat(userId: number, event: { ended: boolean }, seated: boolean) {
    const now = clock.now().getTime();
    const at = iso(now);
    const [start, end] = event.ended ? [now - 3 * DAY_MS, now - 2 * DAY_MS] : [now + 2 * DAY_MS, now + 3 * DAY_MS];
    const { id: eventId } = await db()
      .insertInto('hackathon_events')
      .values({
        name: `Event of ${userId}`,
        description: null,
        location: null,
        start_at: iso(start),
        end_at: iso(end),
        max_teams: 0,
        created_at: at,
        updated_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('hackathon_registrations')
      .values({
        check_in_code: newCheckInCode(),
        user_id: userId,
        event_id: eventId,
        status: seated ? 'assigned' : 'pending',
        created_at: at,
      })
      .execute();
    if (!seated) return;
    const team = await db()
      .insertInto('teams')
      .values({ event_id: eventId, name: `Team of ${userId}`, hackathon_xp: null, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('team_members')
      .values({ team_id: team.id, event_id: eventId, user_id: userId, created_at: at })
      .execute();
  }

  it('counts each applicant once, at the journey step their tracker shows', async () => {
    await insertChallenge(db(), clock.now(), { title: 'Only challenge' });
    const pending = [await applicant('pend-a'), await applicant('pend-b')];
    const declined = await applicant('declined');
    await call('PUT', `/api/admin/applications/${declined.applicationId}/review`, admin, { status: 'declined' });
    const challenges = await applicant('in-challenges');
    await approve(challenges.applicationId);
    const hackathon = await applicant('at-hackathon');
    await approve(hackathon.applicationId);
    await doChallenges(hackathon.cookie, true);
    const awaiting = await applicant('awaiting');
    await approve(awaiting.applicationId);
    await doChallenges(awaiting.cookie, true);
    await hackathonSeat(awaiting.userId, { ended: true }, true);
    const member = await applicant('member');
    await approve(member.applicationId);
    await doChallenges(member.cookie, true);
    await call('PUT', `/api/admin/members/${member.userId}/role`, admin, { role: 'member' });

    expect((await overview()).funnel).toEqual({
      applied: 7,
      approved: 4,
      in_challenges: 1,
      hackathon: 1,
      awaiting_decision: 1,
      members: 1,
      declined: 1,
      withdrawn: 0,
    });
    const everyone = [...pending, declined, challenges, hackathon, awaiting, member];
    const steps = await Promise.all(
      everyone.map(async (who) => (await call('GET', '/api/applications/me', who.cookie)).step as number),
    );
    expect(steps).toEqual([0, 0, -1, 1, 2, 3, 4]);
  });

  it('keeps at step 1 an approved applicant with no challenge assigned, or one not yet validated', async () => {
    const none = await applicant('no-challenge');
    await approve(none.applicationId);
    await insertChallenge(db(), clock.now());
    const waiting = await applicant('in-review');
    await approve(waiting.applicationId);
    await doChallenges(waiting.cookie, false);

    const { funnel, pending } = await overview();
    expect(funnel).toMatchObject({ approved: 2, in_challenges: 2, hackathon: 0 });
    expect(pending.submissions).toBe(1);
  });

  it('counts applications per week for the last 12 weeks, from Monday UTC, zero-filled, current week last', async () => {
    const [first, ...rest] = weekBoundaries(clock.now()).map((date) => date.getTime());
    const currentWeek = rest.at(-2)!;
    await applicantRow('too-old', { created_at: iso(first! - 1) });
    await applicantRow('first-a', { created_at: iso(first!) });
    await applicantRow('first-b', { created_at: iso(first! + 6 * DAY_MS + 23 * HOUR_MS) });
    await applicantRow('sixth', { created_at: iso(first! + 5 * 7 * DAY_MS + 3 * DAY_MS) });
    await applicantRow('sunday', { created_at: iso(currentWeek - 1) });
    await applicantRow('today', { created_at: clock.now().toISOString() });

    const weeks = (await overview()).applications_per_week;
    expect(weeks).toHaveLength(12);
    expect(weeks[0]!.week_start).toBe('2026-09-07');
    expect(weeks[11]!.week_start).toBe('2026-11-23');
    expect(weeks.map((week) => week.count)).toEqual([2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1]);
  });

  it('answers the median time from application to review over the reviews of the last 12 weeks', async () => {
    const now = clock.now().getTime();
    const reviewed = (login: string, hours: number, reviewedDaysAgo = 1) => {
      const reviewedAt = now - reviewedDaysAgo * DAY_MS;
      return applicantRow(login, {
        status: 'approved',
        created_at: iso(reviewedAt - hours * HOUR_MS),
        reviewed_at: iso(reviewedAt),
      });
    };
    await reviewed('one-hour', 1);
    await reviewed('ten-hours', 10);
    await reviewed('three-hours', 3);
    await reviewed('long-ago', 500, 120);
    await applicantRow('not-reviewed', { created_at: iso(now - 400 * HOUR_MS) });

    expect((await overview()).review_turnaround).toEqual({ median_seconds: 3 * 3600, count: 3 });
    await reviewed('twenty-hours', 20);
    expect((await overview()).review_turnaround).toEqual({ median_seconds: 6.5 * 3600, count: 4 });
  });

  it('answers the median time from submission to validation over validated challenges only', async () => {
    const challenge = await insertChallenge(db(), clock.now());
    const now = clock.now().getTime();
    const at = iso(now);
    const row = async (login: string, status: 'validated' | 'declined' | 'pending_validation', hours: number) => {
      const userId = await applicantRow(login, { status: 'approved', created_at: at, reviewed_at: at });
      await db()
        .insertInto('user_challenges')
        .values({
          user_id: userId,
          challenge_id: challenge.id,
          status,
          submitted_at: iso(now - hours * HOUR_MS),
          validated_at: status === 'validated' ? at : null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    };
    await row('two-days', 'validated', 48);
    await row('one-day', 'validated', 24);
    await row('declined', 'declined', 1);
    await row('waiting', 'pending_validation', 2);

    expect((await overview()).validation_turnaround).toEqual({ median_seconds: 36 * 3600, count: 2 });
  });

  it('counts the pending work: applications, submissions, registrations of events not ended, projects', async () => {
    await insertChallenge(db(), clock.now());
    await applicant('pending-app');
    const submitted = await applicant('submitted');
    await approve(submitted.applicationId);
    await doChallenges(submitted.cookie, false);
    const upcoming = await applicant('upcoming');
    await hackathonSeat(upcoming.userId, { ended: false }, false);
    const past = await applicant('past');
    await hackathonSeat(past.userId, { ended: true }, false);
    const seated = await applicant('seated');
    await hackathonSeat(seated.userId, { ended: false }, true);
    const at = clock.now().toISOString();
    for (const status of ['pending', 'pending', 'approved', 'rejected'] as const) {
      await db()
        .insertInto('projects')
        .values({
          owner_id: submitted.userId,
          title: 'Line follower',
          description: 'A robot that follows a line.',
          deadline: null,
          status,
          validation_notes: null,
          validated_at: null,
          validated_by: null,
          created_at: at,
          updated_at: at,
        })
        .execute();
    }

    expect((await overview()).pending).toEqual({
      applications: 4,
      submissions: 1,
      hackathon_registrations: 1,
      projects: 2,
      deadline_requests: 0,
    });
  });

  it('answers zeros, twelve empty weeks and no medians when nobody has applied', async () => {
    const answer = await t.app.inject({ url: '/api/admin/overview', headers: { cookie: admin } });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body: Overview = answer.json();
    expect(Object.values(body.funnel).every((count) => count === 0)).toBe(true);
    expect(body.applications_per_week.map((week) => week.count)).toEqual(Array(12).fill(0));
    expect(body.review_turnaround).toEqual({ median_seconds: null, count: 0 });
    expect(body.validation_turnaround).toEqual({ median_seconds: null, count: 0 });
    expect(body.generated_at).toBe(clock.now().toISOString());
  });

  it('is for admins only: 401 signed out, 403 BANNED for a banned user, 403 for an applicant', async () => {
    const applicantSession = await signIn(t.app, 'someone');
    const banned = await signIn(t.app, 'banned');
    await db().updateTable('users').set({ is_banned: true }).where('id', '=', banned.user.id).execute();
    await expectGuarded(t.app, [['GET', '/api/admin/overview']], {
      applicant: applicantSession.cookie,
      banned: banned.cookie,
    });
  });
});
