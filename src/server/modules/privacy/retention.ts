import type { ExpressionBuilder } from 'kysely';
import type { Db, Executor } from '../../db/database';
import type { DB } from '../../db/schema';
import { eraseUser } from './erasure';

/*
 * The retention period (decisions §15, decision 0168): an account that is not the club's and has
 * not signed in for `months` months is erased, by the erasure of erasure.ts and nothing else.
 */

/** The moment `months` calendar months before `now`: who last signed in before it has been away that long. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

/**
 * Who the period reaches at `now`: not erased, not a member, board member, admin or banned user,
 * no judge of a hackathon that has not ended, whose latest application was declined or withdrawn
 * (or who never applied), and who last signed in before the cutoff.
 */
function reached(eb: ExpressionBuilder<DB, 'users'>, now: Date, months: number) {
  const latestStatus = eb
    .selectFrom('applications')
    .select('applications.status')
    .whereRef('applications.user_id', '=', 'users.id')
    .orderBy('applications.created_at', 'desc')
    .orderBy('applications.id', 'desc')
    .limit(1);
  return eb.and([
    eb('users.erased_at', 'is', null),
    eb('users.role', '=', 'student'),
    eb('users.is_admin', '=', false),
    eb('users.is_banned', '=', false),
    // An account written before migration 0052 without a sign-in counts from its creation.
    eb(eb.fn.coalesce('users.last_sign_in_at', 'users.created_at'), '<', retentionCutoff(now, months).toISOString()),
    eb.or([eb(latestStatus, 'is', null), eb(latestStatus, 'in', ['declined', 'withdrawn'])]),
    eb.not(
      eb.exists(
        eb
          .selectFrom('hackathon_judges')
          .innerJoin('hackathon_events', 'hackathon_events.id', 'hackathon_judges.event_id')
          .select('hackathon_judges.user_id')
          .whereRef('hackathon_judges.user_id', '=', 'users.id')
          .where('hackathon_events.end_at', '>', now.toISOString()),
      ),
    ),
  ]);
}

/** The ids of the accounts a period of `months` reaches at `now`, in id order; none for 0. */
export async function retentionIds(db: Executor, now: Date, months: number): Promise<number[]> {
  if (months <= 0) return [];
  const rows = await db
    .selectFrom('users')
    .select('users.id')
    .where((eb) => reached(eb, now, months))
    .orderBy('users.id')
    .execute();
  return rows.map((row) => row.id);
}

/**
 * Erases every account a period of `months` reaches at `now`, each in its own transaction.
 * Each account is claimed by a conditional update that asks the same question again, so an
 * account that signed in meanwhile, or that another process erased first, is left alone and
 * not counted. Answers how many this call erased.
 */
export async function applyRetention(db: Db, now: Date, months: number, key: string): Promise<number> {
  let erased = 0;
  for (const id of await retentionIds(db, now, months)) {
    const done = await db.transaction().execute(async (trx) => {
      const user = await trx
        .updateTable('users')
        .set({ erased_at: now.toISOString() })
        .where('users.id', '=', id)
        .where((eb) => reached(eb, now, months))
        .returningAll()
        .executeTakeFirst();
      if (!user) return false;
      await eraseUser(trx, user, now, key);
      return true;
    });
    if (done) erased += 1;
  }
  return erased;
}
