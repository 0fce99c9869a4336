import { sql } from 'kysely';
import type { Executor } from '../../db/database';

/** A LIKE pattern for a part of a text, any case: `%`, `_` and `\` typed are matched as such. */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** What the board's searches read of a person (issue 28): the login, the names and the email. */
export const SEARCHED_COLUMNS = ['intra_login', 'first_name', 'last_name', 'email'] as const;

/**
 * The ids of the users whose login, names or email hold `q`, any case: a subquery the lists of
 * applications and submissions read once (`user_id in (…)`, decision 0154).
 */
export function usersMatching(db: Executor, q: string) {
  const pattern = likePattern(q);
  return db
    .selectFrom('users')
    .select('users.id')
    .where((eb) =>
      eb.or(
        SEARCHED_COLUMNS.map(
          (column) => sql<boolean>`lower(${sql.ref(`users.${column}`)}) like ${pattern} escape '\\'`,
        ),
      ),
    );
}
