import { useState } from 'react';
import { Link } from 'react-router';
import {
  applicationListQuerySchema,
  type AdminApplication,
  type ApplicationStatus,
} from '../../../contract/applications';
import { APPLICATIONS_PAGE_SIZE } from '../../../contract/constants';
import { AdminList } from '../../components/admin-list';
import { Notice } from '../../components/notice';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter } from '../../components/filters';
import { focusPageHeading } from '../../lib/focus';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { RoundFilter } from '../admin-rounds/round-filter';
import { applicationsCsvUrl, useApplications } from './api';
import { useDecisions, type DecisionSubject } from './decisions';
import { HIDDEN_CANDIDATE, STATUS_BADGE } from './review-sections';
import '../admin-shared.css';

const STATUS_FILTERS: readonly { value: ApplicationStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'pending', label: 'Pending' },
  { value: 'approved', label: 'Approved' },
  { value: 'declined', label: 'Declined' },
];

const subjectOf = (application: AdminApplication): DecisionSubject => ({
  applicationId: application.id,
  userId: application.user_id,
  login: application.user.intra_login,
});

/** One application of the list; under blind review, who the candidate is stays hidden until one's vote. */
function ApplicationCard(props: { application: AdminApplication; selected: boolean; onToggle: () => void }) {
  const { application } = props;
  const login = application.user.intra_login;
  return (
    <li className="card stack">
      <div className="row">
        {application.status === 'pending' && (
          <input
            type="checkbox"
            className="select-box"
            aria-label={login ? `Select the application of ${login}` : `Select application #${application.id}`}
            checked={props.selected}
            onChange={props.onToggle}
          />
        )}
        {login && <Avatar name={login} imageUrl={application.user.image_url} />}
        <div className="person-name">
          <strong>{login ?? `Application #${application.id}`}</strong>
          {!login && <div className="muted">{HIDDEN_CANDIDATE}</div>}
          <div className="row badges">
            <span className={STATUS_BADGE[application.status]}>{application.status}</span>
            <span className="badge">{application.experience_level}</span>
          </div>
        </div>
      </div>
      <p className="clamp-3">{application.motivation}</p>
      <p className="muted">Sent {formatDate(application.created_at)}</p>
      <div className="row">
        <Link
          className="btn btn-secondary btn-small"
          to={`/admin/applications/${application.id}`}
          aria-label={login ? `Review the application of ${login}` : `Review application #${application.id}`}
        >
          Review
        </Link>
      </div>
    </li>
  );
}

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
  const { status, round_id, offset } = list.values;
  const [selected, setSelected] = useState<Map<number, DecisionSubject>>(new Map());
  const [bulkResult, setBulkResult] = useState<string | null>(null);
  const applications = useApplications({ status, round_id, offset, limit: APPLICATIONS_PAGE_SIZE });
  const decisions = useDecisions();
  const review = (decision: 'approved' | 'declined') =>
    decisions.decideMany([...selected.values()], decision, (result) => {
      setSelected(new Map());
      // The selection bar and its buttons go: the page's title keeps the focus.
      focusPageHeading();
      setBulkResult(
        `${result.reviewed.length} reviewed${result.skipped.length ? `, ${result.skipped.length} skipped (no longer pending)` : ''}.`,
      );
    });
  const toggle = (application: AdminApplication) => {
    const next = new Map(selected);
    if (next.has(application.id)) next.delete(application.id);
    else next.set(application.id, subjectOf(application));
    setSelected(next);
  };
  const statusFilter = list.choice('status');
  const roundFilter = list.choice('round_id');

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
          <RoundFilter
            value={roundFilter.value}
            onChange={(value) => {
              roundFilter.onChange(value);
              setSelected(new Map());
            }}
          />
        </>
      }
      actions={
        <>
          <a className="btn btn-secondary" href={applicationsCsvUrl({ status, round_id })} download>
            Export CSV
          </a>
          <Link className="btn" to="/admin/review">
            Review the queue
          </Link>
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
      dialog={decisions.dialog}
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((application) => (
            <ApplicationCard
              key={application.id}
              application={application}
              selected={selected.has(application.id)}
              onToggle={() => toggle(application)}
            />
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default ApplicationsPage;
