import { type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { MemberListFilter, MemberSort } from '../../../contract/members';
import type { Engine, Executor } from '../../db/database';
import type { DB, UserRow } from '../../db/schema';
import type { AuditAction } from '../../../contract/audit';
import { usersAtStep, type JourneyStep } from '../../read-model/journey';
import { userMatches } from '../users';

/** The column each order reads and its direction. */
const ORDERS: Record<MemberSort, { column: 'created_at' | 'intra_login' | 'campus'; direction: 'asc' | 'desc' }> = {
  '-created_at': { column: 'created_at', direction: 'desc' },
  created_at: { column: 'created_at', direction: 'asc' },
  login: { column: 'intra_login', direction: 'asc' },
  '-login': { column: 'intra_login', direction: 'desc' },
  campus: { column: 'campus', direction: 'asc' },
  '-campus': { column: 'campus', direction: 'desc' },
};

/**
 * The list in the order asked for, then by id so that pages never overlap: the login is unique
 * and needs no tie-break, which PostgreSQL would otherwise sort for instead of reading the login's
 * index (migration 0058).
 */
const inOrder =
  (sort: MemberSort) =>
  <D extends DB, O>(query: SelectQueryBuilder<D, 'users', O>) => {
    const { column, direction } = ORDERS[sort];
    const ordered = query.orderBy(column, direction);
    return column === 'intra_login' ? ordered : ordered.orderBy('id', direction);
  };

/** The members the filter keeps. */
const memberMatches =
  (db: Executor, filter: MemberListFilter, engine: Engine, now: Date) => (eb: ExpressionBuilder<DB, 'users'>) => {
    const conditions = [];
    if (filter.role) conditions.push(eb('role', '=', filter.role));
    if (filter.banned !== undefined) conditions.push(eb('is_banned', '=', filter.banned));
    if (filter.campus) conditions.push(eb('campus', '=', filter.campus));
    if (filter.q) conditions.push(userMatches(engine, filter.q)(eb));
    if (filter.step === 'none') {
      conditions.push(
        eb.not(eb.exists(eb.selectFrom('applications').select('id').whereRef('user_id', '=', 'users.id'))),
      );
    } else if (filter.step !== undefined) {
      conditions.push(eb('id', 'in', usersAtStep(db, Number(filter.step) as JourneyStep, now)));
    }
    return eb.and(conditions);
  };

/** The ids of a page of the list in its order, skipped through an index (decision 0100, migration 0058). */
export function memberPageIds(db: Executor, filter: MemberListFilter, engine: Engine, now: Date) {
  return db
    .selectFrom('users')
    .select('id')
    .where(memberMatches(db, filter, engine, now))
    .$call(inOrder(filter.sort))
    .limit(filter.limit)
    .offset(filter.offset);
}

/**
 * A page of a search with every match counted: a search reads every match whatever happens (their
 * count), so one read answers both. The matches are read first, through the trigram index
 * (migration 0057), then put in order: asked in the list's order, PostgreSQL walked every user by
 * date (migration 0058) to filter them, 10 ms instead of 2 for a common first name.
 */
export function memberSearchPage(db: Executor, filter: MemberListFilter, engine: Engine, now: Date) {
  return db
    .with(
      (cte) => cte('matches').materialized(),
      (query) =>
        query
          .selectFrom('users')
          .selectAll()
          .select((eb) => eb.fn.countAll<number>().over().as('matching'))
          .where(memberMatches(db, filter, engine, now)),
    )
    .selectFrom('matches as users')
    .selectAll()
    .$call(inOrder(filter.sort))
    .limit(filter.limit)
    .offset(filter.offset);
}

export async function listMembers(
  db: Executor,
  filter: MemberListFilter,
  engine: Engine,
  now: Date,
): Promise<{ data: UserRow[]; total: number }> {
  const where = memberMatches(db, filter, engine, now);
  const countAll = () =>
    db
      .selectFrom('users')
      .where(where)
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow();
  if (filter.q) {
    const rows = await memberSearchPage(db, filter, engine, now).execute();
    const total = rows.length > 0 ? Number(rows[0]!.matching) : (await countAll()).total;
    return { data: rows.map(({ matching: _total, ...user }) => user), total };
  }
  // The page's ids first, then only those rows are read.
  const [data, count] = await Promise.all([
    db
      .selectFrom('users')
      .selectAll()
      .where('id', 'in', memberPageIds(db, filter, engine, now))
      .$call(inOrder(filter.sort))
      .execute(),
    countAll(),
  ]);
  return { data, total: count.total };
}

/** The campuses of the club's users, each with how many users it has, most first. */
export async function listCampuses(db: Executor): Promise<{ name: string; users: number }[]> {
  const rows = await db
    .selectFrom('users')
    .select((eb) => ['campus', eb.fn.countAll<number>().as('users')])
    .where('campus', 'is not', null)
    .groupBy('campus')
    .orderBy('users', 'desc')
    .orderBy('campus')
    .execute();
  return rows.map((row) => ({ name: row.campus!, users: Number(row.users) }));
}

/**
 * What the user did and what was done to them, newest first: the newest of each, merged, so
 * that a user with a hundred thousand entries (an admin) costs no more than one with ten.
 */
export async function recentActivity(db: Executor, userId: number, limit = 20) {
  const newest = (where: (eb: ExpressionBuilder<DB, 'audit_logs'>) => Expression<SqlBool>) =>
    db
      .selectFrom(
        db
          .selectFrom('audit_logs')
          .select(['id', 'action', 'entity_type', 'entity_id', 'created_at'])
          .where(where)
          .orderBy('id', 'desc')
          .limit(limit)
          .as('entries'),
      )
      .selectAll();
  return (
    db
      .selectFrom(
        newest((eb) => eb('user_id', '=', userId))
          .union(newest((eb) => eb.and([eb('entity_type', '=', 'user'), eb('entity_id', '=', userId)])))
          .as('activity'),
      )
      .selectAll()
      .orderBy('id', 'desc')
      .limit(limit)
      .execute()
      // As the contract types them: recordAudit, typed by AUDIT_ACTIONS, writes every action.
      .then((rows) => rows.map((row) => ({ ...row, action: row.action as AuditAction })))
  );
}

export async function applicationsOfUser(db: Executor, userId: number) {
  return db
    .selectFrom('applications')
    .select([
      'id',
      'status',
      'motivation',
      'experience_level',
      'github_profile',
      'review_notes',
      'reviewed_at',
      'created_at',
    ])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
}
