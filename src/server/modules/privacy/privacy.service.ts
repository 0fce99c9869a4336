import { RATE_LIMITED_MESSAGE } from '../../../contract/errors';
import type { Deps } from '../../deps';
import type { UserRow } from '../../db/schema';
import { AppError, badRequest, conflict, notFound, unauthenticated } from '../../errors';
import { recordAudit } from '../audit';
import { activeAdminIds, findUserById, isLastAdmin, LAST_ADMIN } from '../users';
import { eraseUser } from './erasure';
import { erasureKey } from './erasure-records';
import { myData } from './my-data';

/** A person may take a copy of their data once a minute (decisions §15). */
const EXPORT_EVERY_MS = 60_000;

/** The privacy rights of decisions §15: a copy of one's data (decision 0165), an erasure (decision 0166). */
export function createPrivacyService({ db, clock, engine, config }: Pick<Deps, 'db' | 'clock' | 'engine' | 'config'>) {
  /**
   * Erases `id`'s account in one transaction, the admins locked so that two erasures at once
   * cannot leave the club without one; audited as `user.erased`, with nothing personal.
   */
  async function erase(id: number, by: 'self' | UserRow): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const admins = await activeAdminIds(trx, engine);
      const target = await findUserById(trx, id);
      if (!target || target.erased_at) throw notFound(/*i18n*/ 'There is no such user.');
      if (isLastAdmin(target, admins)) throw conflict(LAST_ADMIN);
      const now = clock.now();
      // Recorded first: an entry by the person loses their name with the others, as the erasure goes on.
      await recordAudit(trx, {
        action: 'user.erased',
        entity_type: 'user',
        entity_id: id,
        actor: by === 'self' ? target : by,
        details: { by: by === 'self' ? 'self' : 'admin' },
        at: now,
      });
      await eraseUser(trx, target, now, erasureKey(config));
    });
  }

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

    /** The person erases their own account, having typed their login. */
    async eraseMyAccount(user: UserRow, confirm: string) {
      if (confirm.trim() !== user.intra_login) {
        const message = /*i18n*/ 'Type your login exactly as it is shown to confirm.';
        throw badRequest(message, 'VALIDATION_FAILED', [{ path: 'confirm', message }]);
      }
      await erase(user.id, 'self');
    },

    /** An admin's Delete of a user: the same erasure. */
    eraseUser: (id: number, admin: UserRow) => erase(id, admin),
  };
}
