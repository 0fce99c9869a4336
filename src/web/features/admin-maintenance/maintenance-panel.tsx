import { ErrorBanner } from '../../components/error-banner';
import { useRunMaintenance, type MaintenanceRun } from './api';
import './maintenance.css';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a run changed, in one sentence. */
function describeRun(run: MaintenanceRun): string {
  if (run.expired_projects + run.sessions_deleted + run.oauth_states_deleted === 0) {
    return 'Maintenance done: nothing needed changing.';
  }
  return (
    `Maintenance done: ${plural(run.expired_projects, 'project', 'projects')} marked expired, ` +
    `${plural(run.sessions_deleted, 'expired session', 'expired sessions')} and ` +
    `${plural(run.oauth_states_deleted, 'expired sign-in state', 'expired sign-in states')} deleted.`
  );
}

/**
 * The maintenance jobs on demand. The server runs them every hour anyway; this is for the admin
 * who wants overdue projects marked expired now.
 */
export function MaintenancePanel() {
  const run = useRunMaintenance();
  return (
    <section className="card maintenance-panel" aria-labelledby="maintenance-title">
      <div className="row maintenance-row">
        <div className="maintenance-text">
          <h2 id="maintenance-title">Maintenance</h2>
          <p className="muted">
            Marks approved projects past their deadline as expired and deletes expired sessions and sign-in states. The
            server also does it every hour.
          </p>
        </div>
        <button type="button" className="btn btn-secondary" disabled={run.isPending} onClick={() => run.mutate()}>
          {run.isPending ? 'Running...' : 'Run maintenance'}
        </button>
      </div>
      <ErrorBanner error={run.error} fallback="Maintenance failed" />
      {run.data && (
        <p className="alert alert-success" role="status">
          {describeRun(run.data)}
        </p>
      )}
    </section>
  );
}
