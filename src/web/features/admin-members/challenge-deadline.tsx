import { i18n } from '@lingui/core';
import { useState, type FormEvent } from 'react';
import type { ChallengeDeadline } from '../../../contract/challenges';
import { Field } from '../../components/field';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api-client';
import {
  BROWSER_TIME_ZONE,
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

function deadlineSentence(deadline: ChallengeDeadline): string {
  const at = formatDateTime(deadline.deadline_at!);
  if (deadline.deadline_passed) return `Passed on ${at}.`;
  return deadline.days_remaining === 1 ? `${at}, in 1 day.` : `${at}, in ${deadline.days_remaining} days.`;
}

/**
 * A candidate's challenge deadline in the user's detail (docs/product.md#deadline-extensions): when
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
  const fieldError = misread ?? (change.error && errorMessage(change.error, 'The deadline could not be saved.'));
  const save = (deadlineAt: string | null) =>
    change.mutate(
      { id: userId, deadline_at: deadlineAt },
      {
        onSuccess: (after) =>
          setDone(
            after.deadline_at
              ? `@${login} now has until ${formatDateTime(after.deadline_at)}, and gets an email about it.`
              : `@${login} is back on the default deadline.`,
          ),
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

  return (
    <section className="stack" aria-labelledby="deadline-section-title">
      <h3 id="deadline-section-title">Challenge deadline</h3>
      <p>
        {deadline.deadline_at ? deadlineSentence(deadline) : 'No deadline yet.'}{' '}
        {deadline.deadline_extended && <span className="badge badge-brand">Set by the board</span>}
      </p>
      {request && (
        <div className={request.answered_at ? 'stack' : 'alert alert-info stack'}>
          <p>
            <strong>
              {request.answered_at
                ? `Request for more time, sent on ${formatDate(request.requested_at)} and answered on ${formatDate(request.answered_at)}:`
                : `Request for more time, sent on ${formatDate(request.requested_at)}:`}
            </strong>
          </p>
          <blockquote className="deadline-reason">{request.reason}</blockquote>
        </div>
      )}
      <form className="stack" onSubmit={onSubmit} noValidate>
        <Field
          id={`deadline-${userId}`}
          label="New deadline"
          hint={`${i18n._(DATE_TIME_HINT)} Time zone: ${BROWSER_TIME_ZONE}. The candidate gets an email with the new date.`}
          error={fieldError || undefined}
          required
        >
          {(control) => (
            <input {...control} {...DATE_TIME_INPUT} value={draft} onChange={(event) => setDraft(event.target.value)} />
          )}
        </Field>
        <div className="row">
          <button type="submit" className="btn btn-small" disabled={change.isPending}>
            Set deadline
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
              Back to the default deadline
            </button>
          )}
        </div>
      </form>
      <Notice text={done} success />
    </section>
  );
}
