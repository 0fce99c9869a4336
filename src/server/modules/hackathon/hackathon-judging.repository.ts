import { sql } from 'kysely';
import type { Criterion } from '../../../contract/hackathon';
import type { Executor } from '../../db/database';

/*
 * Team projects, rubrics and scores (spec §14, decision 0171): the SQL of hackathon-judging.service.ts.
 */

export type TeamProjectRow = {
  team_id: number;
  title: string;
  description: string;
  links: string[];
  updated_at: string;
  updated_by: { id: number; intra_login: string } | null;
};

/** The projects of the given teams (those that have one). */
export async function listTeamProjects(db: Executor, teamIds: number[]): Promise<TeamProjectRow[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('hackathon_team_projects as p')
    .leftJoin('users as by', 'by.id', 'p.updated_by')
    .select([
      'p.team_id',
      'p.title',
      'p.description',
      'p.links',
      'p.updated_at',
      'by.id as by_id',
      'by.intra_login as by_login',
    ])
    .where('p.team_id', 'in', teamIds)
    .orderBy('p.team_id')
    .execute();
  return rows.map(({ by_id, by_login, links, ...row }) => ({
    ...row,
    links: JSON.parse(links) as string[],
    updated_by: by_id !== null && by_login !== null ? { id: by_id, intra_login: by_login } : null,
  }));
}

/**
 * Writes the team's project, whole. `sole_author_id` stays the member who wrote every version, and
 * becomes null for good once another member writes it.
 */
export async function saveTeamProject(
  db: Executor,
  teamId: number,
  project: { title: string; description: string; links: string[] },
  userId: number,
  at: string,
): Promise<void> {
  const values = { ...project, links: JSON.stringify(project.links) };
  await db
    .insertInto('hackathon_team_projects')
    .values({ team_id: teamId, ...values, sole_author_id: userId, updated_by: userId, created_at: at, updated_at: at })
    .onConflict((oc) =>
      oc.column('team_id').doUpdateSet({
        ...values,
        updated_by: userId,
        updated_at: at,
        sole_author_id: sql<number | null>`case when hackathon_team_projects.sole_author_id = ${userId}
          then hackathon_team_projects.sole_author_id else null end`,
      }),
    )
    .execute();
}

/** The event's criteria in the board's order; none when it uses the default rubric. */
export async function listCriteria(db: Executor, eventId: number): Promise<Criterion[]> {
  return db
    .selectFrom('hackathon_rubric_criteria')
    .select(['key', 'name', 'weight', 'max'])
    .where('event_id', '=', eventId)
    .orderBy('position')
    .execute();
}

export async function replaceCriteria(db: Executor, eventId: number, criteria: Criterion[]): Promise<void> {
  await db.deleteFrom('hackathon_rubric_criteria').where('event_id', '=', eventId).execute();
  await db
    .insertInto('hackathon_rubric_criteria')
    .values(criteria.map((criterion, i) => ({ event_id: eventId, position: i + 1, ...criterion })))
    .execute();
}

/** Whether any team of the event has a score: the rubric is then locked. */
export async function eventHasScores(db: Executor, eventId: number): Promise<boolean> {
  const row = await db
    .selectFrom('hackathon_scores as s')
    .innerJoin('teams', 'teams.id', 's.team_id')
    .select('s.id')
    .where('teams.event_id', '=', eventId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export type ScoreRow = {
  team_id: number;
  judge: { id: number; intra_login: string };
  scores: Record<string, number>;
  comment: string | null;
  updated_at: string;
};

/** The scores of the given teams, with their judges, by team then judge. */
export async function listScores(db: Executor, teamIds: number[]): Promise<ScoreRow[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('hackathon_scores as s')
    .innerJoin('users as j', 'j.id', 's.judge_id')
    .select(['s.team_id', 's.judge_id', 'j.intra_login', 's.scores', 's.comment', 's.updated_at'])
    .where('s.team_id', 'in', teamIds)
    .orderBy('s.team_id')
    .orderBy('s.judge_id')
    .execute();
  return rows.map((row) => ({
    team_id: row.team_id,
    judge: { id: row.judge_id, intra_login: row.intra_login },
    scores: JSON.parse(row.scores) as Record<string, number>,
    comment: row.comment,
    updated_at: row.updated_at,
  }));
}

/** The judge's score of the team replaces their previous one: one row per (team, judge). */
export async function saveScore(
  db: Executor,
  teamId: number,
  judgeId: number,
  score: { scores: Record<string, number>; comment: string | null },
  at: string,
): Promise<void> {
  const values = { scores: JSON.stringify(score.scores), comment: score.comment, updated_at: at };
  await db
    .insertInto('hackathon_scores')
    .values({ team_id: teamId, judge_id: judgeId, ...values, created_at: at })
    .onConflict((oc) => oc.columns(['team_id', 'judge_id']).doUpdateSet(values))
    .execute();
}

/** The members of the event's teams with their names and pictures, by login. */
export async function teamMembersWithNames(db: Executor, teamIds: number[]) {
  if (teamIds.length === 0) return [];
  return db
    .selectFrom('team_members as tm')
    .innerJoin('users as u', 'u.id', 'tm.user_id')
    .select(['tm.team_id', 'u.id as user_id', 'u.intra_login', 'u.first_name', 'u.last_name', 'u.image_url'])
    .where('tm.team_id', 'in', teamIds)
    .orderBy('u.intra_login')
    .execute();
}

/** Whether the user sits in the team. */
export async function sitsIn(db: Executor, teamId: number, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('team_members')
    .select('user_id')
    .where('team_id', '=', teamId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}
