import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { challengeDeadlineBodySchema, type ChallengeDeadline } from '../../../contract/challenges';
import { DatePicker } from '../../components/date-picker';
import { Field } from '../../components/field';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api-client';
import { contractResolver } from '../../lib/form';
import {
  clubZone,
  DATE_TIME_HINT,
  DATE_TIME_INPUT,
  formatDate,
  formatDateTime,
  fromLocalInput,
  toLocalInput,
} from '../../lib/format';
import { useSetChallengeDeadline } from './api';

const WEEK_MS = 7 * 24 * 3600_000;

/** When the deadline falls, and how far off it is. */
function DeadlineSentence({ deadline }: { deadline: ChallengeDeadline }) {
  const { t } = useLingui();
  const at = formatDateTime(deadline.deadline_at!);
  if (deadline.deadline_passed) return t`Passed on ${at}.`;
  const days = deadline.days_remaining;
  return plural(days, { one: `${at}, in # day.`, other: `${at}, in # days.` });
}

/**
 * A candidate's challenge deadline in the user's detail (docs/product/communication.md#deadline-extensions): when
 * it falls, the candidate's request for more time, and a new date (or the default rule back).
 */
export function ChallengeDeadlineSection({
  userId,
  login,
  deadline,
}: {
  userId: number;
  login: string;
  deadline: ChallengeDeadline;
}) {
  const { t } = useLingui();
  const change = useSetChallengeDeadline();
  const [initial] = useState(() => ({
    deadline_at: toLocalInput(
      deadline.deadline_passed || !deadline.deadline_at
        ? new Date(Date.now() + WEEK_MS).toISOString()
        : deadline.deadline_at,
    ),
  }));
  const { register, handleSubmit, getValues, setValue, clearErrors, formState } = useForm({
    defaultValues: initial,
    // An empty field sends null: the default rule back, as the button beside it does.
    resolver: contractResolver(challengeDeadlineBodySchema, (draft: { deadline_at: string }) => ({
      deadline_at: fromLocalInput(draft.deadline_at) || null,
    })),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [done, setDone] = useState<string | null>(null);
  const fieldError =
    formState.errors.deadline_at?.message ??
    (change.error && errorMessage(change.error, t`The deadline could not be saved.`));
  const save = (deadlineAt: string | null) =>
    change.mutate(
      { id: userId, deadline_at: deadlineAt },
      {
        onSuccess: (after) => {
          const until = after.deadline_at && formatDateTime(after.deadline_at);
          setDone(
            until
              ? t`@${login} now has until ${until}, and gets an email about it.`
              : t`@${login} is back on the default deadline.`,
          );
        },
      },
    );
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setDone(null);
    change.reset();
    // A date that cannot be read is not sent: the field says how to type it.
    return handleSubmit(({ deadline_at }) => save(deadline_at))(event);
  };
  const request = deadline.deadline_request;
  const requested = request && formatDate(request.requested_at);
  const answered = request?.answered_at && formatDate(request.answered_at);
  const format = t(DATE_TIME_HINT);
  const zone = clubZone();

  return (
    <section className="stack" aria-labelledby="deadline-section-title">
      <h3 id="deadline-section-title">
        <Trans>Challenge deadline</Trans>
      </h3>
      <p>
        {deadline.deadline_at ? <DeadlineSentence deadline={deadline} /> : t`No deadline yet.`}{' '}
        {deadline.deadline_extended && (
          <span className="badge badge-brand">
            <Trans>Set by the board</Trans>
          </span>
        )}
      </p>
      {request && (
        <div className={request.answered_at ? 'stack' : 'alert alert-info stack'}>
          <p>
            <strong>
              {answered
                ? t`Request for more time, sent on ${requested} and answered on ${answered}:`
                : t`Request for more time, sent on ${requested}:`}
            </strong>
          </p>
          <blockquote className="deadline-reason" dir="auto">
            {request.reason}
          </blockquote>
        </div>
      )}
      <form className="stack" onSubmit={onSubmit} noValidate>
        <Field
          id={`deadline-${userId}`}
          label={t`New deadline`}
          hint={t`${format} Time zone: ${zone}. The candidate gets an email with the new date.`}
          error={fieldError || undefined}
          required
        >
          {(control) => (
            <DatePicker
              read={() => getValues('deadline_at')}
              onPick={(text) => setValue('deadline_at', text, { shouldDirty: true })}
            >
              <input {...control} {...DATE_TIME_INPUT} {...register('deadline_at')} />
            </DatePicker>
          )}
        </Field>
        <div className="row">
          <button type="submit" className="btn btn-small" disabled={change.isPending}>
            <Trans>Set deadline</Trans>
          </button>
          {deadline.deadline_extended && (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              disabled={change.isPending}
              onClick={() => {
                setDone(null);
                clearErrors();
                save(null);
              }}
            >
              <Trans>Back to the default deadline</Trans>
            </button>
          )}
        </div>
      </form>
      <Notice text={done} success />
    </section>
  );
}
