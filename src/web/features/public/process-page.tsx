import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import {
  CHALLENGE_DEADLINE_DAYS,
  CHALLENGES_PER_CANDIDATE,
  CHALLENGES_XP_TOTAL,
  DEFAULT_VALIDATION_THRESHOLD,
  EXERCISES_PER_CHALLENGE,
  HACKATHON_HOURS,
  HACKATHON_REGISTRATION_DELAY_DAYS,
  HACKATHON_TEAM_SIZE,
  MAX_HACKATHON_XP,
  MAX_XP,
  MIN_MEMBER_XP,
  MOTIVATION_MIN,
  XP_PER_EXERCISE,
} from '../../../contract/constants';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/api';
import './public.css';

const CHALLENGE_WEEKS = CHALLENGE_DEADLINE_DAYS / 7;

const STEPS = [
  {
    title: msg`1. Application`,
    summary: msg`Sign in with 42 and apply.`,
    details: [
      msg`Tell the board why you want to join (at least ${MOTIVATION_MIN} characters), your experience level, and optionally your GitHub and portfolio.`,
      msg`The board reviews applications in 3-5 business days; you get an email either way.`,
    ],
  },
  {
    title: msg`2. ${CHALLENGES_PER_CANDIDATE} challenges`,
    summary: msg`${CHALLENGES_PER_CANDIDATE} Tinkercad challenges in ${CHALLENGE_WEEKS} weeks.`,
    details: [
      msg`Once approved you get ${CHALLENGES_PER_CANDIDATE} challenges of up to ${EXERCISES_PER_CHALLENGE} exercises each, to do in Tinkercad within ${CHALLENGE_DEADLINE_DAYS} days.`,
      msg`Each exercise is a Tinkercad link; submit a challenge when you are done and the board validates it at ${DEFAULT_VALIDATION_THRESHOLD} XP or more, or sends feedback so you can try again.`,
    ],
  },
  {
    title: msg`3. ${HACKATHON_HOURS}-hour hackathon`,
    summary: msg`Build a project with a random team.`,
    details: [
      msg`Registration opens ${HACKATHON_REGISTRATION_DELAY_DAYS} days after your last challenge is validated.`,
      msg`Teams of ${HACKATHON_TEAM_SIZE} are formed at random; projects are judged by senior members and the board, for up to ${MAX_HACKATHON_XP} XP.`,
    ],
  },
  {
    title: msg`4. Board approval`,
    summary: msg`The board makes the final decision.`,
    details: [
      msg`The board looks at your whole journey; ${MIN_MEMBER_XP} XP or more gives junior member status.`,
      msg`The decision takes 2-3 business days and reaches you by email.`,
    ],
  },
];

const FAQ = [
  {
    q: msg`How long does the whole process take?`,
    a: msg`About 4-6 weeks from application to the board’s final decision.`,
  },
  {
    q: msg`How long until my application is reviewed?`,
    a: msg`Typically 3-5 business days. You will receive an email when it is reviewed.`,
  },
  { q: msg`How long does the final board review take?`, a: msg`Typically 2-3 business days after the hackathon.` },
  {
    q: msg`Do I need robotics experience?`,
    a: msg`No. Beginners are welcome: the challenges start simple and Tinkercad runs in your browser.`,
  },
  {
    q: msg`What if a challenge is declined?`,
    a: msg`You get the board’s feedback and can start it again before the deadline.`,
  },
  {
    q: msg`Can I choose my hackathon team?`,
    a: msg`No: teams of ${HACKATHON_TEAM_SIZE} are drawn at random, so everybody meets new people.`,
  },
];

/** `/process` (Rules in the nav): the journey, the XP, the rules and the FAQ. */
export function ProcessPage() {
  const { t } = useLingui();
  usePageTitle(
    t`Rules`,
    t`How to join the 1337 Robotics Club: four steps, four challenges, a 24-hour hackathon and the XP you need.`,
  );
  const { user } = useSession();
  return (
    <div className="wrap page">
      <header className="page-header">
        <h1>
          <Trans>How to join the club</Trans>
        </h1>
        <p>
          <Trans>Four steps, from your application to membership. Here is everything you need to know.</Trans>
        </p>
      </header>
      <ul className="counters" aria-label={t`The process in numbers`}>
        <li className="card">
          <Trans>
            <strong>4</strong> steps
          </Trans>
        </li>
        <li className="card">
          <Trans>
            <strong>{CHALLENGES_PER_CANDIDATE}</strong> challenges
          </Trans>
        </li>
        <li className="card">
          <Trans>
            <strong>{MIN_MEMBER_XP}</strong> min XP
          </Trans>
        </li>
        <li className="card">
          <Trans>
            <strong>{MAX_XP}</strong> max XP
          </Trans>
        </li>
      </ul>

      <section aria-labelledby="journey-title" className="section-block">
        <h2 id="journey-title">
          <Trans>The journey</Trans>
        </h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title.id} className="card">
              <h3>{t(step.title)}</h3>
              <p>{t(step.summary)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="details-title" className="breakdown">
        <h2 id="details-title">
          <Trans>Step by step</Trans>
        </h2>
        {STEPS.map((step) => (
          <div key={step.title.id}>
            <h3>{t(step.title)}</h3>
            <ul>
              {step.details.map((line) => (
                <li key={line.id}>{t(line)}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="xp-title" className="card section-card">
        <h2 id="xp-title">
          <Trans>How XP works</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              Each completed exercise is worth {XP_PER_EXERCISE} XP: a challenge of four exercises gives 100 XP.
            </Trans>
          </li>
          <li>
            <Trans>A challenge is validated at {DEFAULT_VALIDATION_THRESHOLD} XP or more.</Trans>
          </li>
          <li>
            <Trans>
              Challenges give up to {CHALLENGES_XP_TOTAL} XP and the hackathon up to {MAX_HACKATHON_XP} XP, {MAX_XP} XP
              in all.
            </Trans>
          </li>
          <li>
            <Trans>At {MIN_MEMBER_XP} XP or more you reach junior member status.</Trans>
          </li>
        </ul>
      </section>

      <section aria-labelledby="rules-title" className="breakdown">
        <h2 id="rules-title">
          <Trans>Rules</Trans>
        </h2>
        <ul>
          <li>
            <Trans>One application per person, with your own 42 account.</Trans>
          </li>
          <li>
            <Trans>Your challenge work must be your own; links must be Tinkercad designs you made.</Trans>
          </li>
          <li>
            <Trans>Challenges are due {CHALLENGE_DEADLINE_DAYS} days after your application is approved.</Trans>
          </li>
          <li>
            <Trans>
              Be respectful to other candidates, members and the board: the club can ban accounts that are not.
            </Trans>
          </li>
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="faq">
        <h2 id="faq-title">
          <Trans>Frequently asked questions</Trans>
        </h2>
        {FAQ.map((item) => (
          <details key={item.q.id}>
            <summary>{t(item.q)}</summary>
            <p>{t(item.a)}</p>
          </details>
        ))}
      </section>

      <p className="cta-row">
        {user ? (
          <Link className="btn" to="/apply">
            <Trans>Start Application</Trans>
          </Link>
        ) : (
          <Link className="btn" to="/login">
            <Trans>Sign in to start your application</Trans>
          </Link>
        )}
      </p>
    </div>
  );
}

export default ProcessPage;
