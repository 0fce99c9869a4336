import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { HackathonEvent, Team } from '../../../contract/hackathon';
import { useConfirmation } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { focusPageHeading } from '../../lib/focus';
import { formatDateTimeRange } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useDeleteHackathonEvent, useHackathonAdmin, useRefreshHackathonAdmin } from './api';
import { EventForm } from './event-form';
import { JudgingSection } from './judging-section';
import { ResultsSection } from './results-section';
import { TeamCards } from './team-cards';
import { WaitingRegistrants } from './waiting-registrants';
import '../../components/admin.css';
import './hackathon-admin.css';

/** An event's numbers, as the server counts them. */
function EventCounts({ event }: { event: HackathonEvent }) {
  const registered = event.registrations_count;
  const waiting = event.waiting_count;
  const teamsCount = event.teams_count;
  const max = event.max_teams;
  return max ? (
    <Trans>
      {registered} registered · {waiting} waiting for a team · {teamsCount} teams (max {max})
    </Trans>
  ) : (
    <Trans>
      {registered} registered · {waiting} waiting for a team · {teamsCount} teams
    </Trans>
  );
}

/** The events to choose from, and a new one. */
function EventList({ events }: { events: HackathonEvent[] }) {
  const { t } = useLingui();
  return (
    <>
      <section className="card stack" aria-labelledby="events-title">
        <h2 id="events-title">
          <Trans>Events</Trans>
        </h2>
        {events.length === 0 ? (
          <p className="muted">
            <Trans>No events yet.</Trans>
          </p>
        ) : (
          <ul className="plain-list event-admin-list">
            {events.map((event) => (
              <li key={event.id}>
                <Link to={`?event=${event.id}`} dir="auto">
                  <strong>{event.name}</strong>
                </Link>
                <div className="muted">
                  {formatDateTimeRange(event.start_at, event.end_at)}
                  <br />
                  <EventCounts event={event} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="card stack" aria-label={t`New event`}>
        <EventForm />
      </section>
    </>
  );
}

/** One event: its details (editable), who waits for a team, its teams. */
function EventView({
  event,
  teams,
  onAlert,
}: {
  event: HackathonEvent;
  teams: Team[];
  onAlert: (sentence: string | null) => void;
}) {
  const { t } = useLingui();
  const removeEvent = useDeleteHackathonEvent();
  const confirmation = useConfirmation();
  const [, setParams] = useSearchParams();
  const [editing, setEditing] = useState(false);
  const name = event.name;
  const registered = event.registrations_count;
  const teamsCount = event.teams_count;
  return (
    <>
      <section className="card stack" aria-labelledby="event-title">
        <h2 id="event-title" dir="auto">
          {event.name}
        </h2>
        <p className="muted">
          {formatDateTimeRange(event.start_at, event.end_at)}
          <br />
          <EventCounts event={event} />
        </p>
        <details className="event-edit" open={editing} onToggle={(e) => setEditing(e.currentTarget.open)}>
          <summary>
            <Trans>Edit the event</Trans>
          </summary>
          {/* Made when opened, so a closed form holds no stale draft; keyed by the event it edits. */}
          {editing && <EventForm key={event.id} event={event} />}
        </details>
        <div className="row">
          <Link className="btn btn-small" to={`/admin/hackathon/check-in?event=${event.id}`}>
            <Trans>Check-in at the door</Trans>
          </Link>
          <button
            type="button"
            className="btn btn-danger btn-small"
            onClick={() =>
              confirmation.ask({
                title: t`Delete ${name}?`,
                consequence: (
                  <p>
                    {teamsCount ? (
                      <Trans>
                        This event has {teamsCount} teams and {registered} registrations. Delete it with all of them?
                      </Trans>
                    ) : (
                      <Trans>Are you sure you want to delete this event?</Trans>
                    )}
                  </p>
                ),
                confirmLabel: t`Delete event`,
                danger: true,
                onConfirm: () =>
                  removeEvent.mutate(event.id, {
                    onSuccess: () => {
                      setParams({});
                      focusPageHeading();
                    },
                    onError: (error) => onAlert(errorMessage(error, t`Failed to delete event`)),
                  }),
              })
            }
          >
            <Trans>Delete the event</Trans>
          </button>
        </div>
      </section>
      <section className="card stack" aria-labelledby="registrations-title">
        <h2 id="registrations-title">
          <Trans>Pending registrations</Trans>
        </h2>
        <WaitingRegistrants key={event.id} event={event} teams={teams} onAlert={onAlert} />
      </section>
      <section className="card stack" aria-labelledby="teams-title">
        <h2 id="teams-title">
          <Trans>Teams</Trans>
        </h2>
        <TeamCards teams={teams} event={event} onAlert={onAlert} />
      </section>
      <section className="card stack" aria-labelledby="judging-title">
        <h2 id="judging-title">
          <Trans>Judging</Trans>
        </h2>
        <JudgingSection key={event.id} event={event} />
      </section>
      <section className="card stack" aria-labelledby="results-title">
        <h2 id="results-title">
          <Trans>Results</Trans>
        </h2>
        <ResultsSection key={event.id} event={event} />
      </section>
      {confirmation.dialog}
    </>
  );
}

/**
 * Hackathon admin (docs/product/screens.md#hackathon-admin, issue 32): one event at a time, chosen at
 * the top and kept in the address (`?event=ID`), read top to bottom: its details, who waits for a
 * team, its teams, its judges and criteria, its results. With none chosen: the events, and a new one.
 */
export function HackathonPage() {
  const { t } = useLingui();
  usePageTitle(t`Hackathon`);
  const [alert, setAlert] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const data = useHackathonAdmin();
  const refresh = useRefreshHackathonAdmin();
  const events = data.data?.events ?? [];
  const chosenId = Number(params.get('event')) || null;
  const chosen = events.find((event) => event.id === chosenId) ?? null;
  const choose = (id: number | null) => {
    setAlert(null);
    setParams(id ? { event: String(id) } : {});
  };
  return (
    <div className="stack">
      <div className="admin-toolbar">
        <h1>
          <Trans>Hackathon</Trans>
        </h1>
        <div className="row">
          <label className="field inline-field">
            <span>
              <Trans>Event</Trans>
            </span>
            <select
              className="input"
              value={chosen?.id ?? ''}
              onChange={(e) => choose(e.target.value ? Number(e.target.value) : null)}
            >
              <option value="">{events.length ? t`All events` : t`No events`}</option>
              {events.map((event) => (
                <option key={event.id} value={event.id}>
                  {event.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-secondary" onClick={() => refresh()} disabled={data.isFetching}>
            <Trans>Refresh</Trans>
          </button>
        </div>
      </div>
      {alert && (
        <p className="alert alert-info" role="alert">
          {alert}
        </p>
      )}
      {data.error ? (
        // A failed load stands alone: no empty columns, no forms beside it.
        <LoadError error={data.error} fallback={t`Failed to load hackathon data`} onRetry={data.refetch} />
      ) : data.isPending ? (
        <Spinner label={t`Loading hackathon data`} />
      ) : chosen ? (
        <EventView
          event={chosen}
          teams={(data.data?.teams ?? []).filter((team) => team.event_id === chosen.id)}
          onAlert={setAlert}
        />
      ) : (
        <>
          {chosenId !== null && (
            <p className="alert" role="alert">
              <Trans>There is no such hackathon event.</Trans>
            </p>
          )}
          <EventList events={events} />
        </>
      )}
    </div>
  );
}

export default HackathonPage;
