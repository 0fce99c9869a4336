import { useDeferredValue, useState } from 'react';
import {
  isFutureDeadline,
  PROJECT_NOTES_MAX,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type Project,
  type ProjectDecision,
  type ProjectStatus,
} from '../../../contract/projects';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter, TextFilter } from '../../components/filters';
import { Spinner } from '../../components/loading-screen';
import { Modal } from '../../components/modal';
import { Pager } from '../../components/pager';
import { formatDate, formatDateTime } from '../../lib/format';
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

/** Projects page: the members' proposals, to review, with the maintenance jobs at hand. */

const STATUS_FILTERS: readonly { value: ProjectStatus | ''; label: string }[] = [
  { value: '', label: 'All' },
  ...PROJECT_STATUSES.map((value) => ({ value, label: PROJECT_STATUS_LABELS[value] })),
];

export function ProjectsPage() {
  usePageTitle('Projects');
  const [status, setStatus] = useState<ProjectStatus | ''>('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<Project | null>(null);
  const [decided, setDecided] = useState<string | null>(null);
  const q = useDeferredValue(search.trim());
  const projects = useAdminProjects({ status: status || undefined, q: q || undefined, offset, limit: PAGE_SIZE });
  const list = projects.data?.data ?? [];

  return (
    <div>
      <div className="admin-toolbar">
        <h1>Projects</h1>
        <div className="filters">
          <SelectFilter
            label="Status"
            value={status}
            options={STATUS_FILTERS}
            onChange={(value) => {
              setStatus(value);
              setOffset(0);
            }}
          />
          <TextFilter
            label="Owner"
            value={search}
            placeholder="Login"
            onChange={(value) => {
              setSearch(value);
              setOffset(0);
            }}
          />
        </div>
      </div>
      <MaintenancePanel />
      <ErrorBanner error={projects.error} fallback="Failed to load projects" />
      {decided && (
        <p className="alert alert-success" role="status">
          {decided}
        </p>
      )}
      {projects.isPending ? (
        <Spinner label="Loading projects" />
      ) : projects.isError ? null : list.length === 0 ? (
        <p className="empty-state">
          No projects{status ? ` with status ${PROJECT_STATUS_LABELS[status].toLowerCase()}` : ''}
          {q ? ` by an owner matching "${q}"` : ''} yet.
        </p>
      ) : (
        <ul className="card-grid" aria-label="Projects">
          {list.map((project) => (
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
      <Pager offset={offset} limit={PAGE_SIZE} total={projects.data?.total ?? 0} onChange={setOffset} />
      {viewing && <ProjectModal project={viewing} onClose={() => setViewing(null)} onDecided={setDecided} />}
    </div>
  );
}

export default ProjectsPage;
