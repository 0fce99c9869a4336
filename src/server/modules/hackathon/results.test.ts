import { describe, expect, it } from 'vitest';
import { hackathonResults, weightedScore, type Criterion } from './results';

/** Spec §14's formula against numbers worked out by hand. */
const DEFAULT: Criterion[] = [
  { key: 'idea', weight: 1, max: 10 },
  { key: 'technical', weight: 2, max: 10 },
  { key: 'demo', weight: 1, max: 10 },
];

describe('the hackathon results (spec §14)', () => {
  it('weighs each criterion by its share of its maximum', () => {
    // (1×8/10 + 2×6/10 + 1×10/10) / 4 = (0.8 + 1.2 + 1) / 4 = 0.75
    expect(weightedScore(DEFAULT, { idea: 8, technical: 6, demo: 10 })).toBeCloseTo(0.75, 12);
    // Maxima differ: (3×40/50 + 1×5/5) / 4 = (2.4 + 1) / 4 = 0.85
    const mixed = [
      { key: 'build', weight: 3, max: 50 },
      { key: 'pitch', weight: 1, max: 5 },
    ];
    expect(weightedScore(mixed, { build: 40, pitch: 5 })).toBeCloseTo(0.85, 12);
  });

  it('averages the judges of a team, ranks the teams, rounds the XP half up, and shows each judge’s mean', () => {
    const { teams, judges } = hackathonResults(DEFAULT, [
      // Team 1: judge 10 gives 0.75, judge 11 gives (7 + 2×9 + 6)/40 = 31/40 = 0.775; mean 0.7625 → 152.5 → 153 XP.
      { team_id: 1, judge_id: 10, scores: { idea: 8, technical: 6, demo: 10 } },
      { team_id: 1, judge_id: 11, scores: { idea: 7, technical: 9, demo: 6 } },
      // Team 2: judge 10 gives (10 + 20 + 10)/40 = 1; judge 11 gives (5 + 10 + 5)/40 = 0.5; mean 0.75 → 150 XP.
      { team_id: 2, judge_id: 10, scores: { idea: 10, technical: 10, demo: 10 } },
      { team_id: 2, judge_id: 11, scores: { idea: 5, technical: 5, demo: 5 } },
      // Team 3: one judge, (1 + 0 + 0)/40 = 0.025 → 5 XP.
      { team_id: 3, judge_id: 11, scores: { idea: 1, technical: 0, demo: 0 } },
    ]);
    expect(teams.map((team) => [team.team_id, team.xp, team.judges])).toEqual([
      [1, 153, 2],
      [2, 150, 2],
      [3, 5, 1],
    ]);
    expect(teams[0]!.score).toBeCloseTo(0.7625, 12);
    expect(teams[0]!.criteria).toEqual({ idea: 7.5, technical: 7.5, demo: 8 });
    // Judge 10: (0.75 + 1) / 2 = 0.875; judge 11, harsher: (0.775 + 0.5 + 0.025) / 3 = 0.4333…
    expect(judges).toEqual([
      { judge_id: 10, teams: 2, mean: expect.closeTo(0.875, 12) },
      { judge_id: 11, teams: 3, mean: expect.closeTo(1.3 / 3, 12) },
    ]);
  });

  it('keeps a half a half: 200 × 0.1125 is 22.5, which rounds to 23, though floating point computes 22.499…', () => {
    // Judge 1 gives nothing, judge 2 gives (0 + 2×1 + 7)/40 = 0.225: the mean 0.1125 → 22.5 XP → 23.
    const { teams } = hackathonResults(DEFAULT, [
      { team_id: 7, judge_id: 1, scores: { idea: 0, technical: 0, demo: 0 } },
      { team_id: 7, judge_id: 2, scores: { idea: 0, technical: 1, demo: 7 } },
    ]);
    expect(teams[0]!.score).toBeCloseTo(0.1125, 12);
    expect(teams[0]!.xp).toBe(23);
  });

  it('answers nothing for an event without scores', () => {
    expect(hackathonResults(DEFAULT, [])).toEqual({ teams: [], judges: [] });
  });
});
