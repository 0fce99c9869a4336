import type { Db } from '../../../src/server/db/database';
import { insertChallenge } from './challenges.fixtures';
import { insertSeatedTeam } from './hackathon.fixtures';
import { signIn } from './sign-in';
import type { TestApp } from './test-app';
import { latestRound } from './rounds.fixtures';

const DAY = 24 * 3600 * 1000;

const HOUR = 3600_000;

/**
 * Seats an approved candidate in a team of a hackathon that ended an hour before `now`: with an
 * approved application, that is journey step 3, the board's final decision.
 */
export async function seatAfterHackathon(db: Db, now: Date, userId: number): Promise<void> {
  const at = now.toISOString();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
  const event = await db
    .insertInto('hackathon_events')
    .values({
      name: `Past hackathon of user ${userId}`,
      description: null,
      location: null,
      start_at: hoursAgo(25),
      end_at: hoursAgo(1),
      max_teams: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertSeatedTeam(db, { eventId: event.id, name: `Team of user ${userId}`, userIds: [userId], at });
}

/** A candidate whose challenges were all validated `validatedDaysAgo` days ago: journey step 2. */
export async function stepTwoCandidate(t: TestApp, now: Date, login: string, validatedDaysAgo = 8) {
  const { cookie, user } = await signIn(t.app, login);
  const db = t.database.db;
  const at = now.toISOString();
  const challenge =
    (await db.selectFrom('challenges').select('id').executeTakeFirst()) ?? (await insertChallenge(db, now));
  await db
    .insertInto('applications')
    .values({
      user_id: user.id,
      round_id: latestRound(db),
      status: 'approved',
      motivation: 'Robots robots robots',
      experience_level: 'beginner',
      github_profile: null,
      portfolio_url: null,
      selected_project_id: null,
      review_notes: null,
      reviewed_at: at,
      reviewed_by: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  await db
    .insertInto('user_challenges')
    .values({
      user_id: user.id,
      challenge_id: challenge.id,
      status: 'validated',
      completed: true,
      total_xp_earned: 100,
      awarded_xp: 100,
      exercise_1_tinkercad_link: null,
      exercise_2_tinkercad_link: null,
      exercise_3_tinkercad_link: null,
      exercise_4_tinkercad_link: null,
      feedback: null,
      validation_notes: null,
      started_at: at,
      submitted_at: at,
      validated_at: new Date(now.getTime() - validatedDaysAgo * DAY).toISOString(),
      created_at: at,
      updated_at: at,
    })
    .execute();
  return { cookie, userId: user.id };
}
