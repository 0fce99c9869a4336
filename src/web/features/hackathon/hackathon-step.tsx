import { useState } from 'react';
import type { MyHackathon } from '../../../contract/hackathon';
import { HACKATHON_HOURS, HACKATHON_REGISTRATION_DELAY_DAYS, HACKATHON_TEAM_SIZE } from '../../../contract/constants';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { useMyHackathon, useOpenHackathonEvents, useRegister, useUnregister } from './api';
import './hackathon.css';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
  });

function statusText(hackathon: MyHackathon | undefined): string {
  if (hackathon?.team) return 'Assigned to a team';
  if (hackathon?.registrations.length) return 'Registered (waiting for team assignment)';
  return 'Not registered';
}

/** Step 2 of the tracker: what the hackathon is, the events to register for, and the team. */
export function HackathonStep() {
  const [alert, setAlert] = useState<string | null>(null);
  const me = useMyHackathon();
  const events = useOpenHackathonEvents();
  const register = useRegister();
  const unregister = useUnregister();
  const onDone = { onSuccess: () => setAlert(null) };

  return (
    <section className="stack" aria-labelledby="hackathon-title">
      <div className="card">
        <h2 id="hackathon-title">Hackathon ({HACKATHON_HOURS}h project)</h2>
        <ul className="hackathon-facts">
          <li>
            Registration opens {HACKATHON_REGISTRATION_DELAY_DAYS} days (1 week) after your 4 challenges are validated.
          </li>
          <li>Teams are formed at random, with {HACKATHON_TEAM_SIZE} members each.</li>
          <li>Projects are judged by senior members and the board.</li>
        </ul>
      </div>
      <div className="card stack">
        <h3>Your hackathon status</h3>
        {me.isPending || events.isPending ? (
          <Spinner label="Loading your hackathon" />
        ) : me.error || events.error ? (
          <LoadError
            error={me.error ?? events.error}
            fallback="Failed to load hackathon"
            onRetry={() => Promise.all([me.refetch(), events.refetch()])}
          />
        ) : (
          <>
            <p>
              <strong>Status: </strong>
              <span className="badge badge-brand">{statusText(me.data)}</span>
            </p>
            {alert && (
              <p className="alert" role="alert">
                {alert}
              </p>
            )}
            {me.data?.team && (
              <div className="team-card">
                <h4>{me.data.team.name}</h4>
                <ul>
                  {me.data.team.members.map((member) => (
                    <li key={member.user_id}>@{member.intra_login}</li>
                  ))}
                </ul>
              </div>
            )}
            <h4>Available events</h4>
            {events.data?.data.length === 0 && <p className="muted">No hackathon is scheduled yet. Check back soon.</p>}
            <ul className="event-list">
              {events.data?.data.map((event) => {
                const seated = me.data?.registrations.some((r) => r.event_id === event.id && r.team_id);
                return (
                  <li key={event.id} className="event-item">
                    <div>
                      <strong>{event.name}</strong>
                      <div className="muted">
                        {when(event.start_at)} – {when(event.end_at)}
                        {event.location ? ` · ${event.location}` : ''}
                      </div>
                      {event.description && <p>{event.description}</p>}
                      {(seated || (!event.registered && !event.registration_open)) && (
                        <p className="hint" id={`event-why-${event.id}`}>
                          {seated
                            ? 'You are in a team for this event: ask the board if you cannot take part.'
                            : 'This event has begun: registration is closed.'}
                        </p>
                      )}
                    </div>
                    {event.registered ? (
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        disabled={unregister.isPending || seated}
                        aria-describedby={seated ? `event-why-${event.id}` : undefined}
                        onClick={() =>
                          unregister.mutate(event.id, {
                            ...onDone,
                            onError: (error) => setAlert(errorMessage(error, 'Failed to unregister')),
                          })
                        }
                      >
                        Unregister
                      </button>
                    ) : (
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={register.isPending || !event.registration_open}
                        aria-describedby={event.registration_open ? undefined : `event-why-${event.id}`}
                        onClick={() =>
                          register.mutate(event.id, {
                            ...onDone,
                            onError: (error) => setAlert(errorMessage(error, 'Failed to register')),
                          })
                        }
                      >
                        Register
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
