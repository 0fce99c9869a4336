import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { formatDateTime } from '../../lib/format';
import { useJudgingEvents } from './api';
import './judging.css';

/**
 * `/judge` (spec §14): the events the signed-in user judges (every event for an admin), each with
 * what a judge does there: the scoring of the teams, and the door's check-in.
 */
export function JudgePage() {
  const { t } = useLingui();
  const events = useJudgingEvents();
  return (
    <div className="wrap page stack">
      <h1>
        <Trans>Judging</Trans>
      </h1>
      {events.isPending ? (
        <Spinner label={t`Loading your events`} />
      ) : events.error ? (
        <LoadError error={events.error} fallback={t`Failed to load your events`} onRetry={events.refetch} />
      ) : events.data.data.length === 0 ? (
        <p className="muted">
          <Trans>You judge no hackathon event yet.</Trans>
        </p>
      ) : (
        <ul className="judging-events">
          {events.data.data.map((event) => {
            const start = formatDateTime(event.start_at);
            const end = formatDateTime(event.end_at);
            const checked = event.checked_in_count;
            const registered = event.registrations_count;
            return (
              <li key={event.id} className="card stack judging-event">
                <h2 dir="auto">{event.name}</h2>
                <p className="muted">
                  {start} – {end}
                  {event.location && (
                    <>
                      {' · '}
                      <bdi>{event.location}</bdi>
                    </>
                  )}
                </p>
                <p>
                  <Trans>
                    {checked} checked in / {registered} registered
                  </Trans>
                </p>
                <div className="row">
                  <Link className="btn door-button" to={`/judge/score?event=${event.id}`}>
                    <Trans>Score the teams</Trans>
                  </Link>
                  <Link className="btn btn-secondary door-button" to={`/admin/hackathon/check-in?event=${event.id}`}>
                    <Trans>Check people in at the door</Trans>
                  </Link>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

export default JudgePage;
