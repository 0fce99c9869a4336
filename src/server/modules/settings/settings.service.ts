import type { PublicSettings, Settings } from '../../../contract/settings';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { recordAudit } from '../audit/audit.repository';
import { createEligibilityService } from '../eligibility/eligibility.service';
import { lockSettings, readSettings, writeSetting } from './settings.repository';

export function createSettingsService(deps: Deps) {
  const { db, clock, engine } = deps;
  const eligibility = createEligibilityService(deps);

  return {
    read: () => readSettings(db),

    /** What the public pages read: the board's public settings and the campuses that may apply. */
    async readPublic(): Promise<Settings & Pick<PublicSettings, 'allowed_campuses'>> {
      const [settings, allowed_campuses] = await Promise.all([readSettings(db), eligibility.allowedCampuses()]);
      return { ...settings, allowed_campuses };
    },

    /**
     * Writes the keys sent, in one transaction, with one audit entry naming each key that
     * changed, before and after. Keys sent with their current value change nothing.
     */
    async update(changes: Partial<Settings>, admin: UserRow): Promise<Settings> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        // Two admins saving at once queue here, so each audit entry's "before" is what it replaced.
        await lockSettings(trx, engine);
        const before = await readSettings(trx);
        const changed = (Object.keys(changes) as (keyof Settings)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(changes[key]),
        );
        for (const key of changed) await writeSetting(trx, key, changes[key]!, now);
        if (changed.length) {
          await recordAudit(trx, {
            action: 'settings.updated',
            entity_type: 'settings',
            entity_id: null,
            actor: admin,
            details: {
              before: Object.fromEntries(changed.map((key) => [key, before[key]])),
              after: Object.fromEntries(changed.map((key) => [key, changes[key]])),
            },
            at: now,
          });
        }
        return readSettings(trx);
      });
    },
  };
}
