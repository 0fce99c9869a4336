import type { App, Deps } from '../../deps';
import { createMaintenanceService } from './maintenance.service';

export type MaintenanceSchedule = {
  /** The first run, shortly after start: a server that restarts often still does the work. */
  firstRunAfterMs: number;
  everyMs: number;
};

export const DEFAULT_MAINTENANCE_SCHEDULE: MaintenanceSchedule = {
  firstRunAfterMs: 10_000,
  everyMs: 60 * 60 * 1000,
};

/**
 * Runs the maintenance jobs (projects, cleanup, retention) on a timer, with no admin actor. Every server process runs its own
 * timer and nothing coordinates them: the jobs are idempotent statements, so a process that
 * comes second changes nothing. The timers are cleared when the app closes, and a run in flight
 * is awaited, so shutdown and tests end cleanly.
 *
 * Call it after the hook that closes the database: Fastify runs onClose hooks in reverse order of
 * registration, so this one then runs first, while the database is still open.
 */
export function scheduleMaintenance(app: App, deps: Deps, schedule: MaintenanceSchedule): void {
  const maintenance = createMaintenanceService(deps);
  let stopped = false;
  let running: Promise<void> | null = null;

  const runOnce = async () => {
    try {
      const projects = await maintenance.expireProjects(null);
      const cleanup = await maintenance.cleanup(null);
      const retention = await maintenance.applyRetention(null);
      const changes = { expired_projects: projects.expired_projects, ...cleanup, erased_accounts: retention.erased };
      if (Object.values(changes).some((n) => n > 0)) {
        deps.log.info({ maintenance: changes, project_ids: projects.project_ids }, 'maintenance: changes made');
      } else {
        deps.log.debug({ maintenance: changes }, 'maintenance: nothing to change');
      }
    } catch (error) {
      deps.log.error({ err: error }, 'maintenance: run failed; the next run tries again');
    }
  };

  const tick = () => {
    // A run still going (a very slow database) is not doubled by the next tick.
    if (stopped || running) return;
    running = runOnce().finally(() => {
      running = null;
    });
  };

  const first = setTimeout(tick, schedule.firstRunAfterMs);
  const every = setInterval(tick, schedule.everyMs);
  // The timers alone never keep the process alive.
  first.unref();
  every.unref();

  app.addHook('onClose', async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(every);
    await running;
  });
}
