import type { Executor } from '../db/database';
import { readSetting } from './settings';

/** Who reads: an admin, or `everyone` — the board's chat, which every admin reads (webhooks). */
export type Viewer = { id: number } | 'everyone';

/** Whether blind review is on: every reader of the rule below asks here. */
export const blindReviewOn = async (db: Executor): Promise<boolean> => (await readSetting(db, 'blind_review')) ?? false;

/**
 * Blind review's one rule (decisions 0115 and 0136): while the setting `blind_review` is on, the
 * person an application belongs to is hidden from every admin who has not voted on it (at either
 * stage), and from the board's chat. Every answer that could join an application to its person
 * asks here: the applications' list, detail, queue and CSV, the audit log and its CSV, a member's
 * detail, the review's answer, the webhooks' bodies.
 *
 * Answers the hidden ones among `applicationIds`, each with its candidate's user id, so that a
 * caller can also tell the candidate's own entries about it (the audit log's) from the board's.
 */
export async function candidatesHiddenFrom(
  db: Executor,
  viewer: Viewer,
  applicationIds: readonly number[],
  /** The setting, when the caller has read it already (a list reads it once for its search and this). */
  blindReview?: boolean,
): Promise<Map<number, number>> {
  const ids = [...new Set(applicationIds)];
  if (ids.length === 0 || !(blindReview ?? (await blindReviewOn(db)))) return new Map();
  const voted =
    viewer === 'everyone'
      ? []
      : await db
          .selectFrom('application_votes')
          .select('application_id')
          .distinct()
          .where('admin_id', '=', viewer.id)
          .where('application_id', 'in', ids)
          .execute();
  const hidden = ids.filter((id) => !voted.some((vote) => vote.application_id === id));
  if (hidden.length === 0) return new Map();
  const rows = await db.selectFrom('applications').select(['id', 'user_id']).where('id', 'in', hidden).execute();
  return new Map(rows.map((row) => [row.id, row.user_id]));
}
