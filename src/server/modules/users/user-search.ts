import { sql, type ExpressionBuilder } from 'kysely';
import type { Engine, Executor } from '../../db/database';
import { likePattern } from '../../db/like-pattern';
import type { DB } from '../../db/schema';

/** What the board's searches read of a person (issue 28): the login, the names and the email. */
const SEARCHED_COLUMNS = ['intra_login', 'first_name', 'last_name', 'email'] as const;

/**
 * Whether a user's login, names or email hold `q`, any case (decision 0173). On PostgreSQL each
 * column is read as `lower(column)`, the very expressions of the trigram index of migration 0057,
 * so a search reads the index instead of every user. SQLite's LIKE already ignores ASCII case, the
 * only case its lower() knows: calling it there would double a search's cost for the same answer.
 */
export function userMatches(engine: Engine, q: string) {
  const pattern = likePattern(q);
  const folded = (column: (typeof SEARCHED_COLUMNS)[number]) =>
    engine === 'postgres' ? sql`lower(${sql.ref(`users.${column}`)})` : sql.ref(`users.${column}`);
  return (eb: ExpressionBuilder<DB, 'users'>) =>
    eb.or(SEARCHED_COLUMNS.map((column) => sql<boolean>`${folded(column)} like ${pattern} escape '\\'`));
}

/**
 * The ids of the users whose login, names or email hold `q`: a subquery the lists of applications
 * and submissions read once (`user_id in (…)`, decision 0154).
 */
export function usersMatching(db: Executor, engine: Engine, q: string) {
  return db.selectFrom('users').select('users.id').where(userMatches(engine, q));
}
