import type { Locale } from '../../../contract/locales';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { unauthenticated } from '../../errors';
import { findUserById, updateUser } from './users.repository';

/** What signed-in users set for themselves (docs/decisions/0128-languages.md). */
export function createUsersService(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async setLocale(userId: number, locale: Locale): Promise<UserRow> {
      return deps.db.transaction().execute(async (trx) => {
        await updateUser(trx, userId, { locale, updated_at: deps.clock.now().toISOString() });
        // Deleted since the session was checked: signed out as of now.
        const user = await findUserById(trx, userId);
        if (!user) throw unauthenticated();
        return user;
      });
    },
  };
}
