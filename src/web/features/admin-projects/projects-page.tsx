import { useState } from 'react';
import {
  isFutureDeadline,
  PROJECT_NOTES_MAX,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  projectListQuerySchema,
  type Project,
  type ProjectDecision,
  type ProjectStatus,
} from '../../../contract/projects';
import { AdminList } from '../../components/admin-list';
import { Notice } from '../../components/notice';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter, TextFilter } from '../../components/filters';
import { Modal } from '../../components/modal';
import { formatDate, formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { MaintenancePanel } from '../admin-maintenance/maintenance-panel';
import { PROJECT_STATUS_BADGE } from '../projects/project-status';
import { useAdminProjects, useValidateProject } from './api';
import '../admin-shared.css';

const PAGE_SIZE = 20;

function ProjectModal({
  project,
  onClose,
  onDecided,
}: {
  project: Project;
  onClose: () => void;
  onDecided: (message: string) => void;
}) {
  const [notes, setNotes] = useState('');
  const validate = useValidateProject();
  const pending = project.status === 'pending';
  const deadlinePassed = !isFutureDeadline(project.deadline, new Date());
  const decide = (status: ProjectDecision) =>
    validate.mutate(
      { id: project.id, status, validation_notes: notes.trim() || null },
      {
        onSuccess: (decided) => {
          onDecided(`"${decided.title}" was ${decided.status}.`);
          onClose();
        },
      },
    );
  return (
    <Modal
      title={project.title}
      onClose={onClose}
      footer={
        pending && (
          <>
            <button
              type="button"
              className="btn btn-danger"
              disabled={validate.isPending}
              onClick={() => decide('rejected')}
            >
              Reject
            </button>
            <button
              type="button"
              className="btn"
              disabled={validate.isPending || deadlinePassed}
              aria-describedby={deadlinePassed ? 'project-deadline-passed' : undefined}
              onClick={() => decide('approved')}
            >
              Approve
            </button>
          </>
        )
      }
    >
      <ErrorBanner error={validate.error} fallback="The decision could not be saved" />
      <dl className="detail-grid">
        <dt>Owner</dt>
        <dd>@{project.owner.intra_login}</dd>
        <dt>Status</dt>
        <dd>
          <span className={PROJECT_STATUS_BADGE[project.status]}>{PROJECT_STATUS_LABELS[project.status]}</span>
        </dd>
        <dt>Deadline</dt>
        <dd>
          {project.deadline ? formatDate(project.deadline) : 'None'}
          {project.deadline && deadlinePassed ? ' (passed)' : ''}
        </dd>
        <dt>Proposed</dt>
        <dd>{formatDateTime(project.created_at)}</dd>
        {project.validated_at && (
          <>
            <dt>Decided</dt>
            <dd>
              {formatDateTime(project.validated_at)}
              {project.validator ? ` by @${project.validator.intra_login}` : ''}
            </dd>
          </>
        )}
      </dl>
      <h3>Description</h3>
      <p className="prewrap">{project.description}</p>
      {project.validation_notes && (
        <p className="alert alert-info">
          <strong>Validation notes:</strong> {project.validation_notes}
        </p>
      )}
      {pending && (
        <>
          {deadlinePassed && (
            <p className="alert alert-info" id="project-deadline-passed">
              Its deadline has passed while it waited: it can only be rejected.
            </p>
          )}
          <div className="field">
            <label htmlFor="validation-notes">Notes for the owner (optional)</label>
            <textarea
              id="validation-notes"
              value={notes}
              maxLength={PROJECT_NOTES_MAX}
              onChange={(event) => setNotes(event.target.value)}
            />
          </div>
        </>
      )}
    </Modal>
  );
}

const STATUS_FILTERS: readonly { value: ProjectStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] })),
];

/** The address of the Projects page: the contract's project filters. */
const PROJECTS_LIST = projectListQuerySchema.omit({ limit: true, owner_id: true });

/** Projects page: the members' proposals, to review, with the maintenance jobs at hand. */
export function ProjectsPage() {
  usePageTitle('Projects');
  const list = useListParams(PROJECTS_LIST);
  const { status, q, offset } = list.values;
  const [viewing, setViewing] = useState<Project | null>(null);
  const [decided, setDecided] = useState<string | null>(null);
  const projects = useAdminProjects({ status, q: q || undefined, offset, limit: PAGE_SIZE });

  return (
    <AdminList
      title="Projects"
      filters={
        <>
          <SelectFilter label="Status" options={STATUS_FILTERS} {...list.choice('status')} />
          <TextFilter label="Owner" placeholder="Login" {...list.text('q')} />
        </>
      }
      list={projects}
      loading="Loading projects"
      failed="Failed to load projects"
      above={<MaintenancePanel />}
      notices={<Notice text={decided} success />}
      empty={
        <p className="empty-state">
          No projects{status ? ` with status ${PROJECT_STATUS_LABELS[status].toLowerCase()}` : ''}
          {q ? ` by an owner matching "${q}"` : ''} yet.
        </p>
      }
      pager={list.pager(PAGE_SIZE)}
      dialog={viewing && <ProjectModal project={viewing} onClose={() => setViewing(null)} onDecided={setDecided} />}
    >
      {(rows) => (
        <ul className="card-grid" aria-label="Projects">
          {rows.map((project) => (
            <li key={project.id} className="card stack">
              <div className="row">
                <Avatar name={project.owner.intra_login} imageUrl={project.owner.image_url} />
                <div className="person-name">
                  <h2 className="card-title">{project.title}</h2>
                  <div className="row badges">
                    <span className={PROJECT_STATUS_BADGE[project.status]}>
                      {PROJECT_STATUS_LABELS[project.status]}
                    </span>
                    <span className="muted">@{project.owner.intra_login}</span>
                  </div>
                </div>
              </div>
              <p className="clamp-3">{project.description}</p>
              <p className="muted">
                Proposed {formatDate(project.created_at)}
                {project.deadline ? ` · Deadline ${formatDate(project.deadline)}` : ''}
              </p>
              <div className="row">
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  aria-label={`View ${project.title}`}
                  onClick={() => {
                    setDecided(null);
                    setViewing(project);
                  }}
                >
                  View
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default ProjectsPage;
