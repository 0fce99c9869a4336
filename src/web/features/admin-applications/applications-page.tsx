import { useState } from 'react';
import { applicationListQuerySchema, type Application, type ApplicationStatus } from '../../../contract/applications';
import { APPLICATIONS_PAGE_SIZE } from '../../../contract/constants';
import { AdminList } from '../../components/admin-list';
import { Notice } from '../../components/notice';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter } from '../../components/filters';
import { Modal } from '../../components/modal';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { APPLICATIONS_CSV_URL, useApplications } from './api';
import { useDecisions, type DecisionSubject } from './decisions';
import '../admin-shared.css';

const STATUS_FILTERS: readonly { value: ApplicationStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
];

const STATUS_BADGE: Record<ApplicationStatus, string> = {
  pending: 'badge badge-warning',
  approved: 'badge badge-success',
  declined: 'badge badge-danger',
};

function ApplicationModal({ application, onClose }: { application: Application; onClose: () => void }) {
  const [notes, setNotes] = useState('');
  const decisions = useDecisions();
  const decide = (decision: 'approved' | 'declined') =>
    decisions.decide(subjectOf(application), decision, { notes: notes || null, onDone: onClose });
  return (
    <Modal
      title={`Application of @${application.user.intra_login}`}
      onClose={onClose}
      footer={
        application.status === 'pending' && (
          <>
            <button
              type="button"
              className="btn btn-danger"
              disabled={decisions.pending}
              onClick={() => decide('declined')}
            >
              Decline
            </button>
            <button type="button" className="btn" disabled={decisions.pending} onClick={() => decide('approved')}>
              Approve
            </button>
          </>
        )
      }
    >
      {decisions.dialog}
      <ErrorBanner error={decisions.error} fallback="The review could not be saved" />
      <dl className="detail-grid">
        <dt>User</dt>
        <dd>
          {[application.user.first_name, application.user.last_name].filter(Boolean).join(' ')} (@
          {application.user.intra_login})
        </dd>
        <dt>Status</dt>
        <dd>
          <span className={STATUS_BADGE[application.status]}>{application.status}</span>
        </dd>
        <dt>Experience</dt>
        <dd>{application.experience_level}</dd>
        <dt>GitHub</dt>
        <dd>
          {application.github_profile ? (
            <a href={application.github_profile} target="_blank" rel="noopener noreferrer">
              {application.github_profile}
            </a>
          ) : (
            '—'
          )}
        </dd>
        {application.portfolio_url && (
          <>
            <dt>Portfolio</dt>
            <dd>
              <a href={application.portfolio_url} target="_blank" rel="noopener noreferrer">
                {application.portfolio_url}
              </a>
            </dd>
          </>
        )}
        <dt>Sent</dt>
        <dd>{formatDate(application.created_at)}</dd>
      </dl>
      <h3>Motivation</h3>
      <p className="prewrap">{application.motivation}</p>
      {application.review_notes && (
        <p className="alert alert-info">
          <strong>Review notes:</strong> {application.review_notes}
        </p>
      )}
      {application.status === 'pending' && (
        <div className="field">
          <label htmlFor="review-notes">Review notes (optional)</label>
          <textarea
            id="review-notes"
            value={notes}
            maxLength={2000}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
      )}
    </Modal>
  );
}

const subjectOf = (application: Application): DecisionSubject => ({
  applicationId: application.id,
  userId: application.user_id,
  login: application.user.intra_login,
});

const BULK_DECISIONS = [
  { decision: 'approved', label: 'Approve selected', className: 'btn btn-small' },
  { decision: 'declined', label: 'Decline selected', className: 'btn btn-danger btn-small' },
] as const;

/** The address of the Applications page: the contract's filters (`?status=pending`, linked from the Overview). */
const APPLICATIONS_LIST = applicationListQuerySchema.omit({ limit: true });

/** Applications page (docs/product.md#applications-page), with bulk review and the CSV export. */
export function ApplicationsPage() {
  usePageTitle('Applications');
  const list = useListParams(APPLICATIONS_LIST);
  const { status, offset } = list.values;
  const [viewing, setViewing] = useState<Application | null>(null);
  const [selected, setSelected] = useState<Map<number, DecisionSubject>>(new Map());
  const [bulkResult, setBulkResult] = useState<string | null>(null);
  const applications = useApplications({ status, offset, limit: APPLICATIONS_PAGE_SIZE });
  const decisions = useDecisions();
  const review = (decision: 'approved' | 'declined') =>
    decisions.decideMany([...selected.values()], decision, (result) => {
      setSelected(new Map());
      setBulkResult(
        `${result.reviewed.length} reviewed${result.skipped.length ? `, ${result.skipped.length} skipped (no longer pending)` : ''}.`,
      );
    });
  const toggle = (application: Application) => {
    const next = new Map(selected);
    if (next.has(application.id)) next.delete(application.id);
    else next.set(application.id, subjectOf(application));
    setSelected(next);
  };
  const statusFilter = list.choice('status');

  return (
    <AdminList
      title="Applications"
      filters={
        <>
          <SelectFilter
            label="Status"
            options={STATUS_FILTERS}
            value={statusFilter.value}
            onChange={(value) => {
              statusFilter.onChange(value);
              setSelected(new Map());
            }}
          />
          <a className="btn btn-secondary" href={APPLICATIONS_CSV_URL} download>
            Export CSV
          </a>
        </>
      }
      list={applications}
      loading="Loading applications"
      failed="Failed to load applications"
      notices={
        <>
          <ErrorBanner error={decisions.error} fallback="The review could not be saved" />
          <Notice text={bulkResult} success />
          {selected.size > 0 && (
            <div className="card row bulk-bar">
              <strong>{selected.size} selected</strong>
              {BULK_DECISIONS.map(({ decision, label, className }) => (
                <button
                  key={decision}
                  type="button"
                  className={className}
                  disabled={decisions.pending}
                  onClick={() => review(decision)}
                >
                  {label}
                </button>
              ))}
            </div>
          )}
        </>
      }
      empty={<p className="empty-state">No applications{status ? ` with status ${status}` : ''} yet.</p>}
      pager={list.pager(APPLICATIONS_PAGE_SIZE)}
      dialog={
        decisions.dialog ?? (viewing && <ApplicationModal application={viewing} onClose={() => setViewing(null)} />)
      }
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((application) => (
            <li key={application.id} className="card stack">
              <div className="row">
                {application.status === 'pending' && (
                  <input
                    type="checkbox"
                    className="select-box"
                    aria-label={`Select the application of ${application.user.intra_login}`}
                    checked={selected.has(application.id)}
                    onChange={() => toggle(application)}
                  />
                )}
                <Avatar name={application.user.intra_login} imageUrl={application.user.image_url} />
                <div className="person-name">
                  <strong>{application.user.intra_login}</strong>
                  <div className="row badges">
                    <span className={STATUS_BADGE[application.status]}>{application.status}</span>
                    <span className="badge">{application.experience_level}</span>
                  </div>
                </div>
              </div>
              <p className="clamp-3">{application.motivation}</p>
              <p className="muted">Sent {formatDate(application.created_at)}</p>
              <div className="row">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setViewing(application)}>
                  View
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default ApplicationsPage;
