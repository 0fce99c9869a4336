import type {
  CleanupResult,
  ExpiredProjectsResult,
  RetentionPreview,
  RetentionResult,
} from '../../../contract/maintenance';
import type { Deps } from '../../deps';
import { readSetting } from '../../read-model/settings';
import { recordAudit, type Actor } from '../audit';
import { deleteExpiredSessions } from '../auth';
import { deleteExpiredOauthStates, deleteSignInFailuresBefore } from '../auth';
import { applyRetention, erasureKey, retentionIds } from '../privacy';
import { expireOverdueProjects } from '../projects';

/**
 * The maintenance jobs of docs/product/settings.md#maintenance. Each change is one conditional statement, so running a
 * job twice, or from several processes at once, changes every row once: the runs that come
 * second find nothing left to change and say so. `actor` is the admin who asked, or null for
 * the server's own timer.
 */
export function createMaintenanceService(deps: Deps) {
  const { db, clock, config } = deps;

  return {
    /**
     * Approved projects past their deadline become expired. Each one gets its own audit entry
     * (by whoever ran the job), so a project's history is complete however it expired.
     */
    async expireProjects(actor: Actor): Promise<ExpiredProjectsResult> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const expired = await expireOverdueProjects(trx, now.toISOString());
        expired.sort((a, b) => a.id - b.id);
        for (const project of expired) {
          await recordAudit(trx, {
            action: 'project.expired',
            entity_type: 'project',
            entity_id: project.id,
            actor,
            details: {
              owner_id: project.owner_id,
              deadline: project.deadline,
              before: { status: 'approved' },
              after: { status: 'expired' },
            },
            at: now,
          });
        }
        return { expired_projects: expired.length, project_ids: expired.map((project) => project.id) };
      });
    },

    /**
     * Deletes expired sessions and sign-in states. An admin's run that deleted something is
     * audited; the timer's housekeeping is only logged (nobody made a decision).
     */
    async cleanup(actor: Actor): Promise<CleanupResult> {
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const result = {
          sessions_deleted: await deleteExpiredSessions(trx, now.toISOString()),
          oauth_states_deleted: await deleteExpiredOauthStates(trx, now.toISOString()),
        };
        // Refused codes count for a minute (decision 0131): an hour later they are no one's business.
        await deleteSignInFailuresBefore(trx, new Date(now.getTime() - 3_600_000).toISOString());
        if (actor && (result.sessions_deleted > 0 || result.oauth_states_deleted > 0)) {
          await recordAudit(trx, {
            action: 'maintenance.cleanup',
            entity_type: 'maintenance',
            entity_id: null,
            actor,
            details: {
              ...result,
              before: { expired_sessions: result.sessions_deleted, expired_oauth_states: result.oauth_states_deleted },
              after: { expired_sessions: 0, expired_oauth_states: 0 },
            },
            at: now,
          });
        }
        return result;
      });
    },

    /**
     * How many accounts the retention period would erase if the hourly run came now: `months` as
     * the board is about to choose it, else the saved one. The same query the run follows.
     */
    async previewRetention(months?: number): Promise<RetentionPreview> {
      const chosen = months ?? (await readSetting(db, 'retention_months'));
      return { months: chosen, would_erase: (await retentionIds(db, clock.now(), chosen)).length };
    },

    /**
     * Erases the accounts past the saved retention period (decisions §15), each in its own
     * transaction. A run that erased someone is audited, by the admin or the timer, with the
     * period and the count only: nothing that tells who.
     */
    async applyRetention(actor: Actor): Promise<RetentionResult> {
      const now = clock.now();
      const months = await readSetting(db, 'retention_months');
      const erased = await applyRetention(db, now, months, erasureKey(config));
      if (erased > 0) {
        await recordAudit(db, {
          action: 'maintenance.retention',
          entity_type: 'maintenance',
          entity_id: null,
          actor,
          details: { months, erased },
          at: now,
        });
      }
      return { erased };
    },
  };
}
