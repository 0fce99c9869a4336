import type { PublicSettings, Settings } from '../../../contract/settings';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { recordAudit } from '../audit';
import { createEligibilityService } from '../eligibility';
import { checkImages, deleteUnnamedImages } from './settings-images';
import { lockSettings, readSettings, writeSetting } from './settings.repository';

export function createSettingsService(deps: Deps) {
  const { db, clock, engine, log } = deps;
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
     * changed, before and after. Keys sent with their current value change nothing. Uploaded
     * images named must be stored (docs/decisions/0122-uploaded-images.md).
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
        await checkImages(trx, changes);
        for (const key of changed) await writeSetting(trx, key, changes[key]!, now);
        const after = await readSettings(trx);
        if (changed.includes('board_members') || changed.includes('sponsors')) {
          // Housekeeping, not a decision of the board: logged, not audited (decision 0122).
          const deleted = await deleteUnnamedImages(trx, after, now);
          if (deleted > 0) log.info({ images_deleted: deleted }, 'deleted uploaded images no setting names');
        }
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
        return after;
      });
    },
  };
}
