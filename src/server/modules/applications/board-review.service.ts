import type { Readable } from 'node:stream';
import type { z } from 'zod';
import {
  APPLICATION_HISTORY_MAX,
  APPLICATIONS_CSV_COLUMNS,
  type AdminApplication,
  type applicationExportQuerySchema,
  type ApplicationDetail,
  type ApplicationHistoryEntry,
  type applicationListQuerySchema,
  type Tally,
  type VoteStage,
  type voteBodySchema,
} from '../../../contract/applications';
import { csvStream } from '../../csv-writer';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { entriesAbout, recordAudit } from '../audit';
import { countActiveChallenges } from '../challenges';
import {
  journeyStep,
  journeyStepsOf,
  journeySummary,
  stepsOfApplications,
  type JourneyStep,
} from '../../read-model/journey';
import { findUserById } from '../users';
import {
  eachApplicationForExport,
  findApplication,
  listApplications,
  type ApplicationView,
} from './applications.repository';
import {
  findVote,
  lockApplicationStatus,
  nextInQueue,
  saveVote,
  votesOf,
  votesOnApplications,
} from './application-votes.repository';
import { blindReviewOn, candidatesHiddenFrom } from '../../read-model/blind-review';

type VoteInput = z.output<typeof voteBodySchema>;
type ListQuery = z.output<typeof applicationListQuerySchema>;
type ExportQuery = z.output<typeof applicationExportQuerySchema>;

const NO_SUCH_APPLICATION = /*i18n*/ 'There is no such application.';
const CLOSED =
  /*i18n*/ 'The decision on this application is closed: votes are taken while it is pending and at the board approval step.';

/**
 * The decision open on an application (docs/product/applications.md#the-boards-workbench): the review while
 * it is pending, the board's final decision while its candidate is at step 3, else none.
 */
function stageAt(status: ApplicationView['status'], step: JourneyStep | null): VoteStage | null {
  if (status === 'pending') return 'review';
  return status === 'approved' && step === 3 ? 'final' : null;
}

/**
 * The votes of the decision open on the application, or once decided the last decision's (the
 * stage of its latest vote), so the board still sees how it voted.
 */
function tallyOf(votes: { stage: VoteStage; vote: keyof Tally }[], open: VoteStage | null): Tally {
  const counted = open ?? votes.at(-1)?.stage;
  const tally: Tally = { yes: 0, no: 0, abstain: 0 };
  for (const vote of votes) if (vote.stage === counted) tally[vote.vote]++;
  return tally;
}

async function openStage(
  db: Executor,
  application: Pick<ApplicationView, 'status' | 'user_id'>,
  now: Date,
): Promise<VoteStage | null> {
  const step = application.status === 'approved' ? await journeyStep(db, application.user_id, now) : null;
  return stageAt(application.status, step);
}

/**
 * Who decided what when about the application: its own audit entries (submitted, edited, votes,
 * decisions) and its candidate's role changes (the final "yes" makes them a member). Under blind
 * review the candidate's own entries lose who acted and their details (an edit may hold their
 * links); `by_candidate` still says it was the candidate.
 */
async function historyOf(
  db: Executor,
  application: ApplicationView,
  hidden: boolean,
): Promise<ApplicationHistoryEntry[]> {
  const entries = await entriesAbout(
    db,
    [
      { entity_type: 'application', entity_id: application.id },
      { entity_type: 'user', entity_id: application.user_id, action: 'user.role_changed' },
    ],
    APPLICATION_HISTORY_MAX,
  );
  return entries.map(({ user_id, user_name, ...entry }) => {
    const byCandidate = user_id === application.user_id;
    return byCandidate && hidden
      ? { ...entry, by_candidate: true, actor_id: null, actor_login: null, details: null }
      : { ...entry, by_candidate: byCandidate, actor_id: user_id, actor_login: user_name };
  });
}

/** The application with who its candidate is left out: what blind review shows before one's vote. */
function withIdentity(application: ApplicationView, hidden: boolean): AdminApplication {
  if (!hidden) return { ...application, identity_hidden: false };
  const unknown = { id: null, intra_login: null, image_url: null, email: null, first_name: null, last_name: null };
  return {
    ...application,
    user_id: null,
    github_profile: null,
    portfolio_url: null,
    user: unknown,
    identity_hidden: true,
  };
}

/** The board's side of applications: what an admin sees, votes, and the queue (decision 0115). */
export function createBoardReviewService(deps: Deps) {
  const { db, clock, engine } = deps;

  /** Under blind review a search finds only the applications whose candidate this admin may see. */
  const searchScope = (admin: UserRow, blindReview: boolean): { searchableFor?: number } =>
    blindReview ? { searchableFor: admin.id } : {};

  /** The applications as the admin may see them, in the same order (`blindReview`: the setting, when read already). */
  async function asSeenBy(executor: Executor, admin: UserRow, applications: ApplicationView[], blindReview?: boolean) {
    const hidden = await candidatesHiddenFrom(
      executor,
      admin,
      applications.map((application) => application.id),
      blindReview,
    );
    return applications.map((application) => withIdentity(application, hidden.has(application.id)));
  }

  async function detail(id: number, admin: UserRow, executor: Executor = db): Promise<ApplicationDetail> {
    const application = await findApplication(executor, id);
    if (!application) throw notFound(NO_SUCH_APPLICATION);
    const [[seen], votes, candidate, journey, activeChallenges] = await Promise.all([
      asSeenBy(executor, admin, [application]),
      votesOf(executor, id),
      findUserById(executor, application.user_id),
      journeySummary(executor, application.user_id, clock.now()),
      countActiveChallenges(executor),
    ]);
    // Gone only if the candidate was deleted since the first read.
    if (!candidate || !journey) throw notFound(NO_SUCH_APPLICATION);
    const stage = stageAt(application.status, journey.step);
    const tally = tallyOf(votes, stage);
    return {
      ...seen!,
      user: { ...seen!.user, level: candidate.level, campus: candidate.campus },
      journey,
      history: await historyOf(executor, application, seen!.identity_hidden),
      stage,
      votes,
      tally,
      active_challenges: activeChallenges,
    };
  }

  return {
    async list(query: ListQuery, admin: UserRow) {
      const now = clock.now();
      const setting = blindReviewOn(db);
      // The setting scopes a search only: a list without one reads it beside its page, not before
      // (one round trip to the database fewer on every page of the list).
      const scope = query.q ? searchScope(admin, await setting) : {};
      const [{ data, total }, blindReview] = await Promise.all([
        listApplications(db, engine, { ...query, ...scope, now }),
        setting,
      ]);
      const [seen, steps] = await Promise.all([
        asSeenBy(db, admin, data, blindReview),
        journeyStepsOf(
          db,
          data.map((application) => application.user_id),
          now,
        ),
      ]);
      return {
        // `seen` is `data` in the same order, with what blind review hides left out.
        data: seen.map((application, i) => {
          const candidate = data[i]!.user_id;
          const latest = steps.get(candidate);
          return {
            ...application,
            // Only the latest application of a candidate is in progress; an earlier one was
            // declined or withdrawn.
            step:
              latest && latest.applicationId === application.id
                ? latest.step
                : application.status === 'withdrawn'
                  ? -2
                  : -1,
            campus: data[i]!.campus,
          };
        }),
        total,
      };
    },

    detail: (id: number, admin: UserRow) => detail(id, admin),

    /** An application a write answers with (a decision, its undo), as the admin may see it. */
    seenBy: async (application: ApplicationView, admin: UserRow) => (await asSeenBy(db, admin, [application]))[0]!,

    /**
     * The CSV of exactly the applications the list's filters select, oldest first, as the admin
     * may see them (blind review hides the same cells), read a page at a time as the client reads.
     */
    exportCsv(query: ExportQuery, admin: UserRow): Readable {
      const { separator, sort: _sort, ...filter } = query;
      const now = clock.now();
      async function* rows() {
        // One reading of the setting for the whole file: every page hides the same way.
        const blindReview = await blindReviewOn(db);
        const scoped = { ...filter, ...searchScope(admin, blindReview), now };
        for await (const page of eachApplicationForExport(db, engine, scoped)) {
          const ids = page.map((application) => application.id);
          const [seen, steps, votes] = await Promise.all([
            asSeenBy(db, admin, page, blindReview),
            stepsOfApplications(db, ids, now),
            votesOnApplications(db, ids),
          ]);
          yield seen.map((a) => {
            const journey = steps.get(a.id);
            const step = journey?.step ?? null;
            const tally = tallyOf(
              votes.filter((vote) => vote.application_id === a.id),
              stageAt(a.status, step),
            );
            return [
              a.id,
              a.user.intra_login,
              a.user.first_name,
              a.user.last_name,
              a.user.email,
              a.status,
              a.experience_level,
              a.motivation,
              a.github_profile,
              a.portfolio_url,
              a.created_at,
              a.reviewed_at,
              a.round_id,
              step,
              journey?.experience_points ?? null,
              tally.yes,
              tally.no,
              tally.abstain,
            ];
          });
        }
      }
      return csvStream(APPLICATIONS_CSV_COLUMNS, rows(), separator);
    },

    /** The application this admin should look at next, or null when they have voted on every open one. */
    async next(admin: UserRow): Promise<ApplicationDetail | null> {
      const id = await nextInQueue(db, admin.id, clock.now());
      return id === undefined ? null : detail(id, admin);
    },

    /**
     * Casts or replaces the admin's vote on the open decision, audited with what it replaced;
     * the same vote and comment again change nothing. 409 when no decision is open.
     */
    async vote(id: number, input: VoteInput, admin: UserRow): Promise<ApplicationDetail> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const application = await lockApplicationStatus(trx, id, engine);
        if (!application) throw notFound(NO_SUCH_APPLICATION);
        const stage = await openStage(trx, application, now);
        if (!stage) throw conflict(CLOSED);
        const before = await findVote(trx, id, admin.id, stage);
        if (before?.vote !== input.vote || before.comment !== input.comment) {
          await saveVote(trx, {
            application_id: id,
            admin_id: admin.id,
            stage,
            ...input,
            created_at: now.toISOString(),
          });
          await recordAudit(trx, {
            action: 'application.voted',
            entity_type: 'application',
            entity_id: id,
            actor: admin,
            details: { stage, before: before ?? null, after: input },
            at: now,
          });
        }
        return detail(id, admin, trx);
      });
    },
  };
}
