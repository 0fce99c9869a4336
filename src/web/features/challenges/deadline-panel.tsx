import { Trans, useLingui } from '@lingui/react/macro';
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

/** Past the deadline: what happened, and the one request for more time (docs/product/communication.md#deadline-extensions). */
function PassedDeadline({ mine }: { mine: MyChallenges }) {
  const { t } = useLingui();
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
  const due = formatDateTime(mine.deadline_at!);
  const max = DEADLINE_REQUEST_REASON_MAX;
  const asked = request ? formatDate(request.requested_at) : '';

  return (
    <section className="card stack deadline-panel" aria-labelledby="deadline-title">
      <h3 id="deadline-title">
        <Trans>Your deadline has passed</Trans>
      </h3>
      <p>
        <Trans>
          Your challenges were due on {due}. Since then you can no longer start a challenge, send an exercise link or
          submit a challenge for review.
        </Trans>
      </p>
      {request ? (
        <div className="stack" role="status">
          <p>
            {t`You asked the board for more time on ${asked}. The board will answer by email, and a new deadline will show here.`}
          </p>
          <blockquote className="deadline-reason">{request.reason}</blockquote>
        </div>
      ) : (
        <form ref={form} className="stack" onSubmit={onSubmit} noValidate>
          <p>
            <Trans>If something kept you from finishing, you can ask the board for more time, once.</Trans>
          </p>
          <Field
            id="deadline-reason"
            label={t`Why do you need more time?`}
            hint={t`A few words for the board, at most ${max} characters.`}
            error={formState.errors.reason?.message}
          >
            {(control) => <textarea {...control} {...register('reason')} maxLength={DEADLINE_REQUEST_REASON_MAX} />}
          </Field>
          <ErrorBanner error={ask.error} fallback={t`Your request could not be sent.`} />
          <div>
            <button type="submit" className="btn" disabled={ask.isPending}>
              {ask.isPending ? t`Sending...` : t`Ask for more time`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** The deadline's news for the candidate: passed (with the request), or moved by the board. */
export function DeadlinePanel({ mine }: { mine: MyChallenges }) {
  const { t } = useLingui();
  if (mine.deadline_passed && mine.deadline_at) return <PassedDeadline mine={mine} />;
  if (mine.deadline_extended && mine.deadline_at) {
    const until = formatDateTime(mine.deadline_at);
    return (
      <p className="alert alert-info" role="status">
        {t`The board has given you until ${until} to finish your challenges.`}
      </p>
    );
  }
  return null;
}
