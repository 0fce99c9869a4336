import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { insertChallenge } from '#test/server/challenges.fixtures';
import { latestRound } from '#test/server/rounds.fixtures';
import { createTestDatabase, migrateTestDatabase, testEngine } from '#test/server/test-app';
import type { Db } from '../db/database';
import { newCheckInCode } from '../modules/hackathon';
import type { ApplicationStatus } from '../db/schema';
import { journeyStepsOf, journeyStepsQuery, usersAtStep, type JourneyStep } from './journey';

/*
 * The steps the database keeps in journey_steps (migration 0047, decision 0164) against the rule
 * computed from scratch (journeyStepsQuery, what the overview counts), after every kind of change
 * the step rests on, whoever makes it: here plain SQL writes, as a fixture, the demo seed or a psql
 * prompt would. Read now and two days on, when the hackathons of the world have ended. On both engines.
 */

const NOW = new Date('2026-12-01T10:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY).toISOString();
const STEPS: JourneyStep[] = [-2, -1, 0, 1, 2, 3, 4];

let drop: (() => Promise<void>) | undefined;
afterEach(async () => {
  await drop?.();
  drop = undefined;
});

async function world(upTo?: string) {
  const created = await createTestDatabase(upTo ? { upTo } : {});
  drop = async () => {
    await created.database.close();
    await created.drop();
  };
  const db = created.database.db;
  const stamp = { created_at: at(-30), updated_at: at(-30) };

  const user = async (login: string) =>
    (
      await db
        .insertInto('users')
        .values({
          intra_id: 1000 + login.length * 37 + login.charCodeAt(0),
          intra_login: login,
          level: 1,
          is_starter: false,
          email: null,
          first_name: null,
          last_name: null,
          image_url: null,
          campus: null,
          campus_id: null,
          grade: null,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const apply = async (userId: number, status: ApplicationStatus, reviewedAt: string | null = null, roundId?: number) =>
    (
      await db
        .insertInto('applications')
        .values({
          user_id: userId,
          round_id: roundId ?? latestRound(db),
          status,
          motivation: 'Robots robots robots',
          experience_level: 'beginner',
          github_profile: null,
          portfolio_url: null,
          selected_project_id: null,
          review_notes: null,
          reviewed_at: reviewedAt,
          reviewed_by: null,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  const challenge = (await insertChallenge(db, NOW)).id;
  const assign = (userId: number, status: 'in_progress' | 'validated') =>
    db
      .insertInto('user_challenges')
      .values({
        user_id: userId,
        challenge_id: challenge,
        status,
        completed: status === 'validated',
        total_xp_earned: 0,
        awarded_xp: 0,
        exercise_1_tinkercad_link: null,
        exercise_2_tinkercad_link: null,
        exercise_3_tinkercad_link: null,
        exercise_4_tinkercad_link: null,
        feedback: null,
        validation_notes: null,
        started_at: null,
        submitted_at: null,
        validated_at: null,
        ...stamp,
      })
      .execute();
  const hackathon = async (endsInDays: number, seated: number[]) => {
    const event = (
      await db
        .insertInto('hackathon_events')
        .values({
          name: 'Hack',
          description: null,
          location: null,
          start_at: at(endsInDays - 1),
          end_at: at(endsInDays),
          max_teams: 0,
          ...stamp,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const team = (
      await db
        .insertInto('teams')
        .values({ event_id: event, name: 'Team', hackathon_xp: null, ...stamp })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    // One statement for all the seats, as auto-assign writes them: a trigger per statement sees them all.
    await db
      .insertInto('hackathon_registrations')
      .values(
        seated.map((userId) => ({
          user_id: userId,
          event_id: event,
          status: 'assigned' as const,
          // A database migrated only up to an earlier migration has no check-in codes yet (0048).
          ...((upTo ? {} : { check_in_code: newCheckInCode() }) as { check_in_code: string }),
          created_at: at(-30),
        })),
      )
      .execute();
    await db
      .insertInto('team_members')
      .values(seated.map((userId) => ({ team_id: team, event_id: event, user_id: userId, created_at: at(-30) })))
      .execute();
    return event;
  };
  return { database: created.database, db, user, apply, assign, hackathon };
}

/** Every applicant's stored step against the computed one, now and two days on; and the lists' filters. */
async function expectStepsKept(db: Db, because: string) {
  for (const when of [NOW, new Date(NOW.getTime() + 2 * DAY)]) {
    const computed = await journeyStepsQuery(db, when).execute();
    const stored = await journeyStepsOf(
      db,
      (await db.selectFrom('users').select('id').execute()).map((row) => row.id),
      when,
    );
    const expected = Object.fromEntries(
      computed.map((row) => [row.user_id, { step: Number(row.step), applicationId: row.application_id }]),
    );
    expect(Object.fromEntries(stored), `${because}, at ${when.toISOString()}`).toEqual(expected);
    for (const step of STEPS) {
      const listed = (await usersAtStep(db, step, when).execute()).map((row) => row.user_id).sort();
      const wanted = computed
        .filter((row) => Number(row.step) === step)
        .map((row) => row.user_id)
        .sort();
      expect(listed, `${because}: step ${step} at ${when.toISOString()}`).toEqual(wanted);
    }
  }
}

describe('journey_steps: the step the database keeps for each applicant', () => {
  it('follows every change the step rests on: applications, challenges, seats, an event’s end, roles, deletions', async () => {
    const { db, user, apply, assign, hackathon } = await world();
    const [ada, ben, cyd, dan] = [await user('ada'), await user('ben'), await user('cyd'), await user('dan')];
    await user('nobody');
    await expectStepsKept(db, 'no application');

    const applications = {
      ada: await apply(ada, 'pending'),
      ben: await apply(ben, 'pending'),
      cyd: await apply(cyd, 'pending'),
    };
    await apply(dan, 'approved', at(-20));
    await expectStepsKept(db, 'applied');
    expect((await journeyStepsOf(db, [ada, dan], NOW)).get(ada)?.step).toBe(0);

    const review = (id: number, status: ApplicationStatus) =>
      db
        .updateTable('applications')
        .set({ status, reviewed_at: at(-10) })
        .where('id', '=', id)
        .execute();
    await review(applications.ada, 'approved');
    await review(applications.ben, 'approved');
    await review(applications.cyd, 'declined');
    await expectStepsKept(db, 'reviewed');

    await assign(ada, 'in_progress');
    await expectStepsKept(db, 'a challenge assigned');
    await db.updateTable('user_challenges').set({ status: 'validated' }).where('user_id', '=', ada).execute();
    await expectStepsKept(db, 'the challenge validated');
    expect((await journeyStepsOf(db, [ada], NOW)).get(ada)?.step).toBe(2);

    // A hackathon that ends tomorrow: step 3 two days on, not now.
    const event = await hackathon(1, [ada, ben]);
    await expectStepsKept(db, 'seated in a hackathon that ends tomorrow');
    expect((await journeyStepsOf(db, [ada], new Date(NOW.getTime() + 2 * DAY))).get(ada)?.step).toBe(3);

    await db
      .updateTable('hackathon_events')
      .set({ start_at: at(-2), end_at: at(-1) })
      .where('id', '=', event)
      .execute();
    await expectStepsKept(db, 'the hackathon’s end moved to yesterday');
    expect((await journeyStepsOf(db, [ada, ben], NOW)).get(ben)?.step).toBe(3);

    await db.deleteFrom('team_members').where('user_id', '=', ben).execute();
    await expectStepsKept(db, 'a seat removed');

    await db.deleteFrom('user_challenges').where('user_id', '=', ada).execute();
    await expectStepsKept(db, 'a challenge withdrawn');

    // As the app deletes an event (hackathon.repository deleteEvent): its seats, then the event.
    await db.deleteFrom('team_members').where('event_id', '=', event).execute();
    await db.deleteFrom('hackathon_events').where('id', '=', event).execute();
    await expectStepsKept(db, 'the event deleted');

    await db.updateTable('users').set({ role: 'member' }).where('id', '=', ada).execute();
    await expectStepsKept(db, 'made a member');
    await db.updateTable('users').set({ role: 'student' }).where('id', '=', ada).execute();
    await expectStepsKept(db, 'a student again');

    await db.updateTable('applications').set({ status: 'withdrawn' }).where('id', '=', applications.ben).execute();
    await expectStepsKept(db, 'withdrawn');

    // Dan sat in a hackathon, was declined after it, and applies again in a new round: that
    // hackathon belongs to the earlier journey.
    await hackathon(-5, [dan]);
    await db
      .updateTable('applications')
      .set({ status: 'declined', reviewed_at: at(-2) })
      .where('user_id', '=', dan)
      .execute();
    const round = (
      await db
        .insertInto('recruitment_rounds')
        .values({ name: 'Spring', opens_at: at(-1), closes_at: null, created_at: at(-1), updated_at: at(-1) })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const again = await apply(dan, 'approved', at(-1), round);
    await expectStepsKept(db, 'applied again in a new round');
    expect((await journeyStepsOf(db, [dan], NOW)).get(dan)).toEqual({ step: 1, applicationId: again });

    await db.deleteFrom('applications').where('id', '=', again).execute();
    await expectStepsKept(db, 'the newer application deleted: the earlier one counts again');

    await db.deleteFrom('users').where('id', '=', cyd).execute();
    await expectStepsKept(db, 'a user deleted');
    expect(await db.selectFrom('journey_steps').select('user_id').where('user_id', '=', cyd).execute()).toEqual([]);
  });

  it('is filled for everyone who applied before the migration', async () => {
    const { database, db, user, apply, assign, hackathon } = await world('0046-applications-by-step');
    const [ada, ben, cyd] = [await user('ada'), await user('ben'), await user('cyd')];
    await apply(ada, 'approved', at(-10));
    await assign(ada, 'validated');
    await apply(ben, 'approved', at(-10));
    await hackathon(-1, [ben]);
    await apply(cyd, 'pending');
    await migrateTestDatabase(database);
    await expectStepsKept(db, 'after the migration');
    expect(Object.fromEntries(await journeyStepsOf(db, [ada, ben, cyd], NOW))).toMatchObject({
      [ada]: { step: 2 },
      [ben]: { step: 3 },
      [cyd]: { step: 0 },
    });
  });

  // SQLite has one writer at a time; PostgreSQL runs two transactions on one user side by side.
  if (testEngine === 'postgres') {
    it('keeps one user’s step right when two transactions change them at once (PostgreSQL)', async () => {
      const { db, user, apply, assign } = await world();
      const ada = await user('ada');
      const application = await apply(ada, 'approved', at(-10));
      await assign(ada, 'in_progress');
      let committed!: () => void;
      const mayCommit = new Promise<void>((resolve) => (committed = resolve));
      let updated!: () => void;
      const didUpdate = new Promise<void>((resolve) => (updated = resolve));
      // The first validates Ada's challenge (step 2, as it sees it) and waits before committing.
      const first = db.transaction().execute(async (trx) => {
        await trx.updateTable('user_challenges').set({ status: 'validated' }).where('user_id', '=', ada).execute();
        updated();
        await mayCommit;
      });
      await didUpdate;
      // The second changes her application meanwhile: its step must wait for the first's commit,
      // or it would store the step it saw (1), or insert her row a second time.
      const second = db
        .updateTable('applications')
        .set({ review_notes: 'Seen' })
        .where('id', '=', application)
        .execute();
      await until(async () => (await waiting(db)) > 0);
      committed();
      await Promise.all([first, second]);
      expect((await journeyStepsOf(db, [ada], NOW)).get(ada)?.step).toBe(2);
      await expectStepsKept(db, 'after two transactions at once');
    });
  }
});

/** How many locks a session of this database waits for. */
const waiting = async (db: Db) =>
  Number(
    (
      await sql<{
        n: number;
      }>`select count(*) as n from pg_locks where not granted and database = (select oid from pg_database where datname = current_database())`.execute(
        db,
      )
    ).rows[0]!.n,
  );

async function until(condition: () => Promise<boolean>, ms = 5000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
