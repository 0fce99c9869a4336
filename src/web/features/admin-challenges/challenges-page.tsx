import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { Challenge } from '../../../contract/challenges';
import { AdminList } from '../../components/admin-list';
import { useConfirmation } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { focusPageHeading } from '../../lib/focus';
import { usePageTitle } from '../../lib/use-page-title';
import { useChallengeCatalog, useDeleteChallenge } from './api';
import { ChallengeFormModal, DIFFICULTY_NAMES } from './challenge-form-modal';
import '../../components/admin.css';

/** Challenges admin (docs/product/screens.md#challenges-admin): the catalog as cards, with the create/edit modal. */
export function ChallengesPage() {
  const { t } = useLingui();
  usePageTitle(t`Challenges`);
  const [editing, setEditing] = useState<Challenge | 'new' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  // A challenge that became active went at once to the candidates waiting for challenges (decision 0145).
  const [reached, setReached] = useState<string | null>(null);
  const challenges = useChallengeCatalog();
  const remove = useDeleteChallenge();
  const confirmation = useConfirmation();
  const onDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        setDeleteError(null);
        focusPageHeading();
      },
      onError: (error) => {
        const reason = error.message || t`Unknown error`;
        setDeleteError(t`Failed to delete challenge: ${reason}`);
      },
    });

  return (
    <AdminList
      title={t`Challenges`}
      actions={
        <button
          type="button"
          className="btn"
          onClick={() => {
            setReached(null);
            setEditing('new');
          }}
        >
          <Trans>Add challenge</Trans>
        </button>
      }
      list={challenges}
      loading={t`Loading challenges`}
      failed={t`Failed to load challenges`}
      notices={
        <>
          <Notice text={deleteError} />
          <Notice text={reached} success />
        </>
      }
      empty={
        <p className="empty-state">
          <Trans>No challenges yet: add the four challenges candidates will work on.</Trans>
        </p>
      }
      dialog={
        confirmation.dialog ??
        (editing && (
          <ChallengeFormModal
            challenge={editing === 'new' ? null : editing}
            onClose={() => setEditing(null)}
            onSaved={(saved) => {
              setEditing(null);
              const { title, assigned_to: count } = saved;
              setReached(
                count > 0
                  ? plural(count, {
                      one: `${title} is active and was assigned to # candidate working on the challenges.`,
                      other: `${title} is active and was assigned to # candidates working on the challenges.`,
                    })
                  : null,
              );
            }}
          />
        ))
      }
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((challenge) => {
            const { title } = challenge;
            return (
              <li key={challenge.id} className="card stack">
                <div className="row">
                  <h2 className="card-title" dir="auto">
                    {challenge.title}
                  </h2>
                  <span className={challenge.is_active ? 'badge badge-success' : 'badge'}>
                    {challenge.is_active ? t`Active` : t`Inactive`}
                  </span>
                </div>
                <p className="clamp-3" dir="auto">
                  {challenge.description}
                </p>
                <dl className="detail-grid">
                  <dt>
                    <Trans>Difficulty</Trans>
                  </dt>
                  <dd>{t(DIFFICULTY_NAMES[challenge.difficulty])}</dd>
                  <dt>
                    <Trans>Grade</Trans>
                  </dt>
                  <dd>{challenge.grade}/100</dd>
                  <dt>
                    <Trans>XP reward</Trans>
                  </dt>
                  <dd>{challenge.xp_reward}</dd>
                  <dt>
                    <Trans>Validation threshold</Trans>
                  </dt>
                  <dd>{challenge.validation_threshold}</dd>
                  <dt>
                    <Trans>Class code</Trans>
                  </dt>
                  <dd>{challenge.tinkercad_class_code ?? '—'}</dd>
                  <dt>
                    <Trans>Exercises</Trans>
                  </dt>
                  <dd>{challenge.exercise_count}</dd>
                </dl>
                <div className="row">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(challenge)}>
                    <Trans>Edit</Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    disabled={remove.isPending}
                    onClick={() =>
                      confirmation.ask({
                        title: t`Delete ${title}?`,
                        consequence: (
                          <p>
                            <Trans>
                              Are you sure you want to delete this challenge? The work candidates did on it is deleted
                              with it.
                            </Trans>
                          </p>
                        ),
                        confirmLabel: t`Delete challenge`,
                        danger: true,
                        onConfirm: () => onDelete(challenge.id),
                      })
                    }
                  >
                    <Trans>Delete</Trans>
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

export default ChallengesPage;
