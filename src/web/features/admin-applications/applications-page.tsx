import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  applicationListQuerySchema,
  JOURNEY_STEPS,
  type AdminApplicationListItem,
  type ApplicationStatus,
} from '../../../contract/applications';
import type { MessageDescriptor } from '@lingui/core';
import { AdminList } from '../../components/admin-list';
import { Notice } from '../../components/notice';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { PageSizeFilter, SelectFilter, TextFilter } from '../../components/filters';
import { SortHeader } from '../../components/sort-header';
import { focusPageHeading } from '../../lib/focus';
import { formatDate } from '../../lib/format';
import { pageSizeParam, useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useCampuses } from '../../lib/campuses';
import { MessageSelectedDialog } from '../admin-messages/message-selected';
import { RoundFilter } from '../../components/round-filter';
import { useRounds } from '../admin-rounds/api';
import { applicationsCsvUrl, useApplications } from './api';
import { APPLICATION_STATUS_NAMES, STEP_NAMES } from '../../lib/journey-names';
import { useDecisions, type DecisionSubject } from './decisions';
import { EXPERIENCE_NAMES, HIDDEN_CANDIDATE, STATUS_BADGE } from './review-sections';
import '../../components/admin.css';

const STATUS_FILTERS: readonly { value: ApplicationStatus | ''; label: MessageDescriptor }[] = [
  { value: '', label: msg`All` },
  { value: 'pending', label: msg`Pending` },
  { value: 'approved', label: msg`Approved` },
  { value: 'declined', label: msg`Declined` },
  { value: 'withdrawn', label: msg`Withdrawn` },
];

const subjectOf = (application: AdminApplicationListItem): DecisionSubject => ({
  applicationId: application.id,
  userId: application.user_id,
  login: application.user.intra_login,
});

/** One application of the table; under blind review, who the candidate is stays hidden until one's vote. */
function ApplicationRow(props: { application: AdminApplicationListItem; selected: boolean; onToggle: () => void }) {
  const { t } = useLingui();
  const { application } = props;
  const login = application.user.intra_login;
  const { id } = application;
  const step = STEP_NAMES[application.step];
  return (
    <tr>
      <td className="select-cell">
        {application.status === 'pending' && (
          <input
            type="checkbox"
            className="select-box"
            aria-label={login ? t`Select the application of ${login}` : t`Select application #${id}`}
            checked={props.selected}
            onChange={props.onToggle}
          />
        )}
      </td>
      <td className="person-cell">
        {login && <Avatar name={login} imageUrl={application.user.image_url} />}
        <div className="cell-text">
          <strong>{login ? <bdi>{login}</bdi> : t`Application #${id}`}</strong>
          {!login && <div className="muted">{t(HIDDEN_CANDIDATE)}</div>}
          <p className="clamp-2 muted" dir="auto">
            {application.motivation}
          </p>
        </div>
      </td>
      <td data-label={t`Status`}>
        <div className="row badges">
          <span className={STATUS_BADGE[application.status]}>{t(APPLICATION_STATUS_NAMES[application.status])}</span>
          <span className="badge">{t(EXPERIENCE_NAMES[application.experience_level])}</span>
        </div>
      </td>
      <td data-label={t`Step`}>{step ? t(step) : '—'}</td>
      <td data-label={t`Campus`}>{application.campus ? <bdi>{application.campus}</bdi> : '—'}</td>
      <td data-label={t`Sent`} className="nowrap">
        {formatDate(application.created_at)}
      </td>
      <td className="actions-cell">
        <Link
          className="btn btn-secondary btn-small"
          to={`/admin/applications/${application.id}`}
          aria-label={login ? t`Review the application of ${login}` : t`Review application #${id}`}
        >
          <Trans>Review</Trans>
        </Link>
      </td>
    </tr>
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

/**
 * The address of the Applications page: the contract's filters (`?status=pending`, linked from the
 * Overview), its order and the page size.
 */
const APPLICATIONS_LIST = applicationListQuerySchema.omit({ limit: true }).extend({ limit: pageSizeParam });

/** Applications page (docs/product/screens.md#applications-page), with bulk review and the CSV export. */
export function ApplicationsPage() {
  const { t } = useLingui();
  usePageTitle(t`Applications`);
  const list = useListParams(APPLICATIONS_LIST);
  const { status, round_id, offset, q, step, campus, sort, limit } = list.values;
  const [selected, setSelected] = useState<Map<number, DecisionSubject>>(new Map());
  const [bulkResult, setBulkResult] = useState<string | null>(null);
  const [messaging, setMessaging] = useState(false);
  const rounds = useRounds();
  // The CSV export lists what the filters select, newest sent first whatever the page's order (decision 0125).
  const filters = { status, round_id, q: q || undefined, step, campus };
  const applications = useApplications({ ...filters, sort, offset, limit });
  const campuses = useCampuses();
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
  const toggle = (application: AdminApplicationListItem) => {
    const next = new Map(selected);
    if (next.has(application.id)) next.delete(application.id);
    else next.set(application.id, subjectOf(application));
    setSelected(next);
  };
  const count = selected.size;
  // A change of filter or page starts a new selection: what is chosen stays in view.
  const filter = (key: 'status' | 'round_id' | 'step' | 'campus' | 'limit') => ({
    ...list.choice(key),
    onChange: (value: string) => {
      setSelected(new Map());
      list.set({ [key]: value });
    },
  });
  const stepFilters = [
    { value: '', label: t`All` },
    ...JOURNEY_STEPS.map((value) => ({ value: String(value), label: t(STEP_NAMES[value]!) })),
  ];
  const campusFilters = [
    { value: '', label: t`All` },
    ...(campuses.data?.data ?? []).map(({ name }) => ({ value: name, label: name })),
  ];
  const rows = applications.data?.data ?? [];
  const pending = rows.filter((application) => application.status === 'pending');
  const allChosen = pending.length > 0 && pending.every((application) => selected.has(application.id));

  return (
    <AdminList
      title={t`Applications`}
      filters={
        <>
          <TextFilter label={t`Search`} placeholder={t`Login, name or email`} {...list.text('q')} />
          <SelectFilter
            label={t`Status`}
            options={STATUS_FILTERS.map(({ value, label }) => ({ value, label: t(label) }))}
            {...filter('status')}
          />
          <SelectFilter label={t`Step`} options={stepFilters} {...filter('step')} />
          <SelectFilter label={t`Campus`} options={campusFilters} {...filter('campus')} />
          <RoundFilter rounds={rounds.data?.data} {...filter('round_id')} />
          <PageSizeFilter {...filter('limit')} />
        </>
      }
      actions={
        <>
          <a className="btn btn-secondary" href={applicationsCsvUrl(filters)} download>
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
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setMessaging(true)}>
                <Trans>Message the selected</Trans>
              </button>
            </div>
          )}
        </>
      }
      empty={
        <p className="empty-state">
          {status ? <NoneWithStatus status={status} /> : <Trans>No applications yet.</Trans>}
        </p>
      }
      pager={{
        ...list.pager(limit),
        onChange: (next) => {
          setSelected(new Map());
          list.set({ offset: next });
        },
      }}
      dialog={
        decisions.dialog ??
        (messaging && (
          <MessageSelectedDialog
            // A candidate blind review hides from this admin has no id here: only those shown are messaged.
            userIds={[...selected.values()].flatMap((subject) => (subject.userId === null ? [] : [subject.userId]))}
            onClose={() => setMessaging(false)}
            onSent={(sentence) => {
              setMessaging(false);
              setSelected(new Map());
              setBulkResult(sentence);
            }}
          />
        ))
      }
    >
      {(shown) => (
        <div className="table-wrap data-table" role="region" aria-label={t`Applications`} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  {pending.length > 0 && (
                    <input
                      type="checkbox"
                      className="select-box"
                      aria-label={t`Select every pending application of this page`}
                      checked={allChosen}
                      onChange={() =>
                        setSelected(
                          allChosen
                            ? new Map()
                            : new Map(pending.map((application) => [application.id, subjectOf(application)])),
                        )
                      }
                    />
                  )}
                </th>
                <th scope="col">
                  <Trans>Candidate</Trans>
                </th>
                <th scope="col">
                  <Trans>Status</Trans>
                </th>
                <th scope="col">
                  <Trans>Step</Trans>
                </th>
                <th scope="col">
                  <Trans>Campus</Trans>
                </th>
                <SortHeader
                  label={t`Sent`}
                  sort={sort}
                  ascending="created_at"
                  descending="-created_at"
                  first="descending"
                  onSort={(value) => list.set({ sort: value })}
                />
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((application) => (
                <ApplicationRow
                  key={application.id}
                  application={application}
                  selected={selected.has(application.id)}
                  onToggle={() => toggle(application)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminList>
  );
}

export default ApplicationsPage;
