import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import {
  EXERCISE_NUMBERS,
  userChallengeListQuerySchema,
  validateUserChallengeSchema,
  type AdminUserChallenge,
} from '../../../contract/challenges';
import { MAX_CHALLENGE_AWARDED_XP, XP_PER_EXERCISE } from '../../../contract/constants';
import { AdminList } from '../../components/admin-list';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { PageSizeFilter, SelectFilter, TextFilter } from '../../components/filters';
import { Modal } from '../../components/modal';
import { contractResolver, showServerErrors } from '../../lib/form';
import { formatDateTime } from '../../lib/format';
import { pageSizeParam, useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useChallengeCatalog, useSubmissions, useValidateSubmission } from './api';
import '../../components/admin.css';

type ReviewDraft = { feedback: string; validation_notes: string; awarded_xp: string };

/**
 * The board's decision on a submission, judged by the API's schema (a decline needs feedback):
 * its refusals, the server's included, under the fields they name.
 */
function ReviewModal({
  submission,
  decision,
  onClose,
  onDone,
}: {
  submission: AdminUserChallenge;
  decision: 'validated' | 'declined';
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t } = useLingui();
  const recommended = XP_PER_EXERCISE * submission.completed_exercises_count;
  const { title, completed_exercises_count: completed, validation_threshold: threshold } = submission;
  const login = submission.user.intra_login;
  const process = useValidateSubmission();
  const validating = decision === 'validated';
  const initial: ReviewDraft = { feedback: '', validation_notes: '', awarded_xp: String(submission.total_xp_earned) };
  const {
    register,
    handleSubmit,
    setError,
    control: fields,
    formState,
  } = useForm({
    defaultValues: initial,
    // An empty score is no score: the server takes the XP earned.
    resolver: contractResolver(validateUserChallengeSchema, (draft: ReviewDraft) => ({
      status: decision,
      feedback: draft.feedback,
      validation_notes: draft.validation_notes,
      ...(validating && draft.awarded_xp.trim() !== '' ? { awarded_xp: Number(draft.awarded_xp) } : {}),
    })),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((parsed) =>
    process.mutate(
      {
        id: submission.id,
        status: decision,
        // Blank text is not sent at all, as before (the schema reads it as null).
        feedback: parsed.feedback ?? undefined,
        validation_notes: parsed.validation_notes ?? undefined,
        ...(parsed.awarded_xp != null ? { awarded_xp: parsed.awarded_xp } : {}),
      },
      {
        onSuccess: () =>
          onDone(validating ? t`Challenge validated successfully!` : t`Challenge declined successfully!`),
        onError: (error) => showServerErrors(error, setError, { accept: (path) => path in initial }),
      },
    ),
  );
  const feedbackBlank = useWatch({ control: fields, name: 'feedback' }).trim() === '';
  return (
    <Modal
      title={validating ? t`Validate “${title}” of @${login}` : t`Decline “${title}” of @${login}`}
      onClose={onClose}
    >
      <form onSubmit={onSubmit}>
        <ErrorBanner error={process.error} fallback={t`Failed to process submission`} />
        <Field
          id="review-feedback"
          label={validating ? t`Feedback for the candidate (optional)` : t`Feedback for the candidate`}
          error={errors.feedback?.message}
        >
          {(control) => <textarea {...control} maxLength={2000} {...register('feedback')} />}
        </Field>
        <Field
          id="review-notes"
          label={<Trans>Validation notes (board only, optional)</Trans>}
          error={errors.validation_notes?.message}
        >
          {(control) => <textarea {...control} maxLength={2000} {...register('validation_notes')} />}
        </Field>
        {validating && (
          <Field
            id="review-score"
            label={<Trans>Awarded score (0-100, optional)</Trans>}
            hint={
              <Trans>
                Recommended: {XP_PER_EXERCISE} × {completed} completed exercises = {recommended}. To validate it must
                reach {threshold}.
              </Trans>
            }
            error={errors.awarded_xp?.message}
          >
            {(control) => (
              <input {...control} type="number" min={0} max={MAX_CHALLENGE_AWARDED_XP} {...register('awarded_xp')} />
            )}
          </Field>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="submit"
            className={validating ? 'btn' : 'btn btn-danger'}
            disabled={process.isPending || (!validating && feedbackBlank)}
          >
            {validating ? t`Validate` : t`Decline`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** The address of the queue: a challenge, the page and its size (`?challenge_id=3&limit=50&offset=50`). */
const SUBMISSIONS_LIST = userChallengeListQuerySchema
  .pick({ challenge_id: true, q: true, offset: true })
  .extend({ limit: pageSizeParam });

/** One submission of the queue, a row: who, which challenge, the links, when, the XP, and the two decisions. */
function SubmissionRow({
  submission,
  onReview,
}: {
  submission: AdminUserChallenge;
  onReview: (decision: 'validated' | 'declined') => void;
}) {
  const { t } = useLingui();
  const login = submission.user.intra_login;
  const { title } = submission;
  return (
    <tr>
      <td className="person-cell">
        <Avatar name={login} imageUrl={submission.user.image_url} />
        <strong>
          <bdi>@{login}</bdi>
        </strong>
      </td>
      <td data-label={t`Challenge`}>
        <div className="cell-text">
          <strong dir="auto">{title}</strong>
          <ol className="plain-list exercise-links">
            {EXERCISE_NUMBERS.map((n) => {
              const link = submission[`exercise_${n}_tinkercad_link`];
              const exercise = submission[`exercise_${n}_title`];
              if (!exercise) return null;
              return (
                <li key={n}>
                  {link ? (
                    <Trans>
                      <bdi>{exercise}</bdi>:{' '}
                      <a href={link} target="_blank" rel="noopener noreferrer">
                        <bdi>{link}</bdi>
                      </a>
                    </Trans>
                  ) : (
                    <Trans>
                      <bdi>{exercise}</bdi>: <span className="muted">no link</span>
                    </Trans>
                  )}
                </li>
              );
            })}
          </ol>
        </div>
      </td>
      <td data-label={t`Sent`} className="nowrap">
        {submission.submitted_at ? formatDateTime(submission.submitted_at) : '—'}
      </td>
      <td data-label={t`XP earned`} className="nowrap">
        {submission.total_xp_earned}
      </td>
      <td className="actions-cell">
        <div className="decision-buttons">
          <button
            type="button"
            className="btn btn-small"
            data-decision="validated"
            aria-label={t`Validate “${title}” of @${login}`}
            onClick={() => onReview('validated')}
          >
            <Trans>Validate</Trans>
          </button>
          <button
            type="button"
            className="btn btn-danger btn-small"
            aria-label={t`Decline “${title}” of @${login}`}
            onClick={() => onReview('declined')}
          >
            <Trans>Decline</Trans>
          </button>
        </div>
      </td>
    </tr>
  );
}

/**
 * Submissions page (docs/product/screens.md#submissions-page): the queue of challenges waiting for the
 * board, oldest first, a page at a time, of one challenge or all. After a decision the result is
 * said where the reviewer was, in the decided submission's place, and the focus moves on to the
 * next one (decision 0153).
 */
export function SubmissionsPage() {
  const { t } = useLingui();
  usePageTitle(t`Submissions`);
  const list = useListParams(SUBMISSIONS_LIST);
  const { challenge_id, q, offset, limit } = list.values;
  const [reviewing, setReviewing] = useState<{
    submission: AdminUserChallenge;
    decision: 'validated' | 'declined';
  } | null>(null);
  // The latest decision's result, shown where its submission was, and the submissions decided on this page.
  const [outcome, setOutcome] = useState<{ message: string; at: number } | null>(null);
  const [decided, setDecided] = useState<ReadonlySet<number>>(new Set());
  const queue = useSubmissions({ challenge_id, q: q || undefined, offset, limit });
  const catalog = useChallengeCatalog();
  const challengeFilters = [
    { value: '', label: t`All challenges` },
    ...(catalog.data?.data ?? []).map((challenge) => ({ value: String(challenge.id), label: challenge.title })),
  ];
  // A decided submission leaves the page at once, before the queue is read again.
  const rows = queue.data?.data.filter((submission) => !decided.has(submission.id));
  const emptyPage = queue.data?.data.length === 0 && offset > 0;
  // Deciding the whole last page leaves it empty: the page before it holds what is left.
  useEffect(() => {
    if (emptyPage) list.set({ offset: Math.max(0, offset - limit) });
  }, [emptyPage, list, offset, limit]);
  useEffect(() => {
    if (!outcome) return;
    // On to the next submission, or to the result when none follows on this page.
    const said = document.querySelector<HTMLElement>('.submissions-outcome');
    const next = said?.closest('tr')?.nextElementSibling?.querySelector<HTMLElement>('[data-decision]');
    (next ?? said)?.focus();
  }, [outcome]);
  const forget = () => {
    setOutcome(null);
    setDecided(new Set());
  };
  const said = outcome && (
    <div className="alert alert-success submissions-outcome" role="status" tabIndex={-1}>
      {outcome.message}
    </div>
  );

  return (
    <AdminList
      title={t`Submissions`}
      actions={
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            forget();
            void queue.refetch();
          }}
          disabled={queue.isFetching}
        >
          <Trans>Refresh</Trans>
        </button>
      }
      filters={
        <>
          <TextFilter
            label={t`Search`}
            placeholder={t`Login, name or email`}
            {...list.text('q')}
            onChange={(value) => {
              forget();
              list.set({ q: value });
            }}
          />
          <SelectFilter
            label={t`Challenge`}
            options={challengeFilters}
            {...list.choice('challenge_id')}
            onChange={(value) => {
              forget();
              list.set({ challenge_id: value });
            }}
          />
          <PageSizeFilter
            {...list.choice('limit')}
            onChange={(value) => {
              forget();
              list.set({ limit: value });
            }}
          />
        </>
      }
      list={queue}
      rows={rows}
      loading={t`Loading submissions`}
      failed={t`Failed to load submissions`}
      notices={rows?.length === 0 ? said : null}
      empty={
        <div className="empty-state">
          <h2>
            <Trans>No Pending Submissions</Trans>
          </h2>
          <p>
            <Trans>All challenge submissions have been reviewed.</Trans>
          </p>
        </div>
      }
      pager={{
        ...list.pager(limit),
        onChange: (next) => {
          forget();
          list.set({ offset: next });
        },
      }}
      dialog={
        reviewing && (
          <ReviewModal
            submission={reviewing.submission}
            decision={reviewing.decision}
            onClose={() => setReviewing(null)}
            onDone={(message) => {
              const { id } = reviewing.submission;
              setReviewing(null);
              setOutcome({ message, at: rows?.findIndex((submission) => submission.id === id) ?? 0 });
              setDecided((before) => new Set(before).add(id));
            }}
          />
        )
      }
    >
      {(shown) => {
        const rowsShown = shown.map((submission) => (
          <SubmissionRow
            key={submission.id}
            submission={submission}
            onReview={(decision) => setReviewing({ submission, decision })}
          />
        ));
        if (said)
          rowsShown.splice(
            Math.min(outcome.at, rowsShown.length),
            0,
            <tr key="outcome" className="outcome-row">
              <td colSpan={5}>{said}</td>
            </tr>,
          );
        return (
          <div className="table-wrap data-table" role="region" aria-label={t`Submissions`} tabIndex={0}>
            <table>
              <thead>
                <tr>
                  <th scope="col">
                    <Trans>Candidate</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Challenge</Trans>
                  </th>
                  <th scope="col">
                    <Trans>Sent</Trans>
                  </th>
                  <th scope="col">
                    <Trans>XP earned</Trans>
                  </th>
                  <th scope="col">
                    <span className="visually-hidden">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>{rowsShown}</tbody>
            </table>
          </div>
        );
      }}
    </AdminList>
  );
}

export default SubmissionsPage;
