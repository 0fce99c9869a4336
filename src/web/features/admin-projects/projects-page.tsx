import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
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
import { say } from '../../../contract/i18n';
import { AdminList } from '../../components/admin-list';
import { Notice } from '../../components/notice';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter, TextFilter } from '../../components/filters';
import { Modal } from '../../components/modal';
import { formatDate, formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { PROJECT_STATUS_BADGE } from '../../components/project-status';
import { useAdminProjects, useValidateProject } from './api';
import '../../components/admin.css';

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
  const { t } = useLingui();
  const { validation_notes: validationNotes } = project;
  const [notes, setNotes] = useState('');
  const validate = useValidateProject();
  const pending = project.status === 'pending';
  const deadlinePassed = !isFutureDeadline(project.deadline, new Date());
  const decide = (status: ProjectDecision) =>
    validate.mutate(
      { id: project.id, status, validation_notes: notes.trim() || null },
      {
        onSuccess: ({ title, status }) => {
          onDecided(status === 'approved' ? t`"${title}" was approved.` : t`"${title}" was rejected.`);
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
              <Trans>Reject</Trans>
            </button>
            <button
              type="button"
              className="btn"
              disabled={validate.isPending || deadlinePassed}
              aria-describedby={deadlinePassed ? 'project-deadline-passed' : undefined}
              onClick={() => decide('approved')}
            >
              <Trans>Approve</Trans>
            </button>
          </>
        )
      }
    >
      <ErrorBanner error={validate.error} fallback={t`The decision could not be saved`} />
      <dl className="detail-grid">
        <dt>
          <Trans>Owner</Trans>
        </dt>
        <dd>
          <bdi>@{project.owner.intra_login}</bdi>
        </dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <span className={PROJECT_STATUS_BADGE[project.status]}>{say(PROJECT_STATUS_LABELS[project.status])}</span>
        </dd>
        <dt>
          <Trans>Deadline</Trans>
        </dt>
        <dd>
          <Deadline deadline={project.deadline} passed={deadlinePassed} />
        </dd>
        <dt>
          <Trans>Proposed</Trans>
        </dt>
        <dd>{formatDateTime(project.created_at)}</dd>
        {project.validated_at && (
          <>
            <dt>
              <Trans>Decided</Trans>
            </dt>
            <dd>
              <Decided at={project.validated_at} by={project.validator?.intra_login} />
            </dd>
          </>
        )}
      </dl>
      <h3>
        <Trans>Description</Trans>
      </h3>
      <p className="prewrap">{project.description}</p>
      {validationNotes && (
        <p className="alert alert-info">
          <Trans>
            <strong>Validation notes:</strong> {validationNotes}
          </Trans>
        </p>
      )}
      {pending && (
        <>
          {deadlinePassed && (
            <p className="alert alert-info" id="project-deadline-passed">
              <Trans>Its deadline has passed while it waited: it can only be rejected.</Trans>
            </p>
          )}
          <div className="field">
            <label htmlFor="validation-notes">
              <Trans>Notes for the owner (optional)</Trans>
            </label>
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

/** The deadline of a project, and whether it has passed. */
function Deadline({ deadline, passed }: { deadline: string | null; passed: boolean }) {
  if (!deadline) return <Trans>None</Trans>;
  const date = formatDate(deadline);
  return passed ? <Trans>{date} (passed)</Trans> : date;
}

/** When a project was decided, and by whom when the decider is still known. */
function Decided({ at, by }: { at: string; by?: string }) {
  const date = formatDateTime(at);
  if (!by) return date;
  return (
    <Trans>
      {date} by <bdi>@{by}</bdi>
    </Trans>
  );
}

/** When a project was proposed, and its deadline if it has one. */
function Dates({ proposed, deadline }: { proposed: string; deadline: string | null }) {
  const proposedOn = formatDate(proposed);
  if (!deadline) return <Trans>Proposed {proposedOn}</Trans>;
  const due = formatDate(deadline);
  return (
    <Trans>
      Proposed {proposedOn} · Deadline {due}
    </Trans>
  );
}

/** The empty list, said whole for each combination of filters. */
function noProjects(status: string | undefined, q: string | undefined): MessageDescriptor {
  if (status && q) return msg`No projects with status ${status} by an owner matching "${q}" yet.`;
  if (status) return msg`No projects with status ${status} yet.`;
  if (q) return msg`No projects by an owner matching "${q}" yet.`;
  return msg`No projects yet.`;
}

function ProjectCard({ project, onView }: { project: Project; onView: () => void }) {
  const { t } = useLingui();
  const { title } = project;
  return (
    <li className="card stack">
      <div className="row">
        <Avatar name={project.owner.intra_login} imageUrl={project.owner.image_url} />
        <div className="person-name">
          <h2 className="card-title" dir="auto">
            {title}
          </h2>
          <div className="row badges">
            <span className={PROJECT_STATUS_BADGE[project.status]}>{say(PROJECT_STATUS_LABELS[project.status])}</span>
            <bdi className="muted">@{project.owner.intra_login}</bdi>
          </div>
        </div>
      </div>
      <p className="clamp-3">{project.description}</p>
      <p className="muted">
        <Dates proposed={project.created_at} deadline={project.deadline} />
      </p>
      <div className="row">
        <button type="button" className="btn btn-secondary btn-small" aria-label={t`View ${title}`} onClick={onView}>
          <Trans>View</Trans>
        </button>
      </div>
    </li>
  );
}

/** The address of the Projects page: the contract's project filters. */
const PROJECTS_LIST = projectListQuerySchema.omit({ limit: true, owner_id: true });

/**
 * Projects page: the members' proposals, to review, with the maintenance jobs at hand (`above`:
 * admin-maintenance's panel, which app/pages/projects-page.tsx hands over).
 */
export function ProjectsPage({ above }: { above?: ReactNode }) {
  const { t } = useLingui();
  usePageTitle(t`Projects`);
  const list = useListParams(PROJECTS_LIST);
  const { status, q, offset } = list.values;
  const [viewing, setViewing] = useState<Project | null>(null);
  const [decided, setDecided] = useState<string | null>(null);
  const projects = useAdminProjects({ status, q: q || undefined, offset, limit: PAGE_SIZE });
  const statusFilters: readonly { value: ProjectStatus | ''; label: string }[] = [
    { value: '', label: t`All` },
    ...PROJECT_STATUSES.map((value) => ({ value, label: say(PROJECT_STATUS_LABELS[value]) })),
  ];

  return (
    <AdminList
      title={t`Projects`}
      filters={
        <>
          <SelectFilter label={t`Status`} options={statusFilters} {...list.choice('status')} />
          <TextFilter label={t`Owner`} placeholder={t`Login`} {...list.text('q')} />
        </>
      }
      list={projects}
      loading={t`Loading projects`}
      failed={t`Failed to load projects`}
      above={above}
      notices={<Notice text={decided} success />}
      empty={
        <p className="empty-state">{t(noProjects(status && say(PROJECT_STATUS_LABELS[status]).toLowerCase(), q))}</p>
      }
      pager={list.pager(PAGE_SIZE)}
      dialog={viewing && <ProjectModal project={viewing} onClose={() => setViewing(null)} onDecided={setDecided} />}
    >
      {(rows) => (
        <ul className="card-grid" aria-label={t`Projects`}>
          {rows.map((project) => (
            <ProjectCard
              key={project.id}
              project={project}
              onView={() => {
                setDecided(null);
                setViewing(project);
              }}
            />
          ))}
        </ul>
      )}
    </AdminList>
  );
}
