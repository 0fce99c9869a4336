import { EXERCISE_NUMBERS, type AdminUserChallenge, type Challenge } from '../../../contract/challenges';
import type { Executor } from '../../db/database';
import type { ChallengeRow, UserChallengeRow } from '../../db/schema';
import { findChallenges, findUsers, type UserRef } from './challenges.repository';

/** One message for a missing challenge and a missing user challenge: a candidate sees no difference. */
export const CHALLENGE_NOT_FOUND = /*i18n*/ 'This challenge does not exist.';

export function toChallenge(row: ChallengeRow): Challenge {
  return {
    ...row,
    difficulty: row.difficulty_level,
    exercise_count: EXERCISE_NUMBERS.filter((n) => Boolean(row[`exercise_${n}_title`])).length,
  };
}

export function toUserChallenge(row: UserChallengeRow, challengeRow: ChallengeRow, user: UserRef): AdminUserChallenge {
  const challenge = toChallenge(challengeRow);
  return {
    ...row,
    user,
    challenge,
    title: challenge.title,
    description: challenge.description,
    difficulty_level: challenge.difficulty_level,
    grade: challenge.grade,
    xp_reward: challenge.xp_reward,
    subject_pdf_url: challenge.subject_pdf_url,
    tinkercad_class_code: challenge.tinkercad_class_code,
    validation_threshold: challenge.validation_threshold,
    exercise_count: challenge.exercise_count,
    completed_exercises_count: EXERCISE_NUMBERS.filter((n) => row[`exercise_${n}_completed`]).length,
    exercise_1_title: challenge.exercise_1_title,
    exercise_1_description: challenge.exercise_1_description,
    exercise_2_title: challenge.exercise_2_title,
    exercise_2_description: challenge.exercise_2_description,
    exercise_3_title: challenge.exercise_3_title,
    exercise_3_description: challenge.exercise_3_description,
    exercise_4_title: challenge.exercise_4_title,
    exercise_4_description: challenge.exercise_4_description,
  };
}

/** User challenges as the API shows them, with their challenge and candidate, in two queries. */
export async function userChallengeViews(db: Executor, rows: UserChallengeRow[]): Promise<AdminUserChallenge[]> {
  const [challenges, users] = await Promise.all([
    findChallenges(db, [...new Set(rows.map((row) => row.challenge_id))]),
    findUsers(db, [...new Set(rows.map((row) => row.user_id))]),
  ]);
  return rows.map((row) => toUserChallenge(row, challenges.get(row.challenge_id)!, users.get(row.user_id)!));
}

export async function userChallengeView(db: Executor, row: UserChallengeRow): Promise<AdminUserChallenge> {
  return (await userChallengeViews(db, [row]))[0]!;
}
