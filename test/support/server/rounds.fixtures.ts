import type { Db } from '../../../src/server/db/database';

/**
 * The round an application inserted by a fixture goes into: the newest one (on a fresh
 * database the migration's first round, open since the Unix epoch until closed), as a scalar
 * subquery for `insertInto('applications').values({ round_id: latestRound(db), ... })`.
 */
export const latestRound = (db: Db) =>
  db.selectFrom('recruitment_rounds').select('id').orderBy('id', 'desc').limit(1).$asScalar();
