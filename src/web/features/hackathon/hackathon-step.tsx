import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { MyHackathon } from '../../../contract/hackathon';
import { HACKATHON_HOURS, HACKATHON_REGISTRATION_DELAY_DAYS, HACKATHON_TEAM_SIZE } from '../../../contract/constants';
import { INTL_LOCALES } from '../../../contract/i18n';
import type { Locale } from '../../../contract/locales';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { useMyHackathon, useOpenHackathonEvents, useRegister, useUnregister } from './api';
import './hackathon.css';

/** An event's start or end in the page's language (English as written in Britain: Tue 24 Nov, 18:00). */
function useWhen() {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en-GB' : INTL_LOCALES[i18n.locale as Locale];
  return (iso: string) =>
    new Date(iso).toLocaleString(locale, {
      weekday: 'short',
      day: 'numeric',
      month: 'short',
      hour: '2-digit',
      minute: '2-digit',
    });
}

function statusText(hackathon: MyHackathon | undefined) {
  if (hackathon?.team) return msg`Assigned to a team`;
  if (hackathon?.registrations.length) return msg`Registered (waiting for team assignment)`;
  return msg`Not registered`;
}

/** Step 2 of the tracker: what the hackathon is, the events to register for, and the team. */
export function HackathonStep() {
  const { t } = useLingui();
  const when = useWhen();
  const [alert, setAlert] = useState<string | null>(null);
  const me = useMyHackathon();
  const events = useOpenHackathonEvents();
  const register = useRegister();
  const unregister = useUnregister();
  const onDone = { onSuccess: () => setAlert(null) };
  const hours = HACKATHON_HOURS;
  const delay = HACKATHON_REGISTRATION_DELAY_DAYS;
  const size = HACKATHON_TEAM_SIZE;

  return (
    <section className="stack" aria-labelledby="hackathon-title">
      <div className="card">
        <h2 id="hackathon-title">
          <Trans>Hackathon ({hours}h project)</Trans>
        </h2>
        <ul className="hackathon-facts">
          <li>
            <Trans>Registration opens {delay} days (1 week) after your 4 challenges are validated.</Trans>
          </li>
          <li>
            <Trans>Teams are formed at random, with {size} members each.</Trans>
          </li>
          <li>
            <Trans>Projects are judged by senior members and the board.</Trans>
          </li>
        </ul>
      </div>
      <div className="card stack">
        <h3>
          <Trans>Your hackathon status</Trans>
        </h3>
        {me.isPending || events.isPending ? (
          <Spinner label={t`Loading your hackathon`} />
        ) : me.error || events.error ? (
          <LoadError
            error={me.error ?? events.error}
            fallback={t`Failed to load hackathon`}
            onRetry={() => Promise.all([me.refetch(), events.refetch()])}
          />
        ) : (
          <>
            <p>
              <strong>
                <Trans>Status:</Trans>{' '}
              </strong>
              <span className="badge badge-brand">{t(statusText(me.data))}</span>
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
                    <li key={member.user_id}>
                      <bdi>@{member.intra_login}</bdi>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            <h4>
              <Trans>Available events</Trans>
            </h4>
            {events.data?.data.length === 0 && (
              <p className="muted">
                <Trans>No hackathon is scheduled yet. Check back soon.</Trans>
              </p>
            )}
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
                            ? t`You are in a team for this event: ask the board if you cannot take part.`
                            : t`This event has begun: registration is closed.`}
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
                            onError: (error) => setAlert(errorMessage(error, t`Failed to unregister`)),
                          })
                        }
                      >
                        <Trans>Unregister</Trans>
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
                            onError: (error) => setAlert(errorMessage(error, t`Failed to register`)),
                          })
                        }
                      >
                        <Trans>Register</Trans>
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
