import { useState, type FormEvent } from 'react';
import {
  EXERCISE_NUMBERS,
  isTinkercadLink,
  TINKERCAD_LINK_MESSAGE,
  USER_CHALLENGE_STATUS_LABELS,
  type UserChallenge,
} from '../../../contract/challenges';
import { CHALLENGES_PER_CANDIDATE } from '../../../contract/constants';
import { LoadError } from '../../components/load-error';
import { CheckIcon } from '../../components/icons';
import { Spinner } from '../../components/loading-screen';
import { formatDate } from '../../lib/format';
import { useMyChallenges, useStartChallenge, useSubmitChallenge, useSubmitExercise } from './api';
import { DeadlinePanel } from './deadline-panel';
import './challenges.css';

const failure = (prefix: string, error: unknown) =>
  `${prefix}${error instanceof Error && error.message ? error.message : 'Unknown error'}`;
const STATUS_BADGE: Record<UserChallenge['status'], string> = {
  pending: 'badge',
  in_progress: 'badge badge-brand',
  pending_validation: 'badge badge-warning',
  validated: 'badge badge-success',
  declined: 'badge badge-danger',
};

function ExerciseRow({
  challenge,
  n,
  deadlinePassed,
}: {
  challenge: UserChallenge;
  n: 1 | 2 | 3 | 4;
  deadlinePassed: boolean;
}) {
  const [link, setLink] = useState('');
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const submit = useSubmitExercise();
  const title = challenge[`exercise_${n}_title`];
  if (!title) return null;
  const done = challenge[`exercise_${n}_completed`];
  const sent = challenge[`exercise_${n}_tinkercad_link`];
  const inputId = `exercise-${challenge.id}-${n}`;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = link.trim();
    if (!isTinkercadLink(value)) {
      setMessage({ kind: 'error', text: failure('Failed to submit exercise: ', new Error(TINKERCAD_LINK_MESSAGE)) });
      return;
    }
    submit.mutate(
      { id: challenge.id, n, link: value },
      {
        onSuccess: () => {
          setLink('');
          setMessage({ kind: 'success', text: `Exercise ${n} submitted.` });
        },
        onError: (error) => setMessage({ kind: 'error', text: failure('Failed to submit exercise: ', error) }),
      },
    );
  };

  return (
    <li className={`exercise ${done ? 'exercise-done' : ''}`}>
      <div className="exercise-head">
        <span className="exercise-mark" aria-hidden="true">
          {done ? <CheckIcon /> : n}
        </span>
        <div>
          <strong>
            Exercise {n}: {title}
          </strong>
          {challenge[`exercise_${n}_description`] && <p className="muted">{challenge[`exercise_${n}_description`]}</p>}
          {sent && (
            <p className="exercise-link">
              Submitted:{' '}
              <a href={sent} target="_blank" rel="noopener noreferrer">
                {sent}
              </a>
            </p>
          )}
          <span className="visually-hidden">{done ? 'Completed' : 'Not completed'}</span>
        </div>
      </div>
      {challenge.status === 'in_progress' && !deadlinePassed && (
        <form className="exercise-form" onSubmit={onSubmit}>
          <label className="visually-hidden" htmlFor={inputId}>
            Tinkercad link for exercise {n}
          </label>
          <input
            id={inputId}
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://www.tinkercad.com/things/..."
            value={link}
            onChange={(event) => setLink(event.target.value)}
          />
          <button className="btn btn-small" type="submit" disabled={submit.isPending}>
            {sent ? 'Replace link' : 'Submit link'}
          </button>
        </form>
      )}
      {message && (
        <p
          className={message.kind === 'error' ? 'alert' : 'alert alert-success'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </li>
  );
}

function ChallengeCard({ challenge, deadlinePassed }: { challenge: UserChallenge; deadlinePassed: boolean }) {
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const start = useStartChallenge();
  const submit = useSubmitChallenge();
  const canStart = (challenge.status === 'pending' || challenge.status === 'declined') && !deadlinePassed;
  const canSubmit = challenge.status === 'in_progress' && challenge.completed_exercises_count > 0 && !deadlinePassed;
  // A disabled button says why (docs/product.md#challenges).
  const submitBlocked =
    challenge.status !== 'in_progress'
      ? null
      : deadlinePassed
        ? 'Submitting is closed: your deadline has passed.'
        : challenge.completed_exercises_count === 0
          ? 'Send the link of at least one exercise before you submit the challenge for review.'
          : null;

  return (
    <article className="card challenge" aria-labelledby={`challenge-${challenge.id}`}>
      <header className="challenge-head">
        <div>
          <h3 id={`challenge-${challenge.id}`}>{challenge.title}</h3>
          <p className="muted">{challenge.description}</p>
        </div>
        <span className={STATUS_BADGE[challenge.status]}>{USER_CHALLENGE_STATUS_LABELS[challenge.status]}</span>
      </header>
      <dl className="challenge-facts">
        <div>
          <dt>Difficulty</dt>
          <dd>{challenge.difficulty_level}</dd>
        </div>
        <div>
          <dt>XP earned</dt>
          <dd>
            {challenge.awarded_xp ?? challenge.total_xp_earned} / {challenge.exercise_count * 25}
          </dd>
        </div>
        <div>
          <dt>To validate</dt>
          <dd>{challenge.validation_threshold} XP</dd>
        </div>
        {challenge.tinkercad_class_code && (
          <div>
            <dt>Tinkercad class code</dt>
            <dd>
              <code>{challenge.tinkercad_class_code}</code>
            </dd>
          </div>
        )}
      </dl>
      {challenge.subject_pdf_url && (
        <p>
          <a href={challenge.subject_pdf_url} target="_blank" rel="noopener noreferrer">
            Subject (PDF)
          </a>
        </p>
      )}
      {challenge.feedback && (challenge.status === 'declined' || challenge.status === 'validated') && (
        <p className={challenge.status === 'declined' ? 'alert' : 'alert alert-success'}>
          <strong>Feedback from the board:</strong> {challenge.feedback}
        </p>
      )}
      {/* Only the challenge being worked on shows its exercises at first: four of them open make a long page. */}
      <details className="exercises-disclosure" open={challenge.status === 'in_progress'}>
        <summary>{`Exercises: ${challenge.completed_exercises_count} of ${challenge.exercise_count} done`}</summary>
        <ol className="exercises">
          {EXERCISE_NUMBERS.map((n) => (
            <ExerciseRow key={n} challenge={challenge} n={n} deadlinePassed={deadlinePassed} />
          ))}
        </ol>
      </details>
      <div className="row">
        {canStart && (
          <button
            className="btn"
            type="button"
            disabled={start.isPending}
            onClick={() =>
              start.mutate(challenge.id, {
                onSuccess: () => setMessage(null),
                onError: (error) => setMessage({ kind: 'error', text: failure('Failed to start challenge: ', error) }),
              })
            }
          >
            {challenge.status === 'declined' ? 'Start again' : 'Start'}
          </button>
        )}
        {challenge.status === 'in_progress' && (
          <button
            className="btn"
            type="button"
            disabled={!canSubmit || submit.isPending}
            aria-describedby={submitBlocked ? `submit-why-${challenge.id}` : undefined}
            onClick={() =>
              submit.mutate(challenge.id, {
                onSuccess: () =>
                  setMessage({
                    kind: 'success',
                    text: 'Challenge submitted for review! Board members will validate your work.',
                  }),
                onError: (error) => setMessage({ kind: 'error', text: failure('Failed to submit challenge: ', error) }),
              })
            }
          >
            Submit for review
          </button>
        )}
      </div>
      {submitBlocked && (
        <p className="hint" id={`submit-why-${challenge.id}`}>
          {submitBlocked}
        </p>
      )}
      {message && (
        <p
          className={message.kind === 'error' ? 'alert' : 'alert alert-success'}
          role={message.kind === 'error' ? 'alert' : 'status'}
        >
          {message.text}
        </p>
      )}
    </article>
  );
}

/** Step 1 of the tracker: the four challenges, their exercises, deadline and progress. */
export function ChallengesStep() {
  const challenges = useMyChallenges();
  if (challenges.isPending) return <Spinner label="Loading your challenges" />;
  if (challenges.error) {
    return <LoadError error={challenges.error} fallback="Failed to load challenges" onRetry={challenges.refetch} />;
  }
  const mine = challenges.data;
  const completed = mine?.completed_count ?? 0;
  return (
    <section className="stack" aria-labelledby="challenges-title">
      <div className="card challenges-summary">
        <div>
          <h2 id="challenges-title">4 Challenges</h2>
          <p className="muted">
            Complete each challenge&apos;s exercises in Tinkercad, paste the links, then submit it for the board to
            validate.
          </p>
        </div>
        <div className="challenges-meters">
          <p>
            <strong>Deadline: </strong>
            {mine?.deadline_passed ? (
              <span className="badge badge-danger">Deadline passed</span>
            ) : mine?.deadline_at ? (
              mine.days_remaining === 1 ? (
                `${formatDate(mine.deadline_at)} (1 day remaining)`
              ) : (
                `${formatDate(mine.deadline_at)} (${mine.days_remaining} days remaining)`
              )
            ) : (
              '—'
            )}
          </p>
          <p id="challenges-progress-label">
            <strong>Progress: </strong>
            {completed} / {CHALLENGES_PER_CANDIDATE} completed
          </p>
          <progress max={CHALLENGES_PER_CANDIDATE} value={completed} aria-labelledby="challenges-progress-label" />
        </div>
      </div>
      {mine && <DeadlinePanel mine={mine} />}
      {mine && mine.data.length === 0 && (
        <p className="card muted">No challenges are assigned to you yet. The board will add them soon.</p>
      )}
      {mine?.data.map((challenge) => (
        <ChallengeCard key={challenge.id} challenge={challenge} deadlinePassed={mine.deadline_passed} />
      ))}
    </section>
  );
}
