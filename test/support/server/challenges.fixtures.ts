import type { Insertable } from 'kysely';
import { CHALLENGES_PER_CANDIDATE } from '../../../src/contract/constants';
import type { Db } from '../../../src/server/db/database';
import type { ChallengeRow, ChallengesTable, UserChallengeRow } from '../../../src/server/db/schema';
import type { Clock } from '../../../src/server/clock';
import { signIn } from './sign-in';
import { assignActiveChallenges } from '../../../src/server/modules/challenges/challenges.repository';
import type { TestApp } from './test-app';
import { latestRound } from './rounds.fixtures';

/** A challenge written straight into the catalog: four exercises unless told otherwise. */
export async function insertChallenge(
  db: Db,
  at: Date,
  overrides: Partial<Insertable<ChallengesTable>> = {},
): Promise<ChallengeRow> {
  return db
    .insertInto('challenges')
    .values({
      title: 'Blinking LED',
      description: 'Make an LED blink with an Arduino.',
      difficulty_level: 'beginner',
      grade: 50,
      subject_pdf_url: 'https://example.com/subject.pdf',
      tinkercad_class_code: 'ABC123',
      exercise_1_title: 'Wire the LED',
      exercise_1_description: 'Connect an LED and a resistor.',
      exercise_2_title: 'Blink',
      exercise_2_description: 'Blink once a second.',
      exercise_3_title: 'Fade',
      exercise_3_description: 'Fade with PWM.',
      exercise_4_title: 'Button',
      exercise_4_description: 'Toggle with a button.',
      validation_threshold: 70,
      xp_reward: 100,
      is_active: true,
      created_at: at.toISOString(),
      updated_at: at.toISOString(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * A signed-in candidate in the state the applications module leaves at approval: an approved
 * application reviewed now, and a pending user challenge for every active challenge (by id, at most 4).
 */
export async function approvedCandidate(
  t: TestApp,
  clock: Clock,
  login: string,
): Promise<{ cookie: string; userId: number; userChallenges: UserChallengeRow[] }> {
  const { cookie, user } = await signIn(t.app, login);
  const db = t.database.db;
  const now = clock.now().toISOString();
  await db
    .insertInto('applications')
    .values({
      user_id: user.id,
      round_id: latestRound(db),
      status: 'approved',
      motivation: 'I love building robots.',
      experience_level: 'beginner',
      github_profile: null,
      portfolio_url: null,
      selected_project_id: null,
      reviewed_at: now,
      created_at: now,
      updated_at: now,
    })
    .execute();
  // The very assignment the review uses, so the fixture cannot drift from it.
  await assignActiveChallenges(db, user.id, CHALLENGES_PER_CANDIDATE, now);
  const userChallenges = await db.selectFrom('user_challenges').selectAll().where('user_id', '=', user.id).execute();
  userChallenges.sort((a, b) => a.id - b.id);
  return { cookie, userId: user.id, userChallenges };
}

/** A signed-in user whose application is still pending. */
export async function pendingApplicant(t: TestApp, clock: Clock, login: string) {
  const { cookie, user } = await signIn(t.app, login);
  const now = clock.now().toISOString();
  await t.database.db
    .insertInto('applications')
    .values({
      user_id: user.id,
      round_id: latestRound(t.database.db),
      motivation: 'I love building robots.',
      experience_level: 'beginner',
      github_profile: null,
      portfolio_url: null,
      selected_project_id: null,
      reviewed_at: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { cookie, userId: user.id };
}
