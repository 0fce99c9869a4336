import { ErrorBanner } from '../../components/error-banner';
import { describeRun, useRunMaintenance } from './use-run-maintenance';
import './maintenance.css';

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
