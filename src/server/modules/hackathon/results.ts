import { MAX_HACKATHON_XP } from '../../../contract/constants';

/** A criterion of an event's rubric (spec §14): its weight (1-10) and the most a judge may give (1-100). */
export type Criterion = { key: string; weight: number; max: number };
/** One judge's score of one team: a value per criterion. */
export type JudgeScore = { team_id: number; judge_id: number; scores: Record<string, number> };

export type TeamResult = {
  team_id: number;
  /** From 0 to 1: the mean, over the judges who scored the team, of Σ(weight × value / max) / Σ weight. */
  score: number;
  /** round(200 × score). */
  xp: number;
  judges: number;
  /** The mean value given to each criterion, on its own scale (0..max). */
  criteria: Record<string, number>;
};
export type JudgeResult = { judge_id: number; teams: number; mean: number };

/** One judge's score of one team, from 0 to 1: each criterion's share of its maximum, weighted. */
export function weightedScore(criteria: Criterion[], scores: Record<string, number>): number {
  const weights = criteria.reduce((sum, criterion) => sum + criterion.weight, 0);
  const earned = criteria.reduce(
    (sum, criterion) => sum + (criterion.weight * (scores[criterion.key] ?? 0)) / criterion.max,
    0,
  );
  return earned / weights;
}

const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T, K>(items: T[], keyOf: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return groups;
}

/**
 * The results of spec §14, computed on the server: the teams with at least one score, best first
 * (ties by team id, a stable order), and each judge's mean over the teams they scored, so that a
 * harsh or a lenient judge shows. The XP is rounded half up; the 1e-9 keeps a half that floating
 * point computes as 22.499999999999996 (200 × 0.1125) a half.
 */
export function hackathonResults(
  criteria: Criterion[],
  scores: JudgeScore[],
): { teams: TeamResult[]; judges: JudgeResult[] } {
  const byTeam = groupBy(scores, (score) => score.team_id);
  const teams = [...byTeam].map(([team_id, given]): TeamResult => {
    const score = mean(given.map((one) => weightedScore(criteria, one.scores)));
    return {
      team_id,
      score,
      xp: Math.round(MAX_HACKATHON_XP * score + 1e-9),
      judges: given.length,
      criteria: Object.fromEntries(
        criteria.map((criterion) => [criterion.key, mean(given.map((one) => one.scores[criterion.key] ?? 0))]),
      ),
    };
  });
  teams.sort((a, b) => b.score - a.score || a.team_id - b.team_id);
  const judges = [...groupBy(scores, (score) => score.judge_id)]
    .map(([judge_id, given]) => ({
      judge_id,
      teams: given.length,
      mean: mean(given.map((one) => weightedScore(criteria, one.scores))),
    }))
    .sort((a, b) => a.judge_id - b.judge_id);
  return { teams, judges };
}
