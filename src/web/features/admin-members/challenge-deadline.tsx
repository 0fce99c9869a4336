import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import type { ChallengeDeadline } from '../../../contract/challenges';
import { DatePicker } from '../../components/date-picker';
import { Field } from '../../components/field';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api-client';
import {
  clubZone,
  DATE_TIME_HINT,
  DATE_TIME_INPUT,
  formatDate,
  formatDateTime,
  fromLocalInput,
  readingDates,
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
  const [draft, setDraft] = useState(() =>
    toLocalInput(
      deadline.deadline_passed || !deadline.deadline_at
        ? new Date(Date.now() + WEEK_MS).toISOString()
        : deadline.deadline_at,
    ),
  );
  const [done, setDone] = useState<string | null>(null);
  const [misread, setMisread] = useState<string | undefined>();
  const fieldError = misread ?? (change.error && errorMessage(change.error, t`The deadline could not be saved.`));
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
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const typed = readingDates(() => fromLocalInput(draft));
    // A date that cannot be read is not sent: the field says how to type it.
    setMisread(typed.misread.get(''));
    if (!typed.misread.size) save(typed.value || null);
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
            <DatePicker read={() => draft} onPick={setDraft}>
              <input
                {...control}
                {...DATE_TIME_INPUT}
                value={draft}
                onChange={(event) => setDraft(event.target.value)}
              />
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
                setMisread(undefined);
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
