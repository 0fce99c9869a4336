import type { Vote, VoteStage } from '../../../contract/applications';
import type { Engine, Executor } from '../../db/database';
import { journeyStepsQuery } from '../../read-model/journey';

/**
 * The application's status, its row held to the end of the transaction on PostgreSQL (SQLite
 * writes one transaction at a time): a vote and the review that closes its decision queue, so
 * no vote lands on a decision already taken.
 */
export async function lockApplicationStatus(db: Executor, id: number, engine: Engine) {
  let query = db.selectFrom('applications').select(['id', 'status', 'user_id']).where('id', '=', id);
  if (engine === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findVote(db: Executor, applicationId: number, adminId: number, stage: VoteStage) {
  return db
    .selectFrom('application_votes')
    .select(['vote', 'comment'])
    .where('application_id', '=', applicationId)
    .where('admin_id', '=', adminId)
    .where('stage', '=', stage)
    .executeTakeFirst();
}

/** Casts the admin's vote on the decision, replacing the one they cast before (one per admin per stage). */
export async function saveVote(
  db: Executor,
  values: {
    application_id: number;
    admin_id: number;
    stage: VoteStage;
    vote: Vote;
    comment: string | null;
    created_at: string;
  },
): Promise<void> {
  const { vote, comment, created_at } = values;
  await db
    .insertInto('application_votes')
    .values(values)
    .onConflict((conflict) =>
      conflict.columns(['application_id', 'stage', 'admin_id']).doUpdateSet({ vote, comment, created_at }),
    )
    .execute();
}

/** Of these applications, the ones the admin has voted on (at either stage). */
export async function votedOn(db: Executor, adminId: number, applicationIds: number[]): Promise<Set<number>> {
  if (applicationIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('application_votes')
    .select('application_id')
    .distinct()
    .where('admin_id', '=', adminId)
    .where('application_id', 'in', applicationIds)
    .execute();
  return new Set(rows.map((row) => row.application_id));
}

/** Every vote on these applications, both stages, oldest first: what their tallies count. */
export async function votesOnApplications(db: Executor, applicationIds: number[]) {
  if (applicationIds.length === 0) return [];
  return db
    .selectFrom('application_votes')
    .select(['application_id', 'stage', 'vote'])
    .where('application_id', 'in', applicationIds)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

/** Every vote on the application, both stages, oldest first, with its admin's login. */
export async function votesOf(db: Executor, applicationId: number) {
  return db
    .selectFrom('application_votes')
    .innerJoin('users', 'users.id', 'application_votes.admin_id')
    .select([
      'application_votes.admin_id',
      'users.intra_login as admin_login',
      'application_votes.vote',
      'application_votes.comment',
      'application_votes.stage',
      'application_votes.created_at',
    ])
    .where('application_votes.application_id', '=', applicationId)
    .orderBy('application_votes.created_at')
    .orderBy('application_votes.id')
    .execute();
}

/**
 * The review queue (decision 0115): of the applications whose decision is open, the one this
 * admin has not voted on at its open stage with the fewest votes at that stage, oldest first.
 */
export async function nextInQueue(db: Executor, adminId: number, now: Date): Promise<number | undefined> {
  // The step as the journey computes it everywhere (journeyStepsQuery): 0 is the review, 3 the final decision.
  const open = db
    .selectFrom(journeyStepsQuery(db, now).as('steps'))
    .innerJoin('applications', 'applications.id', 'steps.application_id')
    .select((eb) => [
      'applications.id',
      'applications.created_at',
      eb
        .case()
        .when('steps.step', '=', 0)
        .then(eb.val<VoteStage>('review'))
        .else(eb.val<VoteStage>('final'))
        .end()
        .as('stage'),
    ])
    .where('steps.step', 'in', [0, 3]);
  const row = await db
    .selectFrom(open.as('open'))
    .select((eb) => [
      'open.id',
      eb
        .selectFrom('application_votes')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('application_votes.application_id', '=', 'open.id')
        .whereRef('application_votes.stage', '=', 'open.stage')
        .as('votes'),
    ])
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('application_votes')
            .select('application_votes.id')
            .whereRef('application_votes.application_id', '=', 'open.id')
            .whereRef('application_votes.stage', '=', 'open.stage')
            .where('application_votes.admin_id', '=', adminId),
        ),
      ),
    )
    .orderBy('votes')
    .orderBy('open.created_at')
    .orderBy('open.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
