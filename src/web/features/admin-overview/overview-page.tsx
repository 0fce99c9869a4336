import { Link, useSearchParams } from 'react-router';
import { OVERVIEW_WEEKS, overviewQuerySchema, type Overview, type Turnaround } from '../../../contract/overview';
import { LoadError } from '../../components/load-error';
import { ArrowIcon } from '../../components/icons';
import { Spinner } from '../../components/loading-screen';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { RoundFilter } from '../admin-rounds/round-filter';
import { Columns, HorizontalBars, type BarDatum } from './charts';
import { useOverview, useRefreshOverview } from './api';
import '../admin-shared.css';
import './overview.css';

/** Each queue of pending work (its label for one and for several), with the page that clears it. */
const PENDING_WORK: { key: keyof Overview['pending']; label: [string, string]; to: string }[] = [
  {
    key: 'applications',
    label: ['application to review', 'applications to review'],
    to: '/admin/applications?status=pending',
  },
  { key: 'submissions', label: ['submission to validate', 'submissions to validate'], to: '/admin/submissions' },
  {
    key: 'hackathon_registrations',
    label: ['hackathon registrant without a team', 'hackathon registrants without a team'],
    to: '/admin/hackathon',
  },
  { key: 'projects', label: ['project to validate', 'projects to validate'], to: '/admin/projects' },
  {
    key: 'deadline_requests',
    label: ['request for more time', 'requests for more time'],
    to: '/admin/overview#deadline-requests-heading',
  },
];

/** Candidates past their deadline who asked for more time; each opens on the Users page, where the deadline is set. */
function DeadlineRequests({ requests }: { requests: Overview['deadline_requests'] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="deadline-requests-heading" className="card overview-section">
      <h2 id="deadline-requests-heading" tabIndex={-1}>
        Requests for more time
      </h2>
      <ul className="plain-list stack">
        {requests.map((request) => (
          <li key={request.user_id} className="stack">
            <p>
              <Link to={`/admin/users?q=${encodeURIComponent(request.login)}`}>@{request.login}</Link>
              <span className="muted">{` · asked on ${formatDate(request.requested_at)}`}</span>
            </p>
            <blockquote className="deadline-reason">{request.reason}</blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}

function funnelBars(funnel: Overview['funnel']): BarDatum[] {
  return [
    { label: 'Applied', value: funnel.applied },
    { label: 'Approved', value: funnel.approved },
    { label: 'In challenges', value: funnel.in_challenges },
    { label: 'Hackathon', value: funnel.hackathon },
    { label: 'Awaiting decision', value: funnel.awaiting_decision },
    { label: 'Members', value: funnel.members, tone: 'success' },
    { label: 'Declined', value: funnel.declined, tone: 'danger' },
  ];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `2026-09-14` → `14 Sep`: short enough for the chart's axis on a phone. */
const weekLabel = (isoDate: string) => `${Number(isoDate.slice(8, 10))} ${MONTHS[Number(isoDate.slice(5, 7)) - 1]}`;

const trim = (value: number) => value.toFixed(1).replace(/\.0$/, '');

export function formatDuration(seconds: number): string {
  if (seconds < 3600) return `${Math.max(1, Math.round(seconds / 60))} min`;
  if (seconds < 48 * 3600) return `${trim(seconds / 3600)} h`;
  return `${trim(seconds / 86400)} days`;
}

function TurnaroundStat({ label, what, turnaround }: { label: string; what: string; turnaround: Turnaround }) {
  return (
    <div className="card overview-turnaround">
      <h3>{label}</h3>
      <p className="overview-big">
        {turnaround.median_seconds === null ? '—' : formatDuration(turnaround.median_seconds)}
      </p>
      <p className="muted">
        {turnaround.count === 0
          ? `No ${what} in the last ${OVERVIEW_WEEKS} weeks.`
          : `Median of ${turnaround.count} ${what}, last ${OVERVIEW_WEEKS} weeks.`}
      </p>
    </div>
  );
}

function OverviewContent({ data, roundId }: { data: Overview; roundId?: number }) {
  const { funnel } = data;
  const weeks: BarDatum[] = data.applications_per_week.map((week) => ({
    label: weekLabel(week.week_start),
    value: week.count,
  }));
  const total = weeks.reduce((sum, week) => sum + week.value, 0);
  const busiest = weeks.reduce((best, week) => (week.value > best.value ? week : best), weeks[0]!);
  const thisWeek = weeks.at(-1)!;

  return (
    <div className="overview">
      <section aria-labelledby="pending-heading" className="overview-section">
        <h2 id="pending-heading">Waiting for the board</h2>
        <ul className="overview-pending">
          {PENDING_WORK.map((item) => {
            const count = data.pending[item.key];
            // The applications to review of the round shown, when one is.
            const to = item.key === 'applications' && roundId ? `${item.to}&round_id=${roundId}` : item.to;
            return (
              <li key={item.key}>
                <Link to={to} className={`card overview-pending-link${count === 0 ? ' is-clear' : ''}`}>
                  <span className="overview-big">{count}</span>{' '}
                  <span className="overview-pending-label">{item.label[count === 1 ? 0 : 1]}</span>
                  <ArrowIcon className="overview-pending-arrow" />
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <DeadlineRequests requests={data.deadline_requests} />

      <div className="overview-charts">
        <section aria-labelledby="funnel-heading" className="card overview-section">
          <h2 id="funnel-heading">Recruitment funnel</h2>
          <p className="muted overview-note">
            {roundId ? 'Where the applicants of this round stand today.' : 'Where every applicant stands today.'}
          </p>
          <HorizontalBars
            title="Recruitment funnel"
            head={['Stage', 'Applicants']}
            summary={`Recruitment funnel: ${funnelBars(funnel)
              .map((bar) => `${bar.label.toLowerCase()} ${bar.value}`)
              .join(', ')}.`}
            bars={funnelBars(funnel)}
          />
        </section>

        <section aria-labelledby="weekly-heading" className="card overview-section">
          <h2 id="weekly-heading">Applications per week</h2>
          <p className="muted overview-note">
            Last {OVERVIEW_WEEKS} weeks, from Monday; the hatched column is this week so far.
          </p>
          <Columns
            title="Applications per week"
            head={['Week of', 'Applications']}
            summary={
              total === 0
                ? `No applications in the last ${OVERVIEW_WEEKS} weeks.`
                : `Applications per week over the last ${OVERVIEW_WEEKS} weeks: ${total} in all, ` +
                  `at most ${busiest.value} (week of ${busiest.label}), ${thisWeek.value} this week so far.`
            }
            columns={weeks}
            lastIsPartial
          />
        </section>
      </div>

      <section aria-labelledby="turnaround-heading" className="overview-section">
        <h2 id="turnaround-heading">Turnaround</h2>
        <div className="overview-turnarounds">
          <TurnaroundStat
            label="Application → review"
            what={data.review_turnaround.count === 1 ? 'review' : 'reviews'}
            turnaround={data.review_turnaround}
          />
          <TurnaroundStat
            label="Submission → validation"
            what={data.validation_turnaround.count === 1 ? 'validation' : 'validations'}
            turnaround={data.validation_turnaround}
          />
        </div>
      </section>
    </div>
  );
}

/** The board's first page: what waits for it, where the applicants stand, how fast reviews go. */
export function OverviewPage() {
  usePageTitle('Overview');
  // The round shown, kept in the address (`?round_id=3`); one the schema refuses shows them all.
  const [params, setParams] = useSearchParams();
  const parsed = overviewQuerySchema.safeParse({ round_id: params.get('round_id') ?? undefined });
  const roundId = parsed.success ? parsed.data.round_id : undefined;
  const overview = useOverview({ round_id: roundId });
  const refresh = useRefreshOverview();

  return (
    <div>
      <div className="admin-toolbar">
        <h1>Overview</h1>
        <div className="filters">
          <RoundFilter
            value={roundId ? String(roundId) : ''}
            onChange={(value) => setParams(value ? { round_id: value } : {}, { replace: true })}
          />
        </div>
        <button type="button" className="btn btn-secondary" disabled={overview.isFetching} onClick={refresh}>
          Refresh
        </button>
      </div>
      {overview.error ? (
        <LoadError error={overview.error} fallback="Failed to load the overview" onRetry={overview.refetch} />
      ) : overview.isPending ? (
        <Spinner label="Loading the overview" />
      ) : overview.data ? (
        <OverviewContent data={overview.data} roundId={roundId} />
      ) : null}
    </div>
  );
}

export default OverviewPage;
