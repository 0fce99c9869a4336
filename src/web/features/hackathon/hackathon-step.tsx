import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { teamDisplayName, type MyHackathon } from '../../../contract/hackathon';
import { HACKATHON_HOURS, HACKATHON_TEAM_SIZE } from '../../../contract/constants';
import { INTL_LOCALES } from '../../../contract/i18n';
import type { Locale } from '../../../contract/locales';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { errorMessage } from '../../lib/api-client';
import { clubZone, formatDateTime } from '../../lib/format';
import { CheckInQr } from './check-in-qr';
import { showsCheckInCode } from './check-in-window';
import { useMyHackathon, useOpenHackathonEvents, useRegister, useUnregister } from './api';
import { TeamProject } from './team-project';
import { TeamResults } from './team-results';
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
      timeZone: clubZone(),
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
  const size = HACKATHON_TEAM_SIZE;
  const opensAt = me.data?.registration_opens_at ?? null;
  // Before its time the button waits, saying when (issue 28: it was active and answered a bare date).
  const [now] = useState(() => Date.now());
  const notYetOpen = opensAt !== null && Date.parse(opensAt) > now;
  const openingDate = opensAt ? formatDateTime(opensAt) : '';
  // The delay the board set, not the default's "7 days (1 week)".
  const delay = me.data?.registration_delay_days;
  const openingRule =
    delay === undefined
      ? null
      : delay === 0
        ? t`Registration opens as soon as your challenges are validated.`
        : plural(delay, {
            one: 'Registration opens # day after your last challenge is validated.',
            other: 'Registration opens # days after your last challenge is validated.',
          });

  return (
    <section className="stack" aria-labelledby="hackathon-title">
      <div className="card">
        <h2 id="hackathon-title">
          <Trans>Hackathon ({hours}h project)</Trans>
        </h2>
        <ul className="hackathon-facts">
          {openingRule && <li>{openingRule}</li>}
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
            {me.data?.registrations
              .filter((registration) => showsCheckInCode(registration.event, now, clubZone()))
              .map((registration) => (
                <CheckInQr
                  key={registration.id}
                  code={registration.check_in_code}
                  eventName={registration.event.name}
                />
              ))}
            {me.data?.team && (
              <div className="team-card">
                <h4 dir="auto">{teamDisplayName(me.data.team.name)}</h4>
                <ul>
                  {me.data.team.members.map((member) => (
                    <li key={member.user_id}>
                      <bdi>@{member.intra_login}</bdi>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {me.data?.team?.results && <TeamResults results={me.data.team.results} />}
            {me.data && <TeamProject hackathon={me.data} />}
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
                const begun = !event.registered && !event.registration_open;
                const waiting = !event.registered && event.registration_open && notYetOpen;
                return (
                  <li key={event.id} className="event-item">
                    <div>
                      <strong dir="auto">{event.name}</strong>
                      <div className="muted">
                        {when(event.start_at)} – {when(event.end_at)}
                        {event.location && (
                          <>
                            {' · '}
                            <bdi>{event.location}</bdi>
                          </>
                        )}
                      </div>
                      {event.description && <p dir="auto">{event.description}</p>}
                      {(seated || begun || waiting) && (
                        <p className="hint" id={`event-why-${event.id}`}>
                          {seated
                            ? t`You are in a team for this event: ask the board if you cannot take part.`
                            : begun
                              ? t`This event has begun: registration is closed.`
                              : t`Registration opens on ${openingDate}.`}
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
                        disabled={register.isPending || begun || waiting}
                        aria-describedby={begun || waiting ? `event-why-${event.id}` : undefined}
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
