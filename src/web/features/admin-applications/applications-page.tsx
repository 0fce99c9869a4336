import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  applicationListQuerySchema,
  type AdminApplication,
  type ApplicationStatus,
} from '../../../contract/applications';
import type { MessageDescriptor } from '@lingui/core';
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
import { APPLICATION_STATUS_NAMES, useDecisions, type DecisionSubject } from './decisions';
import { EXPERIENCE_NAMES, HIDDEN_CANDIDATE, STATUS_BADGE } from './review-sections';
import '../admin-shared.css';

const STATUS_FILTERS: readonly { value: ApplicationStatus | ''; label: MessageDescriptor }[] = [
  { value: '', label: msg`All` },
  { value: 'pending', label: msg`Pending` },
  { value: 'approved', label: msg`Approved` },
  { value: 'declined', label: msg`Declined` },
  { value: 'withdrawn', label: msg`Withdrawn` },
];

const subjectOf = (application: AdminApplication): DecisionSubject => ({
  applicationId: application.id,
  userId: application.user_id,
  login: application.user.intra_login,
});

/** One application of the list; under blind review, who the candidate is stays hidden until one's vote. */
function ApplicationCard(props: { application: AdminApplication; selected: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  const { application } = props;
  const login = application.user.intra_login;
  const { id } = application;
  const sent = formatDate(application.created_at);
  return (
    <li className="card stack">
      <div className="row">
        {application.status === 'pending' && (
          <input
            type="checkbox"
            className="select-box"
            aria-label={login ? t`Select the application of ${login}` : t`Select application #${id}`}
            checked={props.selected}
            onChange={props.onToggle}
          />
        )}
        {login && <Avatar name={login} imageUrl={application.user.image_url} />}
        <div className="person-name">
          <strong>{login ? <bdi>{login}</bdi> : t`Application #${id}`}</strong>
          {!login && <div className="muted">{t(HIDDEN_CANDIDATE)}</div>}
          <div className="row badges">
            <span className={STATUS_BADGE[application.status]}>{t(APPLICATION_STATUS_NAMES[application.status])}</span>
            <span className="badge">{t(EXPERIENCE_NAMES[application.experience_level])}</span>
          </div>
        </div>
      </div>
      <p className="clamp-3" dir="auto">
        {application.motivation}
      </p>
      <p className="muted">
        <Trans>Sent {sent}</Trans>
      </p>
      <div className="row">
        <Link
          className="btn btn-secondary btn-small"
          to={`/admin/applications/${application.id}`}
          aria-label={login ? t`Review the application of ${login}` : t`Review application #${id}`}
        >
          <Trans>Review</Trans>
        </Link>
      </div>
    </li>
  );
}

/** The empty list under a status filter. */
function NoneWithStatus({ status }: { status: ApplicationStatus }) {
  const { t } = useLingui();
  const name = t(APPLICATION_STATUS_NAMES[status]);
  return <Trans>No applications with status {name} yet.</Trans>;
}

const BULK_DECISIONS = [
  { decision: 'approved', label: msg`Approve selected`, className: 'btn btn-small' },
  { decision: 'declined', label: msg`Decline selected`, className: 'btn btn-danger btn-small' },
] as const;

/** The address of the Applications page: the contract's filters (`?status=pending`, linked from the Overview). */
const APPLICATIONS_LIST = applicationListQuerySchema.omit({ limit: true });

/** Applications page (docs/product/screens.md#applications-page), with bulk review and the CSV export. */
export function ApplicationsPage() {
  const { t } = useLingui();
  usePageTitle(t`Applications`);
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
      const reviewed = result.reviewed.length;
      const skipped = result.skipped.length;
      setBulkResult(
        skipped ? t`${reviewed} reviewed, ${skipped} skipped (no longer pending).` : t`${reviewed} reviewed.`,
      );
    });
  const toggle = (application: AdminApplication) => {
    const next = new Map(selected);
    if (next.has(application.id)) next.delete(application.id);
    else next.set(application.id, subjectOf(application));
    setSelected(next);
  };
  const count = selected.size;
  const statusFilter = list.choice('status');
  const roundFilter = list.choice('round_id');

  return (
    <AdminList
      title={t`Applications`}
      filters={
        <>
          <SelectFilter
            label={t`Status`}
            options={STATUS_FILTERS.map(({ value, label }) => ({ value, label: t(label) }))}
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
            <Trans>Export CSV</Trans>
          </a>
          <Link className="btn" to="/admin/review">
            <Trans>Review the queue</Trans>
          </Link>
        </>
      }
      list={applications}
      loading={t`Loading applications`}
      failed={t`Failed to load applications`}
      notices={
        <>
          <ErrorBanner error={decisions.error} fallback={t`The review could not be saved`} />
          <Notice text={bulkResult} success />
          {selected.size > 0 && (
            <div className="card row bulk-bar">
              <strong>{plural(count, { one: '# selected', other: '# selected' })}</strong>
              {BULK_DECISIONS.map(({ decision, label, className }) => (
                <button
                  key={decision}
                  type="button"
                  className={className}
                  disabled={decisions.pending}
                  onClick={() => review(decision)}
                >
                  {t(label)}
                </button>
              ))}
            </div>
          )}
        </>
      }
      empty={
        <p className="empty-state">
          {status ? <NoneWithStatus status={status} /> : <Trans>No applications yet.</Trans>}
        </p>
      }
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
