import { Link } from 'react-router';
import type { MyApplication } from '../../../contract/applications';
import { MIN_MEMBER_XP } from '../../../contract/constants';
import { notEligibleMessage, type AllowedCampus } from '../../../contract/eligibility';
import { useSession } from '../auth/api';
import { useMyChallenges } from '../challenges/api';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

/** Step 0 for a student of a campus that may not apply: the server's refusal, said before they try. */
export function NotEligible({ allowed }: { allowed: readonly AllowedCampus[] }) {
  return (
    <section className="card stack" aria-labelledby="not-eligible-title">
      <h2 id="not-eligible-title">Who can apply</h2>
      <p className="alert alert-info">{notEligibleMessage(allowed)}</p>
      <p>
        <Link to="/process">Read the Rules</Link>
      </p>
    </section>
  );
}

/** Step 0, once sent: the application is with the board. */
export function SubmittedCard({ application }: { application: MyApplication }) {
  return (
    <section className="card stack" aria-labelledby="submitted-title">
      <h2 id="submitted-title">Application Submitted!</h2>
      <p>Your application is under review by the board. You sent it on {formatDate(application.created_at)}.</p>
      <p className="alert alert-info">
        You will receive an email notification when the board has reviewed it: typically within 3-5 business days.
      </p>
      <details>
        <summary>Your motivation</summary>
        <p className="prewrap">{application.motivation}</p>
      </details>
    </section>
  );
}

/** Step 3: the hackathon is over; the board decides. */
export function WaitingForBoard() {
  const { user } = useSession();
  const xp = user?.experience_points ?? 0;
  return (
    <section className="card stack" aria-labelledby="board-title">
      <h2 id="board-title">Waiting for Board Approval</h2>
      <p>
        You completed the challenges and the hackathon. The board is reviewing your journey: this typically takes 2-3
        business days, and you will receive the final decision by email.
      </p>
      <p className={xp >= MIN_MEMBER_XP ? 'alert alert-success' : 'alert alert-info'}>
        Your total: <strong>{xp} XP</strong>.{' '}
        {xp >= MIN_MEMBER_XP
          ? `That reaches the ${MIN_MEMBER_XP} XP needed for junior member status.`
          : `Junior member status needs ${MIN_MEMBER_XP} XP.`}
      </p>
    </section>
  );
}

/** Step 4: a member of the club. */
export function Complete() {
  const challenges = useMyChallenges();
  const completed = (challenges.data?.data ?? []).filter((challenge) => challenge.status === 'validated');
  return (
    <section className="card stack" aria-labelledby="complete-title">
      <h2 id="complete-title">Congratulations, you are a member of the club!</h2>
      <p>The board approved your application. Welcome to the 1337 Robotics Club.</p>
      <h3>Completed challenges</h3>
      {challenges.isPending ? (
        <p className="muted">Loading your challenges...</p>
      ) : completed.length === 0 ? (
        <p className="muted">No completed challenges to show.</p>
      ) : (
        <ul className="plain-list">
          {completed.map((challenge) => (
            <li key={challenge.id}>
              <strong>{challenge.title}</strong> — completed on{' '}
              {formatDate(challenge.validated_at ?? challenge.updated_at)}
            </li>
          ))}
        </ul>
      )}
      <h3>Next steps</h3>
      <ul>
        <li>Join the club&apos;s next meeting and meet your team mates.</li>
        <li>
          <a href="#projects">Propose a club project</a> below, or join one with the board.
        </li>
        <li>Help the next candidates with their challenges.</li>
      </ul>
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          Refresh page
        </button>
      </div>
    </section>
  );
}

/** Step -1: declined, with advice. */
export function Declined({ application }: { application: MyApplication }) {
  return (
    <section className="card stack" aria-labelledby="declined-title">
      <h2 id="declined-title">Application Declined</h2>
      <p>Thank you for your interest in the club. The board has declined your application this time.</p>
      {application.review_notes && (
        <p className="alert alert-info">
          <strong>The board&apos;s note:</strong> {application.review_notes}
        </p>
      )}
      <p>
        Keep building: practise with Tinkercad and Arduino, work on small electronics projects, and follow the
        club&apos;s events. You are welcome to try again in a later recruitment.
      </p>
      {application.may_apply_again ? (
        <p className="alert alert-success">A new recruitment round is open: you can apply again below.</p>
      ) : (
        <div>
          <Link className="btn" to="/">
            Back to Home
          </Link>
        </div>
      )}
    </section>
  );
}
