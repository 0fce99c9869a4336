import { useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  DEADLINE_REQUEST_REASON_MAX,
  deadlineRequestBodySchema,
  type MyChallenges,
} from '../../../contract/challenges';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { formatDate, formatDateTime } from '../../lib/format';
import { useRequestMoreTime } from './api';

/** Past the deadline: what happened, and the one request for more time (docs/product.md#deadline-extensions). */
function PassedDeadline({ mine }: { mine: MyChallenges }) {
  const ask = useRequestMoreTime();
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const { register, handleSubmit, setError, formState } = useForm({
    defaultValues: { reason: '' },
    resolver: contractResolver(deadlineRequestBodySchema),
    shouldFocusError: false,
  });
  const onSubmit = handleSubmit(
    ({ reason }) =>
      ask.mutate(reason, {
        onError: (error) => {
          if (showServerErrors(error, setError)) focusFirstError();
        },
      }),
    () => focusFirstError(),
  );
  const request = mine.deadline_request;

  return (
    <section className="card stack deadline-panel" aria-labelledby="deadline-title">
      <h3 id="deadline-title">Your deadline has passed</h3>
      <p>
        {`Your challenges were due on ${formatDateTime(mine.deadline_at!)}. Since then you can no longer start a challenge, send an exercise link or submit a challenge for review.`}
      </p>
      {request ? (
        <div className="stack" role="status">
          <p>
            {`You asked the board for more time on ${formatDate(request.requested_at)}. The board will answer by email, and a new deadline will show here.`}
          </p>
          <blockquote className="deadline-reason">{request.reason}</blockquote>
        </div>
      ) : (
        <form ref={form} className="stack" onSubmit={onSubmit} noValidate>
          <p>If something kept you from finishing, you can ask the board for more time, once.</p>
          <Field
            id="deadline-reason"
            label="Why do you need more time?"
            hint={`A few words for the board, at most ${DEADLINE_REQUEST_REASON_MAX} characters.`}
            error={formState.errors.reason?.message}
          >
            {(control) => <textarea {...control} {...register('reason')} maxLength={DEADLINE_REQUEST_REASON_MAX} />}
          </Field>
          <ErrorBanner error={ask.error} fallback="Your request could not be sent." />
          <div>
            <button type="submit" className="btn" disabled={ask.isPending}>
              {ask.isPending ? 'Sending...' : 'Ask for more time'}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The deadline's news for the candidate: passed (with the request), or moved by the board. */
export function DeadlinePanel({ mine }: { mine: MyChallenges }) {
  if (mine.deadline_passed && mine.deadline_at) return <PassedDeadline mine={mine} />;
  if (mine.deadline_extended && mine.deadline_at) {
    return (
      <p className="alert alert-info" role="status">
        {`The board has given you until ${formatDateTime(mine.deadline_at)} to finish your challenges.`}
      </p>
    );
  }
  return null;
}
