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

const STEPS = [
  {
    title: '1. Application',
    summary: 'Sign in with 42 and apply.',
    details: [
      `Tell the board why you want to join (at least ${MOTIVATION_MIN} characters), your experience level, and optionally your GitHub and portfolio.`,
      'The board reviews applications in 3-5 business days; you get an email either way.',
    ],
  },
  {
    title: `2. ${CHALLENGES_PER_CANDIDATE} challenges`,
    summary: `${CHALLENGES_PER_CANDIDATE} Tinkercad challenges in ${CHALLENGE_DEADLINE_DAYS / 7} weeks.`,
    details: [
      `Once approved you get ${CHALLENGES_PER_CANDIDATE} challenges of up to ${EXERCISES_PER_CHALLENGE} exercises each, to do in Tinkercad within ${CHALLENGE_DEADLINE_DAYS} days.`,
      `Each exercise is a Tinkercad link; submit a challenge when you are done and the board validates it at ${DEFAULT_VALIDATION_THRESHOLD} XP or more, or sends feedback so you can try again.`,
    ],
  },
  {
    title: `3. ${HACKATHON_HOURS}-hour hackathon`,
    summary: 'Build a project with a random team.',
    details: [
      `Registration opens ${HACKATHON_REGISTRATION_DELAY_DAYS} days after your last challenge is validated.`,
      `Teams of ${HACKATHON_TEAM_SIZE} are formed at random; projects are judged by senior members and the board, for up to ${MAX_HACKATHON_XP} XP.`,
    ],
  },
  {
    title: '4. Board approval',
    summary: 'The board makes the final decision.',
    details: [
      `The board looks at your whole journey; ${MIN_MEMBER_XP} XP or more gives junior member status.`,
      'The decision takes 2-3 business days and reaches you by email.',
    ],
  },
];

const FAQ = [
  { q: 'How long does the whole process take?', a: 'About 4-6 weeks from application to the board’s final decision.' },
  {
    q: 'How long until my application is reviewed?',
    a: 'Typically 3-5 business days. You will receive an email when it is reviewed.',
  },
  { q: 'How long does the final board review take?', a: 'Typically 2-3 business days after the hackathon.' },
  {
    q: 'Do I need robotics experience?',
    a: 'No. Beginners are welcome: the challenges start simple and Tinkercad runs in your browser.',
  },
  {
    q: 'What if a challenge is declined?',
    a: 'You get the board’s feedback and can start it again before the deadline.',
  },
  {
    q: 'Can I choose my hackathon team?',
    a: `No: teams of ${HACKATHON_TEAM_SIZE} are drawn at random, so everybody meets new people.`,
  },
];

/** `/process` (Rules in the nav): the journey, the XP, the rules and the FAQ. */
export function ProcessPage() {
  usePageTitle(
    'Rules',
    'How to join the 1337 Robotics Club: four steps, four challenges, a 24-hour hackathon and the XP you need.',
  );
  const { user } = useSession();
  return (
    <div className="wrap page">
      <header className="page-header">
        <h1>How to join the club</h1>
        <p>Four steps, from your application to membership. Here is everything you need to know.</p>
      </header>
      <ul className="counters" aria-label="The process in numbers">
        <li className="card">
          <strong>4</strong> steps
        </li>
        <li className="card">
          <strong>{CHALLENGES_PER_CANDIDATE}</strong> challenges
        </li>
        <li className="card">
          <strong>{MIN_MEMBER_XP}</strong> min XP
        </li>
        <li className="card">
          <strong>{MAX_XP}</strong> max XP
        </li>
      </ul>

      <section aria-labelledby="journey-title" className="section-block">
        <h2 id="journey-title">The journey</h2>
        <ol className="steps">
          {STEPS.map((step) => (
            <li key={step.title} className="card">
              <h3>{step.title}</h3>
              <p>{step.summary}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="details-title" className="breakdown">
        <h2 id="details-title">Step by step</h2>
        {STEPS.map((step) => (
          <div key={step.title}>
            <h3>{step.title}</h3>
            <ul>
              {step.details.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </div>
        ))}
      </section>

      <section aria-labelledby="xp-title" className="card section-card">
        <h2 id="xp-title">How XP works</h2>
        <ul>
          <li>Each completed exercise is worth {XP_PER_EXERCISE} XP: a challenge of four exercises gives 100 XP.</li>
          <li>A challenge is validated at {DEFAULT_VALIDATION_THRESHOLD} XP or more.</li>
          <li>
            Challenges give up to {CHALLENGES_XP_TOTAL} XP and the hackathon up to {MAX_HACKATHON_XP} XP, {MAX_XP} XP in
            all.
          </li>
          <li>At {MIN_MEMBER_XP} XP or more you reach junior member status.</li>
        </ul>
      </section>

      <section aria-labelledby="rules-title" className="breakdown">
        <h2 id="rules-title">Rules</h2>
        <ul>
          <li>One application per person, with your own 42 account.</li>
          <li>Your challenge work must be your own; links must be Tinkercad designs you made.</li>
          <li>Challenges are due {CHALLENGE_DEADLINE_DAYS} days after your application is approved.</li>
          <li>Be respectful to other candidates, members and the board: the club can ban accounts that are not.</li>
        </ul>
      </section>

      <section aria-labelledby="faq-title" className="faq">
        <h2 id="faq-title">Frequently asked questions</h2>
        {FAQ.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </section>

      <p className="cta-row">
        {user ? (
          <Link className="btn" to="/apply">
            Start Application
          </Link>
        ) : (
          <Link className="btn" to="/login">
            Sign in to start your application
          </Link>
        )}
      </p>
    </div>
  );
}

export default ProcessPage;
