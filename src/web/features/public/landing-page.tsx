import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { CHALLENGES_PER_CANDIDATE, HACKATHON_HOURS, MIN_MEMBER_XP } from '../../../contract/constants';
import { formatDay, formatMonth, formatTime } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { LOGIN_URL, type SignInFailure } from '../../lib/sign-in';
import { useSession } from '../auth/api';
import type { ClubEvent } from '../../../contract/club-events';
import { RobotIllustration } from './robot-illustration';
import { BoardSection, SponsorsSection } from './board-and-sponsors';
import { usePublicSettings, useUpcomingEvents } from './api';
import './public.css';

const VALUES = [
  msg`Curiosity`,
  msg`Teamwork`,
  msg`Craftsmanship`,
  msg`Learning by doing`,
  msg`Open source`,
  msg`Peer learning`,
  msg`Fail fast, fix faster`,
  msg`Fun`,
];

const BENEFITS = [
  {
    title: msg`Learn by building`,
    text: msg`Go from blinking LEDs to robots that sense and move, with Tinkercad first and real parts after.`,
    icon: 'M4 20h16M6 16l4-8 4 5 3-4 3 7',
  },
  {
    title: msg`A team behind you`,
    text: msg`Work with peers and senior members who review your circuits, share tips and build with you.`,
    icon: 'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6zm8 0a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM2 20c0-3 3-5 6-5s6 2 6 5m0-4c1-1 2-1 3-1 3 0 5 2 5 5',
  },
  {
    title: msg`Real projects`,
    text: msg`Hackathons, club projects and competitions: put what you learn into robots people actually use.`,
    icon: 'M12 2l3 6 6 1-4.5 4.5L18 20l-6-3-6 3 1.5-6.5L3 9l6-1z',
  },
];

const STEPS = [
  { title: msg`Apply`, text: msg`Sign in with your 42 account and tell the board why robotics.` },
  {
    title: msg`${CHALLENGES_PER_CANDIDATE} challenges`,
    text: msg`Four Tinkercad challenges over four weeks, reviewed by the board.`,
  },
  {
    title: msg`${HACKATHON_HOURS}h hackathon`,
    text: msg`Build a project in a random team of four, in the club.`,
  },
  { title: msg`Board approval`, text: msg`Reach ${MIN_MEMBER_XP} XP and the board welcomes you as a member.` },
];

const sameDay = (a: Date, b: Date) => a.toDateString() === b.toDateString();

/**
 * "Sat 5 Dec, 18:00 – 21:00", or with both dates when the event spans days; in the visitor's time
 * zone and the page's language.
 */
function eventWhen(event: ClubEvent, i18n: I18n): string {
  const start = new Date(event.starts_at);
  const [day, time] = [formatDay(start), formatTime(start)];
  if (!event.ends_at) return i18n._(msg`${day}, ${time}`);
  const end = new Date(event.ends_at);
  const [endDay, endTime] = [formatDay(end), formatTime(end)];
  return sameDay(start, end)
    ? i18n._(msg`${day}, ${time} – ${endTime}`)
    : i18n._(msg`${day}, ${time} – ${endDay}, ${endTime}`);
}

/** The club's next events; renders nothing when none is coming (issue 4). */
function UpcomingEvents() {
  const { i18n } = useLingui();
  const events = useUpcomingEvents();
  if (events.length === 0) return null;
  return (
    <section className="wrap section club-events-section" aria-labelledby="events-title">
      <h2 id="events-title">
        <Trans>Upcoming events</Trans>
      </h2>
      <p className="section-lead">
        <Trans>Workshops, talks and build nights: come and meet the club.</Trans>
      </p>
      <ul className="club-events">
        {events.map((event) => {
          const start = new Date(event.starts_at);
          return (
            <li key={event.id} className="card club-event">
              <time className="club-event-date" dateTime={event.starts_at} aria-hidden="true">
                <span>{formatMonth(start)}</span>
                <strong>{start.getDate()}</strong>
              </time>
              <div className="club-event-body">
                <h3 dir="auto">{event.title}</h3>
                <p className="club-event-meta">
                  <time dateTime={event.starts_at}>{eventWhen(event, i18n)}</time>
                  {event.location && (
                    <span>
                      {' · '}
                      <bdi>{event.location}</bdi>
                    </span>
                  )}
                </p>
                {event.description && (
                  <p className="club-event-description" dir="auto">
                    {event.description}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** `/` for visitors: the club's shop window (docs/product/screens.md#landing-page). */
/** Why the last sign-in failed (a ban above all), kept on the landing page until the visitor dismisses it. */
function SignInFailureNotice() {
  const failure = (useLocation().state as Partial<SignInFailure> | null)?.signInFailure;
  const [dismissed, setDismissed] = useState(false);
  if (!failure || dismissed) return null;
  return (
    <div className="wrap">
      <div className="alert load-error" role="alert">
        <p>{failure}</p>
        <button type="button" className="btn btn-secondary btn-small" onClick={() => setDismissed(true)}>
          <Trans>Dismiss</Trans>
        </button>
      </div>
    </div>
  );
}

export function LandingPage() {
  const { t } = useLingui();
  usePageTitle(
    t`1337 Robotics Club`,
    t`Join the 1337 Robotics Club: apply with your 42 account, complete four Tinkercad challenges, build in a 24-hour hackathon and become a member.`,
  );
  const { user } = useSession();
  const { board_members, sponsors } = usePublicSettings();

  return (
    <div className="landing">
      <SignInFailureNotice />
      <section className="hero">
        <div className="wrap hero-inner">
          <div className="hero-copy">
            <p className="eyebrow">
              <Trans>Student robotics club · 1337 / 42 network</Trans>
            </p>
            <h1>
              <Trans>Build robots that move, sense and think — together.</Trans>
            </h1>
            <p className="hero-lead">
              <Trans>
                Apply with your 42 account, complete four Tinkercad challenges, build a project in a 24-hour hackathon
                and join the club.
              </Trans>
            </p>
            <div className="row hero-actions">
              {user ? (
                <Link className="btn btn-42" to="/apply">
                  <Trans>Login with 42</Trans>
                </Link>
              ) : (
                <a className="btn btn-42" href={LOGIN_URL}>
                  <Trans>Login with 42</Trans>
                </a>
              )}
              <a className="btn btn-ghost" href="#how-it-works">
                <Trans>Learn More</Trans>
              </a>
            </div>
          </div>
          <RobotIllustration />
        </div>
      </section>

      <section className="values" aria-label={t`Our values`}>
        <div className="values-track">
          <ul className="values-list">
            {VALUES.map((value) => (
              <li key={value.id}>{t(value)}</li>
            ))}
          </ul>
          <ul className="values-list" aria-hidden="true">
            {VALUES.map((value) => (
              <li key={value.id}>{t(value)}</li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" className="wrap section" aria-labelledby="how-title" tabIndex={-1}>
        <h2 id="how-title">
          <Trans>How it works</Trans>
        </h2>
        <p className="section-lead">
          <Trans>Four steps over about 4-6 weeks, from application to membership.</Trans>
        </p>
        <ol className="steps">
          {STEPS.map((step, index) => (
            <li key={step.title.id} className="card">
              <span className="step-number" aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(step.title)}</h3>
              <p>{t(step.text)}</p>
            </li>
          ))}
        </ol>
        <p>
          <Link to="/process">
            <Trans>Read the full rules</Trans>
          </Link>
        </p>
      </section>

      <UpcomingEvents />

      <section className="section section-tint" aria-labelledby="benefits-title">
        <div className="wrap">
          <h2 id="benefits-title">
            <Trans>Why join</Trans>
          </h2>
          <ul className="benefits">
            {BENEFITS.map((benefit) => (
              <li key={benefit.title.id} className="card">
                <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" className="benefit-icon">
                  <path
                    d={benefit.icon}
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="1.8"
                    strokeLinecap="round"
                    strokeLinejoin="round"
                  />
                </svg>
                <h3>{t(benefit.title)}</h3>
                <p>{t(benefit.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <BoardSection members={board_members} />
      <SponsorsSection sponsors={sponsors} />
    </div>
  );
}

export default LandingPage;
