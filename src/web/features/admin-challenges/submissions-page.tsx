import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { EXERCISE_NUMBERS, type AdminUserChallenge } from '../../../contract/challenges';
import { XP_PER_EXERCISE } from '../../../contract/constants';
import { AdminList } from '../../components/admin-list';
import { Notice } from '../../components/notice';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { Modal } from '../../components/modal';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useSubmissions, useValidateSubmission } from './api';
import '../admin-shared.css';

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
  const [feedback, setFeedback] = useState('');
  const [notes, setNotes] = useState('');
  const [score, setScore] = useState(String(submission.total_xp_earned));
  const process = useValidateSubmission();
  const validating = decision === 'validated';
  return (
    <Modal
      title={validating ? t`Validate “${title}” of @${login}` : t`Decline “${title}” of @${login}`}
      onClose={onClose}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const awarded = score.trim() === '' ? undefined : Number(score);
          process.mutate(
            {
              id: submission.id,
              status: decision,
              feedback: feedback.trim() || undefined,
              validation_notes: notes.trim() || undefined,
              ...(validating && awarded !== undefined ? { awarded_xp: awarded } : {}),
            },
            {
              onSuccess: () =>
                onDone(validating ? t`Challenge validated successfully!` : t`Challenge declined successfully!`),
            },
          );
        }}
      >
        <ErrorBanner error={process.error} fallback={t`Failed to process submission`} />
        <div className="field">
          <label htmlFor="review-feedback">
            {validating ? t`Feedback for the candidate (optional)` : t`Feedback for the candidate`}
          </label>
          <textarea
            id="review-feedback"
            value={feedback}
            maxLength={2000}
            onChange={(event) => setFeedback(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="review-notes">
            <Trans>Validation notes (board only, optional)</Trans>
          </label>
          <textarea
            id="review-notes"
            value={notes}
            maxLength={2000}
            onChange={(event) => setNotes(event.target.value)}
          />
        </div>
        {validating && (
          <div className="field">
            <label htmlFor="review-score">
              <Trans>Awarded score (0-100, optional)</Trans>
            </label>
            <input
              id="review-score"
              type="number"
              min={0}
              max={100}
              value={score}
              onChange={(event) => setScore(event.target.value)}
            />
            <p className="hint">
              <Trans>
                Recommended: {XP_PER_EXERCISE} × {completed} completed exercises = {recommended}. To validate it must
                reach {threshold}.
              </Trans>
            </p>
          </div>
        )}
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button
            type="submit"
            className={validating ? 'btn' : 'btn btn-danger'}
            disabled={process.isPending || (!validating && feedback.trim() === '')}
          >
            {validating ? t`Validate` : t`Decline`}
          </button>
        </div>
      </form>
    </Modal>
  );
}

/** Submissions page (docs/product/screens.md#submissions-page): challenges waiting for the board, with their exercise links. */
export function SubmissionsPage() {
  const { t } = useLingui();
  usePageTitle(t`Submissions`);
  const [reviewing, setReviewing] = useState<{
    submission: AdminUserChallenge;
    decision: 'validated' | 'declined';
  } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const queue = useSubmissions();

  return (
    <AdminList
      title={t`Submissions`}
      actions={
        <button type="button" className="btn btn-secondary" onClick={() => queue.refetch()} disabled={queue.isFetching}>
          <Trans>Refresh</Trans>
        </button>
      }
      list={queue}
      loading={t`Loading submissions`}
      failed={t`Failed to load submissions`}
      notices={<Notice text={done} success />}
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
      dialog={
        reviewing && (
          <ReviewModal
            submission={reviewing.submission}
            decision={reviewing.decision}
            onClose={() => setReviewing(null)}
            onDone={(message) => {
              setReviewing(null);
              setDone(message);
            }}
          />
        )
      }
    >
      {(rows) => (
        <ul className="submission-list">
          {rows.map((submission) => {
            const login = submission.user.intra_login;
            const earned = submission.total_xp_earned;
            const submitted = submission.submitted_at ? formatDateTime(submission.submitted_at) : '—';
            return (
              <li key={submission.id} className="card stack">
                <div className="row">
                  <Avatar name={submission.user.intra_login} imageUrl={submission.user.image_url} />
                  <div className="person-name">
                    <strong dir="auto">{submission.title}</strong>
                    <div className="muted">
                      <Trans>
                        <bdi>@{login}</bdi> · submitted {submitted} · {earned} XP earned
                      </Trans>
                    </div>
                  </div>
                </div>
                <ol className="plain-list">
                  {EXERCISE_NUMBERS.map((n) => {
                    const link = submission[`exercise_${n}_tinkercad_link`];
                    const title = submission[`exercise_${n}_title`];
                    if (!title) return null;
                    return (
                      <li key={n}>
                        {link ? (
                          <Trans>
                            <bdi>{title}</bdi>:{' '}
                            <a href={link} target="_blank" rel="noopener noreferrer">
                              <bdi>{link}</bdi>
                            </a>
                          </Trans>
                        ) : (
                          <Trans>
                            <bdi>{title}</bdi>: <span className="muted">no link</span>
                          </Trans>
                        )}
                      </li>
                    );
                  })}
                </ol>
                <div className="row">
                  <button
                    type="button"
                    className="btn btn-small"
                    onClick={() => {
                      setDone(null);
                      setReviewing({ submission, decision: 'validated' });
                    }}
                  >
                    <Trans>Validate</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    onClick={() => {
                      setDone(null);
                      setReviewing({ submission, decision: 'declined' });
                    }}
                  >
                    <Trans>Decline</Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminList>
  );
}

export default SubmissionsPage;
