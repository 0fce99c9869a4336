import { msg, plural } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { ErrorBanner } from '../../components/error-banner';
import { useRunMaintenance, type MaintenanceRun } from './api';
import './maintenance.css';

/** What a run changed, in one sentence. */
function describeRun(run: MaintenanceRun): MessageDescriptor {
  const { expired_projects: projects, sessions_deleted: sessions, oauth_states_deleted: states } = run;
  if (projects + sessions + states === 0) return msg`Maintenance done: nothing needed changing.`;
  return msg`Maintenance done: ${plural(projects, { one: '# project', other: '# projects' })} marked expired, ${plural(
    sessions,
    { one: '# expired session', other: '# expired sessions' },
  )} and ${plural(states, { one: '# expired sign-in state', other: '# expired sign-in states' })} deleted.`;
}

/**
 * The maintenance jobs on demand. The server runs them every hour anyway; this is for the admin
 * who wants overdue projects marked expired now.
 */
export function MaintenancePanel() {
  const { t } = useLingui();
  const run = useRunMaintenance();
  return (
    <section className="card maintenance-panel" aria-labelledby="maintenance-title">
      <div className="row maintenance-row">
        <div className="maintenance-text">
          <h2 id="maintenance-title">
            <Trans>Maintenance</Trans>
          </h2>
          <p className="muted">
            <Trans>
              Marks approved projects past their deadline as expired and deletes expired sessions and sign-in states.
              The server also does it every hour.
            </Trans>
          </p>
        </div>
        <button type="button" className="btn btn-secondary" disabled={run.isPending} onClick={() => run.mutate()}>
          {run.isPending ? t`Running...` : t`Run maintenance`}
        </button>
      </div>
      <ErrorBanner error={run.error} fallback={t`Maintenance failed`} />
      {run.data && (
        <p className="alert alert-success" role="status">
          {t(describeRun(run.data))}
        </p>
      )}
    </section>
  );
}
