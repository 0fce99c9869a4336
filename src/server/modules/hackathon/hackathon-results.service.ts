import { teamDisplayName, type HackathonResults, type MyTeamResults } from '../../../contract/hackathon';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { AppError, conflict, type ErrorDetail } from '../../errors';
import { recordAudit } from '../audit';
import { hackathonResults } from './results';
import { rubricOf } from './hackathon-judging.service';
import { listScores, listTeamProjects } from './hackathon-judging.repository';
import { requireEvent } from './hackathon-events.service';
import { listTeams, updateEvent, type TeamView } from './hackathon.repository';
import { hackathonResultsMail } from '../mail';
import type { createHackathonTeamsService } from './hackathon-teams.service';

/** A team with a project needs at least this many judges' scores before the results are published. */
export const MIN_SCORES_TO_PUBLISH = 2;

/** The event's results as computed now (spec §14, decision 0175): the formula of results.ts over its scores. */
async function computeResults(db: Executor, eventId: number, publishedAt: string | null) {
  const teams = await listTeams(db, { eventId });
  const [rubric, scores] = await Promise.all([
    rubricOf(db, eventId),
    listScores(
      db,
      teams.map((team) => team.id),
    ),
  ]);
  const computed = hackathonResults(
    rubric.criteria,
    scores.map((row) => ({ team_id: row.team_id, judge_id: row.judge.id, scores: row.scores })),
  );
  const teamById = new Map(teams.map((team) => [team.id, team]));
  const loginOf = new Map(scores.map((row) => [row.judge.id, row.judge.intra_login]));
  const results: HackathonResults = {
    event_id: eventId,
    published_at: publishedAt,
    criteria: rubric.criteria,
    teams: computed.teams.map((result, i) => {
      const team = teamById.get(result.team_id)!;
      return {
        rank: i + 1,
        id: team.id,
        name: team.name,
        score: result.score,
        xp: result.xp,
        judges: result.judges,
        criteria: result.criteria,
        members: team.members.map((member) => ({ id: member.user_id, intra_login: member.intra_login })),
      };
    }),
    judges: computed.judges.map((judge) => ({
      id: judge.judge_id,
      intra_login: loginOf.get(judge.judge_id)!,
      mean: judge.mean,
      teams: judge.teams,
    })),
  };
  return { results, teams, scores };
}

/**
 * What a member reads of their team's results (spec §14): null until the event's results are
 * published, and for a team nobody scored. The judges' comments carry no judge.
 */
export async function myTeamResults(
  db: Executor,
  team: TeamView,
  publishedAt: string | null,
): Promise<MyTeamResults | null> {
  if (publishedAt === null) return null;
  const [rubric, scores] = await Promise.all([rubricOf(db, team.event_id), listScores(db, [team.id])]);
  const [result] = hackathonResults(
    rubric.criteria,
    scores.map((row) => ({ team_id: row.team_id, judge_id: row.judge.id, scores: row.scores })),
  ).teams;
  if (!result) return null;
  return {
    score: result.score,
    xp: team.hackathon_xp,
    criteria: rubric.criteria.map((criterion) => ({
      key: criterion.key,
      name: criterion.name,
      max: criterion.max,
      mean: result.criteria[criterion.key] ?? 0,
    })),
    comments: scores.flatMap((row) => (row.comment ? [row.comment] : [])),
    published_at: publishedAt,
  };
}

/** The results of a hackathon event: read by the board, then published to the teams (spec §14, decision 0175). */
export function createHackathonResultsService(deps: Deps, teams: ReturnType<typeof createHackathonTeamsService>) {
  const { db, clock, engine, mail, webhooks } = deps;

  return {
    async results(eventId: number): Promise<HackathonResults> {
      const event = await requireEvent(db, eventId);
      return (await computeResults(db, eventId, event.results_published_at)).results;
    },

    /**
     * In one transaction: refuses (409) while a team with a project has fewer than 2 scores, or a
     * second time; sets each scored team's XP through §6's path, marks the event published, mails
     * each member of a scored team in their language, queues the `hackathon.results` webhook event.
     */
    async publish(eventId: number, admin: UserRow): Promise<HackathonResults> {
      const now = clock.now();
      const at = now.toISOString();
      const published = await db.transaction().execute(async (trx) => {
        const event = await requireEvent(trx, eventId, engine);
        if (event.results_published_at !== null) {
          throw conflict(/*i18n*/ 'The results of this hackathon are already published.');
        }
        if (at < event.end_at) throw conflict(/*i18n*/ 'The results can be published once the hackathon is over.');
        const { results, teams: all, scores } = await computeResults(trx, eventId, null);
        const projects = await listTeamProjects(
          trx,
          all.map((team) => team.id),
        );
        const scoreCount = (teamId: number) => scores.filter((row) => row.team_id === teamId).length;
        const short = all.filter(
          (team) =>
            projects.some((project) => project.team_id === team.id) && scoreCount(team.id) < MIN_SCORES_TO_PUBLISH,
        );
        if (short.length > 0) {
          const details: ErrorDetail[] = short.map((team) => ({
            path: `teams.${team.id}`,
            message: /*i18n*/ '{team} has {count, plural, one {# score} other {# scores}}.',
            values: { team: () => teamDisplayName(team.name), count: scoreCount(team.id) },
          }));
          throw new AppError(
            409,
            'CONFLICT',
            {
              sentence:
                /*i18n*/ 'The results cannot be published yet: each team with a project needs at least {min} scores, and these have fewer: {teams}.',
              // The names in the reader's language, told when the answer is written.
              values: {
                min: MIN_SCORES_TO_PUBLISH,
                teams: () => short.map((team) => teamDisplayName(team.name)).join(', '),
              },
            },
            details,
          );
        }
        for (const team of results.teams) {
          await teams.changeTeam(trx, team.id, { hackathon_xp: team.xp }, admin, now);
        }
        await updateEvent(trx, eventId, { results_published_at: at, updated_at: at });
        await recordAudit(trx, {
          action: 'hackathon.results_published',
          entity_type: 'hackathon_event',
          entity_id: eventId,
          actor: admin,
          details: {
            after: {
              teams: results.teams.map((team) => ({ team_id: team.id, score: team.score, xp: team.xp })),
            },
          },
          at: now,
        });
        const teamOf = new Map(
          results.teams.flatMap((team) => team.members.map((member) => [member.id, team] as const)),
        );
        await mail.enqueue(
          trx,
          [...teamOf.keys()],
          hackathonResultsMail((userId) => {
            const team = teamOf.get(userId)!;
            return { team: team.name, event: event.name, score: team.score, xp: team.xp };
          }),
          now,
        );
        await webhooks.enqueue(
          trx,
          'hackathon.results',
          {
            event_id: eventId,
            event_name: event.name,
            teams: results.teams.map((team) => ({ team_id: team.id, name: team.name, score: team.score, xp: team.xp })),
          },
          now,
        );
        return { ...results, published_at: at };
      });
      mail.kick();
      webhooks.kick();
      return published;
    },
  };
}
