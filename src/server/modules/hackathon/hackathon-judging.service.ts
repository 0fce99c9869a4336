import type { z } from 'zod';
import {
  DEFAULT_RUBRIC,
  type Criterion,
  type Judging,
  type Rubric,
  type Score,
  type TeamProject,
  type rubricBodySchema,
  type scoreBodySchema,
  type teamProjectBodySchema,
} from '../../../contract/hackathon';
import { DEFAULT_SETTINGS } from '../../../contract/settings-defaults';
import type { Executor } from '../../db/database';
import type { SignedInUser, UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, forbidden, type ErrorDetail } from '../../errors';
import { readSetting } from '../../read-model/settings';
import { recordAudit } from '../audit';
import { renderMarkdown } from '../mail';
import { requireEvent, requireTeam } from './hackathon-events.service';
import {
  eventHasScores,
  listCriteria,
  listScores,
  listTeamProjects,
  replaceCriteria,
  saveScore,
  saveTeamProject,
  sitsIn,
  teamMembersWithNames,
  type ScoreRow,
  type TeamProjectRow,
} from './hackathon-judging.repository';
import { judgesEvent, listTeams } from './hackathon.repository';

const MINUTE_MS = 60_000;

/** When a team of the event may write its project: from the start to the end plus the grace period. */
export async function projectWindow(db: Executor, event: { start_at: string; end_at: string }) {
  const grace = (await readSetting(db, 'project_grace_minutes')) ?? DEFAULT_SETTINGS.project_grace_minutes!;
  return {
    opens_at: new Date(event.start_at).toISOString(),
    closes_at: new Date(Date.parse(event.end_at) + grace * MINUTE_MS).toISOString(),
  };
}

/** The project as answered: its Markdown also rendered by the server, as the board's messages are. */
export const projectView = (row: TeamProjectRow, appUrl: string): TeamProject => ({
  ...row,
  description_html: renderMarkdown(row.description, appUrl).value,
});

/** The team's project, or null. */
export async function teamProject(db: Executor, teamId: number, appUrl: string): Promise<TeamProject | null> {
  const [row] = await listTeamProjects(db, [teamId]);
  return row ? projectView(row, appUrl) : null;
}

/** The event's rubric: its own criteria, or the default ones; locked once a team of it is scored. */
export async function rubricOf(db: Executor, eventId: number): Promise<Rubric> {
  const [criteria, locked] = await Promise.all([listCriteria(db, eventId), eventHasScores(db, eventId)]);
  return criteria.length > 0
    ? { criteria, is_default: false, locked }
    : { criteria: DEFAULT_RUBRIC, is_default: true, locked };
}

/** What is wrong with a score under the rubric: a missing criterion, a key it does not have, a value above the max. */
function scoreProblems(scores: Record<string, number>, criteria: Criterion[]): ErrorDetail[] {
  const problems: ErrorDetail[] = [];
  for (const criterion of criteria) {
    const value = scores[criterion.key];
    if (value === undefined) {
      problems.push({ path: `scores.${criterion.key}`, message: /*i18n*/ 'Every criterion needs a score.' });
    } else if (value > criterion.max) {
      problems.push({
        path: `scores.${criterion.key}`,
        message: /*i18n*/ 'A score is at most {max}.',
        values: { max: criterion.max },
      });
    }
  }
  for (const key of Object.keys(scores)) {
    if (!criteria.some((criterion) => criterion.key === key)) {
      problems.push({ path: `scores.${key}`, message: /*i18n*/ 'This event has no such criterion.' });
    }
  }
  return problems;
}

/** Team projects, the rubric and the judges' scores (spec §14, decision 0171). */
export function createHackathonJudgingService(deps: Deps) {
  const { db, clock, engine, config } = deps;

  /** An admin or a judge of the event may read its rubric and judging; anyone else 403 (404 for no event). */
  async function requireJudgeOrAdmin(eventId: number, user: SignedInUser) {
    const event = await requireEvent(db, eventId);
    if (!user.is_admin && !(await judgesEvent(db, eventId, user.id))) {
      throw forbidden(/*i18n*/ 'You are not a judge of this hackathon event.');
    }
    return event;
  }

  return {
    /** A member of the team writes its project, inside the event's window (409 outside it). */
    async saveProject(teamId: number, body: z.output<typeof teamProjectBodySchema>, user: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const team = await requireTeam(trx, teamId);
        if (!(await sitsIn(trx, teamId, user.id))) {
          throw forbidden(/*i18n*/ 'Only a member of this team can write its project.');
        }
        const event = await requireEvent(trx, team.event_id, engine);
        const window = await projectWindow(trx, event);
        const at = now.toISOString();
        if (at < window.opens_at) throw conflict(/*i18n*/ 'The team project can be written once the hackathon starts.');
        if (at > window.closes_at) throw conflict(/*i18n*/ 'The team project is locked: its deadline has passed.');
        const before = (await listTeamProjects(trx, [teamId]))[0];
        await saveTeamProject(trx, teamId, body, user.id, at);
        // The texts stay out of the audit log: an erasure deletes what a person wrote alone (spec §15).
        await recordAudit(trx, {
          action: 'hackathon.project_saved',
          entity_type: 'team',
          entity_id: teamId,
          actor: user,
          details: {
            before: before ? { updated_at: before.updated_at } : null,
            after: { event_id: event.id, links: body.links.length, description_length: body.description.length },
          },
          at: now,
        });
        return (await teamProject(trx, teamId, config.publicUrl))!;
      });
    },

    async rubric(eventId: number, user: SignedInUser) {
      await requireJudgeOrAdmin(eventId, user);
      return rubricOf(db, eventId);
    },

    /** Sets the event's criteria, until its first score (then 409). */
    async setRubric(eventId: number, body: z.output<typeof rubricBodySchema>, admin: UserRow) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        await requireEvent(trx, eventId, engine);
        const before = await rubricOf(trx, eventId);
        if (before.locked) throw conflict(/*i18n*/ 'The criteria cannot change once a team has been scored.');
        await replaceCriteria(trx, eventId, body.criteria);
        await recordAudit(trx, {
          action: 'hackathon.rubric_set',
          entity_type: 'hackathon_event',
          entity_id: eventId,
          actor: admin,
          details: { before: { criteria: before.criteria }, after: { criteria: body.criteria } },
          at: now,
        });
        return rubricOf(trx, eventId);
      });
    },

    /**
     * A judge of the team's event scores it, after the end and until the results are published;
     * the new score replaces that judge's own. An admin scores only when named a judge.
     */
    async score(teamId: number, body: z.output<typeof scoreBodySchema>, user: UserRow): Promise<Score> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const team = await requireTeam(trx, teamId);
        const event = await requireEvent(trx, team.event_id, engine);
        if (!(await judgesEvent(trx, event.id, user.id))) {
          throw forbidden(/*i18n*/ 'You are not a judge of this hackathon event.');
        }
        const at = now.toISOString();
        if (at < event.end_at) throw conflict(/*i18n*/ 'Teams can be scored once the hackathon is over.');
        if (event.results_published_at !== null) {
          throw conflict(/*i18n*/ 'The results of this hackathon are published: scores cannot change.');
        }
        const rubric = await rubricOf(trx, event.id);
        const problems = scoreProblems(body.scores, rubric.criteria);
        if (problems.length > 0) {
          throw badRequest(
            /*i18n*/ 'Give every criterion a score from 0 to its maximum.',
            'VALIDATION_FAILED',
            problems,
          );
        }
        // The default rubric is written with the first score: the criteria it was given against stay.
        if (rubric.is_default) await replaceCriteria(trx, event.id, rubric.criteria);
        const before = (await listScores(trx, [teamId])).find((row) => row.judge.id === user.id);
        await saveScore(trx, teamId, user.id, body, at);
        await recordAudit(trx, {
          action: 'hackathon.scored',
          entity_type: 'team',
          entity_id: teamId,
          actor: user,
          details: { before: before ? { scores: before.scores } : null, after: { scores: body.scores } },
          at: now,
        });
        return { team_id: teamId, scores: body.scores, comment: body.comment, updated_at: at };
      });
    },

    /**
     * The teams of the event in a fixed order (by id), each with its project, members and the
     * asking judge's score; the other judges' scores once this judge has scored every team with a
     * project (an admin always sees them).
     */
    async judging(eventId: number, user: SignedInUser): Promise<Judging> {
      const event = await requireJudgeOrAdmin(eventId, user);
      const teams = await listTeams(db, { eventId });
      const ids = teams.map((team) => team.id);
      const [rubric, projects, scores, members] = await Promise.all([
        rubricOf(db, eventId),
        listTeamProjects(db, ids),
        listScores(db, ids),
        teamMembersWithNames(db, ids),
      ]);
      const withProject = new Set(projects.map((project) => project.team_id));
      const mine = new Map(scores.filter((row) => row.judge.id === user.id).map((row) => [row.team_id, row]));
      const scored = [...withProject].filter((id) => mine.has(id)).length;
      const othersVisible = user.is_admin || scored === withProject.size;
      const scoreView = (row: ScoreRow) => ({
        team_id: row.team_id,
        scores: row.scores,
        comment: row.comment,
        updated_at: row.updated_at,
      });
      return {
        event: {
          id: event.id,
          name: event.name,
          end_at: event.end_at,
          results_published_at: event.results_published_at,
        },
        rubric,
        teams: teams.map((team) => {
          const project = projects.find((row) => row.team_id === team.id);
          const my = mine.get(team.id);
          return {
            id: team.id,
            name: team.name,
            project: project ? projectView(project, config.publicUrl) : null,
            members: members
              .filter((member) => member.team_id === team.id)
              .map(({ team_id: _team, ...member }) => member),
            my_score: my ? scoreView(my) : null,
            other_scores: othersVisible
              ? scores
                  .filter((row) => row.team_id === team.id && row.judge.id !== user.id)
                  .map(({ team_id: _team, ...row }) => row)
              : null,
          };
        }),
        progress: { scored, with_project: withProject.size },
        others_visible: othersVisible,
      };
    },
  };
}
