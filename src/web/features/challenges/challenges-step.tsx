import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  EXERCISE_NUMBERS,
  exerciseSubmitSchema,
  USER_CHALLENGE_STATUS_LABELS,
  type UserChallenge,
} from '../../../contract/challenges';
import { CHALLENGES_PER_CANDIDATE, XP_PER_EXERCISE } from '../../../contract/constants';
import { say } from '../../../contract/i18n';
import { useConfirmation } from '../../components/confirm-dialog';
import { LoadError } from '../../components/load-error';
import { CheckIcon } from '../../components/icons';
import { Spinner } from '../../components/loading-screen';
import { contractResolver } from '../../lib/form';
import { formatDate } from '../../lib/format';
import { useMyChallenges, useStartChallenge, useSubmitChallenge, useSubmitExercise } from './api';
import { DeadlinePanel } from './deadline-panel';
import './challenges.css';

/** What went wrong, as the server (or the check before sending) said it; `unknown` when nothing did. */
const reasonOf = (error: unknown, unknown: string) =>
  error instanceof Error && error.message ? error.message : unknown;
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
  const { t } = useLingui();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const submit = useSubmitExercise();
  const { register, handleSubmit, reset, control, formState } = useForm({
    defaultValues: { tinkercad_link: '' },
    resolver: contractResolver(exerciseSubmitSchema),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const typed = useWatch({ control, name: 'tinkercad_link' });
  const failed = (reason: string) => setMessage({ kind: 'error', text: t`Failed to submit exercise: ${reason}` });
  const title = challenge[`exercise_${n}_title`];
  if (!title) return null;
  const done = challenge[`exercise_${n}_completed`];
  const sent = challenge[`exercise_${n}_tinkercad_link`];
  const id = `exercise-${challenge.id}-${n}`;

  // The schema's refusal of the link (the server's own), said as a failure to submit, as the server's is.
  const reason = formState.errors.tinkercad_link?.message;
  const shown = reason ? { kind: 'error' as const, text: t`Failed to submit exercise: ${reason}` } : message;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setMessage(null);
    return handleSubmit(({ tinkercad_link: link }) =>
      submit.mutate(
        { id: challenge.id, n, link },
        {
          onSuccess: () => {
            reset();
            // Saved, not sent: the board sees the challenge once it is submitted for review (issue 28).
            setMessage({
              kind: 'success',
              text: t`Link saved for exercise ${n}. It goes to the board with the challenge.`,
            });
          },
          onError: (error) => failed(reasonOf(error, t`Unknown error`)),
        },
      ),
    )(event);
  };

  return (
    <li className={`exercise ${done ? 'exercise-done' : ''}`}>
      <div className="exercise-head">
        <span className="exercise-mark" aria-hidden="true">
          {done ? <CheckIcon /> : n}
        </span>
        <div>
          <strong>
            <Trans>
              Exercise {n}: <bdi>{title}</bdi>
            </Trans>
          </strong>
          {challenge[`exercise_${n}_description`] && (
            <p className="muted" dir="auto">
              {challenge[`exercise_${n}_description`]}
            </p>
          )}
          {sent && (
            <p className="exercise-link">
              <Trans>
                Submitted:{' '}
                <a href={sent} target="_blank" rel="noopener noreferrer">
                  <bdi>{sent}</bdi>
                </a>
              </Trans>
            </p>
          )}
          <span className="visually-hidden">{done ? t`Completed` : t`Not completed`}</span>
        </div>
      </div>
      {challenge.status === 'in_progress' && !deadlinePassed && (
        <form className="exercise-form" onSubmit={onSubmit}>
          <label className="visually-hidden" htmlFor={id}>
            <Trans>Tinkercad link for exercise {n}</Trans>
          </label>
          <input
            id={id}
            className="input"
            type="url"
            inputMode="url"
            placeholder="https://www.tinkercad.com/things/..."
            aria-invalid={shown?.kind === 'error' ? true : undefined}
            aria-describedby={shown?.kind === 'error' ? `${id}-error` : undefined}
            {...register('tinkercad_link')}
          />
          <button className="btn btn-small" type="submit" disabled={submit.isPending || !typed.trim()}>
            {sent ? t`Replace link` : t`Save link`}
          </button>
        </form>
      )}
      {shown && (
        <p
          id={shown.kind === 'error' ? `${id}-error` : undefined}
          className={shown.kind === 'error' ? 'alert' : 'alert alert-success'}
          role={shown.kind === 'error' ? 'alert' : 'status'}
        >
          {shown.text}
        </p>
      )}
    </li>
  );
}

/** A difficulty in the page's language (the API's value stays `beginner`…). */
const DIFFICULTY_NAMES: Record<UserChallenge['difficulty_level'], MessageDescriptor> = {
  beginner: msg`beginner`,
  intermediate: msg`intermediate`,
  advanced: msg`advanced`,
};

function ChallengeCard({ challenge, deadlinePassed }: { challenge: UserChallenge; deadlinePassed: boolean }) {
  const { t } = useLingui();
  const [message, setMessage] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const start = useStartChallenge();
  const submit = useSubmitChallenge();
  const confirmation = useConfirmation();
  const canStart = (challenge.status === 'pending' || challenge.status === 'declined') && !deadlinePassed;
  const canSubmit = challenge.status === 'in_progress' && challenge.completed_exercises_count > 0 && !deadlinePassed;
  // A disabled button says why (docs/product/challenges.md#challenges).
  const submitBlocked =
    challenge.status !== 'in_progress'
      ? null
      : deadlinePassed
        ? t`Submitting is closed: your deadline has passed.`
        : challenge.completed_exercises_count === 0
          ? t`Send the link of at least one exercise before you submit the challenge for review.`
          : null;

  const done = challenge.completed_exercises_count;
  const count = challenge.exercise_count;
  const earned = challenge.awarded_xp ?? challenge.total_xp_earned;
  const possible = challenge.exercise_count * XP_PER_EXERCISE;
  const threshold = challenge.validation_threshold;
  // Below its threshold the board can only decline a challenge: the card says how far it is, and
  // sending it asks first (issue 28: 1 exercise of 4 went for review without a word).
  const sofar = challenge.total_xp_earned;
  const missing = Math.ceil((threshold - sofar) / XP_PER_EXERCISE);
  const belowThreshold = challenge.status === 'in_progress' && sofar < threshold;
  const thresholdHint = !belowThreshold
    ? null
    : missing <= count - done
      ? plural(missing, {
          one: `# more exercise to reach ${threshold} XP`,
          other: `# more exercises to reach ${threshold} XP`,
        })
      : t`all its exercises give ${possible} XP, below the ${threshold} XP it needs: ask the board`;
  const sendForReview = () =>
    submit.mutate(challenge.id, {
      onSuccess: () =>
        setMessage({
          kind: 'success',
          text: t`Challenge submitted for review! Board members will validate your work.`,
        }),
      onError: (error) => {
        const reason = reasonOf(error, t`Unknown error`);
        setMessage({ kind: 'error', text: t`Failed to submit challenge: ${reason}` });
      },
    });
  const askBeforeSending = () =>
    confirmation.ask({
      title: t`Send this challenge for review with ${sofar} XP?`,
      consequence: (
        <p>
          <Trans>
            {sofar} XP of the {threshold} XP needed: {thresholdHint}. Below {threshold} XP the board can only decline a
            challenge, and you would start it again.
          </Trans>
        </p>
      ),
      confirmLabel: t`Send for review anyway`,
      onConfirm: sendForReview,
    });
  // The board's last word stays until its next decision: a declined challenge started again keeps it in view.
  const feedbackKind =
    !challenge.feedback || challenge.status === 'pending'
      ? null
      : challenge.status === 'validated'
        ? 'validated'
        : challenge.status === 'declined'
          ? 'declined'
          : 'earlier';
  return (
    <article className="card challenge" aria-labelledby={`challenge-${challenge.id}`}>
      <header className="challenge-head">
        <div>
          <h3 id={`challenge-${challenge.id}`} dir="auto">
            {challenge.title}
          </h3>
          <p className="muted" dir="auto">
            {challenge.description}
          </p>
        </div>
        <span className={STATUS_BADGE[challenge.status]}>{say(USER_CHALLENGE_STATUS_LABELS[challenge.status])}</span>
      </header>
      <dl className="challenge-facts">
        <div>
          <dt>
            <Trans>Difficulty</Trans>
          </dt>
          <dd className="challenge-difficulty">{t(DIFFICULTY_NAMES[challenge.difficulty_level])}</dd>
        </div>
        <div>
          <dt>
            <Trans>XP earned</Trans>
          </dt>
          <dd>
            {earned} / {possible}
          </dd>
        </div>
        <div>
          <dt>
            <Trans>To validate</Trans>
          </dt>
          <dd>
            <Trans>{threshold} XP</Trans>
          </dd>
        </div>
        {challenge.tinkercad_class_code && (
          <div>
            <dt>
              <Trans>Tinkercad class code</Trans>
            </dt>
            <dd>
              <code translate="no" dir="ltr">
                {challenge.tinkercad_class_code}
              </code>
            </dd>
          </div>
        )}
      </dl>
      {challenge.subject_pdf_url && (
        <p>
          <a href={challenge.subject_pdf_url} target="_blank" rel="noopener noreferrer">
            <Trans>Subject (PDF)</Trans>
          </a>
        </p>
      )}
      {feedbackKind && (
        <p
          className={
            feedbackKind === 'validated'
              ? 'alert alert-success'
              : feedbackKind === 'declined'
                ? 'alert'
                : 'alert alert-info'
          }
        >
          <strong>
            {feedbackKind === 'earlier' ? (
              <Trans>Feedback from the board on your last submission:</Trans>
            ) : (
              <Trans>Feedback from the board:</Trans>
            )}
          </strong>{' '}
          <bdi>{challenge.feedback}</bdi>
        </p>
      )}
      {/* Only the challenge being worked on shows its exercises at first: four of them open make a long page. */}
      <details className="exercises-disclosure" open={challenge.status === 'in_progress'}>
        <summary>
          <Trans>
            Exercises: {done} of {count} done
          </Trans>
        </summary>
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
                onError: (error) => {
                  const reason = reasonOf(error, t`Unknown error`);
                  setMessage({ kind: 'error', text: t`Failed to start challenge: ${reason}` });
                },
              })
            }
          >
            {challenge.status === 'declined' ? t`Start again` : t`Start`}
          </button>
        )}
        {challenge.status === 'in_progress' && (
          <button
            className="btn"
            type="button"
            disabled={!canSubmit || submit.isPending}
            aria-describedby={
              submitBlocked ? `submit-why-${challenge.id}` : thresholdHint ? `threshold-${challenge.id}` : undefined
            }
            onClick={() => (belowThreshold ? askBeforeSending() : sendForReview())}
          >
            <Trans>Submit for review</Trans>
          </button>
        )}
      </div>
      {submitBlocked && (
        <p className="hint" id={`submit-why-${challenge.id}`}>
          {submitBlocked}
        </p>
      )}
      {!submitBlocked && thresholdHint && (
        <p className="hint" id={`threshold-${challenge.id}`}>
          <Trans>
            {sofar} XP of the {threshold} XP needed: {thresholdHint}.
          </Trans>
        </p>
      )}
      {confirmation.dialog}
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
  const { t } = useLingui();
  const challenges = useMyChallenges();
  if (challenges.isPending) return <Spinner label={t`Loading your challenges`} />;
  if (challenges.error) {
    return <LoadError error={challenges.error} fallback={t`Failed to load challenges`} onRetry={challenges.refetch} />;
  }
  const mine = challenges.data;
  const completed = mine?.completed_count ?? 0;
  const total = CHALLENGES_PER_CANDIDATE;
  const deadline = mine?.deadline_at ? formatDate(mine.deadline_at) : '';
  const days = mine?.days_remaining ?? 0;
  return (
    <section className="stack" aria-labelledby="challenges-title">
      <div className="card challenges-summary">
        <div>
          <h2 id="challenges-title">
            <Trans>4 Challenges</Trans>
          </h2>
          <p className="muted">
            <Trans>
              Complete each challenge&apos;s exercises in Tinkercad, paste the links, then submit it for the board to
              validate.
            </Trans>
          </p>
        </div>
        <div className="challenges-meters">
          <p>
            <strong>
              <Trans>Deadline:</Trans>{' '}
            </strong>
            {mine?.deadline_passed ? (
              <span className="badge badge-danger">
                <Trans>Deadline passed</Trans>
              </span>
            ) : mine?.deadline_at ? (
              plural(days, { one: `${deadline} (# day remaining)`, other: `${deadline} (# days remaining)` })
            ) : (
              '—'
            )}
          </p>
          <p id="challenges-progress-label">
            <strong>
              <Trans>Progress:</Trans>{' '}
            </strong>
            <Trans>
              {completed} / {total} completed
            </Trans>
          </p>
          <progress max={CHALLENGES_PER_CANDIDATE} value={completed} aria-labelledby="challenges-progress-label" />
        </div>
      </div>
      {mine && <DeadlinePanel mine={mine} />}
      {mine && mine.data.length === 0 && (
        <p className="card muted">
          <Trans>No challenges are assigned to you yet. The board will add them soon.</Trans>
        </p>
      )}
      {mine?.data.map((challenge) => (
        <ChallengeCard key={challenge.id} challenge={challenge} deadlinePassed={mine.deadline_passed} />
      ))}
    </section>
  );
}
