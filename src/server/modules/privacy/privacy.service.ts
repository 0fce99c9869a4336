import { RATE_LIMITED_MESSAGE } from '../../../contract/errors';
import type { Deps } from '../../deps';
import { AppError, unauthenticated } from '../../errors';
import { myData } from './my-data';

/** A person may take a copy of their data once a minute (decisions §15). */
export const EXPORT_EVERY_MS = 60_000;

/** The privacy rights of decisions §15 (decision 0165): for now, a copy of one's data. */
export function createPrivacyService({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  return {
    /** The person's copy, or 429 within a minute of their last one (counted across processes). */
    async exportMyData(userId: number) {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        // One row per person: the upsert moves its time only when the last copy is a minute old.
        const taken = await trx
          .insertInto('data_exports')
          .values({ user_id: userId, exported_at: now.toISOString() })
          .onConflict((conflict) =>
            conflict
              .column('user_id')
              .doUpdateSet({ exported_at: now.toISOString() })
              .where('data_exports.exported_at', '<=', new Date(now.getTime() - EXPORT_EVERY_MS).toISOString()),
          )
          .returning('user_id')
          .executeTakeFirst();
        if (!taken) throw new AppError(429, 'RATE_LIMITED', RATE_LIMITED_MESSAGE);
        const data = await myData(trx, userId, now);
        if (!data) throw unauthenticated();
        return data;
      });
    },
  };
}
