import { useState } from 'react';
import type { Challenge } from '../../../contract/challenges';
import { AdminList } from '../../components/admin-list';
import { useConfirmation } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { focusPageHeading } from '../../lib/focus';
import { usePageTitle } from '../../lib/use-page-title';
import { useChallengeCatalog, useDeleteChallenge } from './api';
import { ChallengeFormModal } from './challenge-form-modal';
import '../admin-shared.css';

/** Challenges admin (docs/product.md#challenges-admin): the catalog as cards, with the create/edit modal. */
export function ChallengesPage() {
  usePageTitle('Challenges');
  const [editing, setEditing] = useState<Challenge | 'new' | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const challenges = useChallengeCatalog();
  const remove = useDeleteChallenge();
  const confirmation = useConfirmation();
  const onDelete = (id: number) =>
    remove.mutate(id, {
      onSuccess: () => {
        setDeleteError(null);
        focusPageHeading();
      },
      onError: (error) => setDeleteError(`Failed to delete challenge: ${error.message || 'Unknown error'}`),
    });

  return (
    <AdminList
      title="Challenges"
      actions={
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          Add challenge
        </button>
      }
      list={challenges}
      loading="Loading challenges"
      failed="Failed to load challenges"
      notices={<Notice text={deleteError} />}
      empty={<p className="empty-state">No challenges yet: add the four challenges candidates will work on.</p>}
      dialog={
        confirmation.dialog ??
        (editing && (
          <ChallengeFormModal challenge={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
        ))
      }
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((challenge) => (
            <li key={challenge.id} className="card stack">
              <div className="row">
                <h2 className="card-title">{challenge.title}</h2>
                <span className={challenge.is_active ? 'badge badge-success' : 'badge'}>
                  {challenge.is_active ? 'Active' : 'Inactive'}
                </span>
              </div>
              <p className="clamp-3">{challenge.description}</p>
              <dl className="detail-grid">
                <dt>Difficulty</dt>
                <dd>{challenge.difficulty}</dd>
                <dt>Grade</dt>
                <dd>{challenge.grade}/100</dd>
                <dt>XP reward</dt>
                <dd>{challenge.xp_reward}</dd>
                <dt>Validation threshold</dt>
                <dd>{challenge.validation_threshold}</dd>
                <dt>Class code</dt>
                <dd>{challenge.tinkercad_class_code ?? '—'}</dd>
                <dt>Exercises</dt>
                <dd>{challenge.exercise_count}</dd>
              </dl>
              <div className="row">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(challenge)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  disabled={remove.isPending}
                  onClick={() =>
                    confirmation.ask({
                      title: `Delete ${challenge.title}?`,
                      consequence: (
                        <p>
                          Are you sure you want to delete this challenge? The work candidates did on it is deleted with
                          it.
                        </p>
                      ),
                      confirmLabel: 'Delete challenge',
                      danger: true,
                      onConfirm: () => onDelete(challenge.id),
                    })
                  }
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default ChallengesPage;
