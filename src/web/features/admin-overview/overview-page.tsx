import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useSearchParams } from 'react-router';
import { OVERVIEW_WEEKS, overviewQuerySchema, type Overview, type Turnaround } from '../../../contract/overview';
import { LoadError } from '../../components/load-error';
import { ArrowIcon } from '../../components/icons';
import { Spinner } from '../../components/loading-screen';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { RoundFilter } from '../../components/round-filter';
import { useRounds } from '../admin-rounds/api';
import { Columns, HorizontalBars, type BarDatum } from './charts';
import { useOverview, useRefreshOverview } from './api';
import '../../components/admin.css';
import './overview.css';

/** Each queue of pending work (its label after the count, read at render), with the page that clears it. */
const PENDING_WORK: { key: keyof Overview['pending']; label: (count: number) => string; to: string }[] = [
  {
    key: 'applications',
    label: (count) => plural(count, { one: 'application to review', other: 'applications to review' }),
    to: '/admin/applications?status=pending',
  },
  {
    key: 'submissions',
    label: (count) => plural(count, { one: 'submission to validate', other: 'submissions to validate' }),
    to: '/admin/submissions',
  },
  {
    key: 'hackathon_registrations',
    label: (count) =>
      plural(count, { one: 'hackathon registrant without a team', other: 'hackathon registrants without a team' }),
    to: '/admin/hackathon',
  },
  {
    key: 'projects',
    label: (count) => plural(count, { one: 'project to validate', other: 'projects to validate' }),
    to: '/admin/projects',
  },
  {
    key: 'deadline_requests',
    label: (count) => plural(count, { one: 'request for more time', other: 'requests for more time' }),
    to: '/admin/overview#deadline-requests-heading',
  },
];

/** Candidates past their deadline who asked for more time; each opens on the Users page, where the deadline is set. */
function DeadlineRequests({ requests }: { requests: Overview['deadline_requests'] }) {
  if (requests.length === 0) return null;
  return (
    <section aria-labelledby="deadline-requests-heading" className="card overview-section">
      <h2 id="deadline-requests-heading" tabIndex={-1}>
        <Trans>Requests for more time</Trans>
      </h2>
      <ul className="plain-list stack">
        {requests.map((request) => (
          <li key={request.user_id} className="stack">
            <p>
              <Link to={`/admin/users?q=${encodeURIComponent(request.login)}`}>
                <bdi>@{request.login}</bdi>
              </Link>
              <AskedOn date={formatDate(request.requested_at)} />
            </p>
            <blockquote className="deadline-reason">{request.reason}</blockquote>
          </li>
        ))}
      </ul>
    </section>
  );
}

function AskedOn({ date }: { date: string }) {
  return (
    <span className="muted">
      {' · '}
      <Trans>asked on {date}</Trans>
    </span>
  );
}

/** A median duration: minutes under an hour, hours under two days, then days. */
export function formatDuration(seconds: number): string {
  if (seconds < 3600) {
    const minutes = Math.max(1, Math.round(seconds / 60));
    return plural(minutes, { one: '# min', other: '# min' });
  }
  // Rounded first, so that the plural follows the number shown.
  const round = (value: number) => Math.round(value * 10) / 10;
  if (seconds < 48 * 3600) {
    const hours = round(seconds / 3600);
    return plural(hours, { one: '# h', other: '# h' });
  }
  const days = round(seconds / 86400);
  return plural(days, { one: '# day', other: '# days' });
}

type TurnaroundKind = 'review' | 'validation';

function TurnaroundStat({ kind, turnaround }: { kind: TurnaroundKind; turnaround: Turnaround }) {
  const { t } = useLingui();
  const { count } = turnaround;
  const weeks = OVERVIEW_WEEKS;
  const note =
    kind === 'review'
      ? count === 0
        ? t`No reviews in the last ${weeks} weeks.`
        : plural(count, {
            one: `Median of # review, last ${weeks} weeks.`,
            other: `Median of # reviews, last ${weeks} weeks.`,
          })
      : count === 0
        ? t`No validations in the last ${weeks} weeks.`
        : plural(count, {
            one: `Median of # validation, last ${weeks} weeks.`,
            other: `Median of # validations, last ${weeks} weeks.`,
          });
  return (
    <div className="card overview-turnaround">
      <h3>{kind === 'review' ? t`Application → review` : t`Submission → validation`}</h3>
      <p className="overview-big">
        {turnaround.median_seconds === null ? '—' : formatDuration(turnaround.median_seconds)}
      </p>
      <p className="muted">{note}</p>
    </div>
  );
}

function OverviewContent({ data, roundId }: { data: Overview; roundId?: number }) {
  const { t, i18n } = useLingui();
  const { funnel } = data;
  const funnelBars: BarDatum[] = [
    { label: t`Applied`, value: funnel.applied },
    { label: t({ message: 'Approved', context: 'funnel: how many were approved' }), value: funnel.approved },
    { label: t`In challenges`, value: funnel.in_challenges },
    { label: t`Hackathon`, value: funnel.hackathon },
    { label: t`Awaiting decision`, value: funnel.awaiting_decision },
    { label: t`Members`, value: funnel.members, tone: 'success' },
    {
      label: t({ message: 'Declined', context: 'funnel: how many were declined' }),
      value: funnel.declined,
      tone: 'danger',
    },
    {
      label: t({ message: 'Withdrawn', context: 'funnel: how many withdrew their application' }),
      value: funnel.withdrawn,
    },
  ];
  // A week's first day, short enough for the chart's axis (`14 Sep`, `14 sept.`); Arabic has no
  // short month names ("سبتمبر" is wider than a week's column): the day and month as numbers there.
  const month = i18n.locale === 'ar' ? 'numeric' : 'short';
  const weeks: BarDatum[] = data.applications_per_week.map((week) => ({
    label: i18n.date(week.week_start, { day: 'numeric', month, timeZone: 'UTC' }),
    value: week.count,
  }));
  const total = weeks.reduce((sum, week) => sum + week.value, 0);
  const busiest = weeks.reduce((best, week) => (week.value > best.value ? week : best), weeks[0]!);
  const thisWeek = weeks.at(-1)!;
  const weekCount = OVERVIEW_WEEKS;
  // Each stage and its count, in the page's language: "applied 6, approved 3, …".
  const stages = new Intl.ListFormat(i18n.locale, { type: 'unit' }).format(
    funnelBars.map((bar) => `${bar.label.toLocaleLowerCase(i18n.locale)} ${i18n.number(bar.value)}`),
  );
  const [most, mostWeek, now] = [busiest.value, busiest.label, thisWeek.value];

  return (
    <div className="overview">
      <section aria-labelledby="pending-heading" className="overview-section">
        <h2 id="pending-heading">
          <Trans>Waiting for the board</Trans>
        </h2>
        <ul className="overview-pending">
          {PENDING_WORK.map((item) => {
            const count = data.pending[item.key];
            // The applications to review of the round shown, when one is.
            const to = item.key === 'applications' && roundId ? `${item.to}&round_id=${roundId}` : item.to;
            return (
              <li key={item.key}>
                <Link to={to} className={`card overview-pending-link${count === 0 ? ' is-clear' : ''}`}>
                  <span className="overview-big">{count}</span>{' '}
                  <span className="overview-pending-label">{item.label(count)}</span>
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
          <h2 id="funnel-heading">
            <Trans>Recruitment funnel</Trans>
          </h2>
          <p className="muted overview-note">
            {roundId ? t`Where the applicants of this round stand today.` : t`Where every applicant stands today.`}
          </p>
          <HorizontalBars
            title={t`Recruitment funnel`}
            head={[t`Stage`, t`Applicants`]}
            summary={t`Recruitment funnel: ${stages}.`}
            bars={funnelBars}
          />
        </section>

        <section aria-labelledby="weekly-heading" className="card overview-section">
          <h2 id="weekly-heading">
            <Trans>Applications per week</Trans>
          </h2>
          <p className="muted overview-note">
            <Trans>Last {weekCount} weeks, from Monday; the hatched column is this week so far.</Trans>
          </p>
          <Columns
            title={t`Applications per week`}
            head={[t`Week of`, t`Applications`]}
            summary={
              total === 0
                ? t`No applications in the last ${weekCount} weeks.`
                : t`Applications per week over the last ${weekCount} weeks: ${total} in all, at most ${most} (week of ${mostWeek}), ${now} this week so far.`
            }
            columns={weeks}
            lastIsPartial
          />
        </section>
      </div>

      <section aria-labelledby="turnaround-heading" className="overview-section">
        <h2 id="turnaround-heading">
          <Trans>Turnaround</Trans>
        </h2>
        <div className="overview-turnarounds">
          <TurnaroundStat kind="review" turnaround={data.review_turnaround} />
          <TurnaroundStat kind="validation" turnaround={data.validation_turnaround} />
        </div>
      </section>
    </div>
  );
}

/** The board's first page: what waits for it, where the applicants stand, how fast reviews go. */
export function OverviewPage() {
  const { t } = useLingui();
  usePageTitle(t`Overview`);
  // The round shown, kept in the address (`?round_id=3`); one the schema refuses shows them all.
  const [params, setParams] = useSearchParams();
  const parsed = overviewQuerySchema.safeParse({ round_id: params.get('round_id') ?? undefined });
  const roundId = parsed.success ? parsed.data.round_id : undefined;
  const overview = useOverview({ round_id: roundId });
  const rounds = useRounds();
  const refresh = useRefreshOverview();

  return (
    <div>
      <div className="admin-toolbar">
        <h1>
          <Trans>Overview</Trans>
        </h1>
        <div className="filters">
          <RoundFilter
            rounds={rounds.data?.data}
            value={roundId ? String(roundId) : ''}
            onChange={(value) => setParams(value ? { round_id: value } : {}, { replace: true })}
          />
        </div>
        <button type="button" className="btn btn-secondary" disabled={overview.isFetching} onClick={refresh}>
          <Trans>Refresh</Trans>
        </button>
      </div>
      {overview.error ? (
        <LoadError error={overview.error} fallback={t`Failed to load the overview`} onRetry={overview.refetch} />
      ) : overview.isPending ? (
        <Spinner label={t`Loading the overview`} />
      ) : overview.data ? (
        <OverviewContent data={overview.data} roundId={roundId} />
      ) : null}
    </div>
  );
}

export default OverviewPage;
