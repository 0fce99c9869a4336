import { useState, type FormEvent } from 'react';
import {
  isFutureDeadline,
  PROJECT_DEADLINE_MESSAGE,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_STATUS_LABELS,
  PROJECT_TITLE_MAX,
  projectFormSchema,
  type Project,
} from '../../../contract/projects';
import { ErrorBanner } from '../../components/error-banner';
import { Spinner } from '../../components/loading-screen';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { PROJECT_STATUS_BADGE } from './project-status';
import { useMyProjects, useProposeProject } from './api';
import './projects.css';

type Fields = { title: string; description: string; deadline: string };
const EMPTY: Fields = { title: '', description: '', deadline: '' };

/** `YYYY-MM-DD` of today in the member's time zone: the earliest deadline the date picker offers. */
function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** A picked date means "until the end of that day" where the member is. */
const endOfDay = (date: string) => new Date(`${date}T23:59:59.999`).toISOString();

function ProjectItem({ project }: { project: Project }) {
  const overdue = project.status === 'approved' && !isFutureDeadline(project.deadline, new Date());
  return (
    <li className="project-item">
      <div className="row project-item-head">
        <strong className="project-title">{project.title}</strong>
        <span className={PROJECT_STATUS_BADGE[project.status]}>{PROJECT_STATUS_LABELS[project.status]}</span>
      </div>
      <p className="prewrap">{project.description}</p>
      <p className="muted project-meta">
        Proposed {formatDate(project.created_at)}
        {project.deadline ? ` · Deadline ${formatDate(project.deadline)}` : ' · No deadline'}
        {overdue ? ' (passed)' : ''}
      </p>
      {project.validation_notes && (
        <p className="alert alert-info">
          <strong>The board&apos;s note:</strong> {project.validation_notes}
        </p>
      )}
    </li>
  );
}

/** The proposal form, validated with the contract's schema before it is sent. */
function ProposeForm() {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields, string>>>({});
  const [sent, setSent] = useState<string | null>(null);
  const propose = useProposeProject();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSent(null);
    const parsed = projectFormSchema.safeParse({
      title: fields.title,
      description: fields.description,
      deadline: fields.deadline ? endOfDay(fields.deadline) : null,
    });
    const found: typeof errors = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as keyof Fields] ??= issue.message;
    } else if (!isFutureDeadline(parsed.data.deadline, new Date())) {
      found.deadline = PROJECT_DEADLINE_MESSAGE;
    }
    setErrors(found);
    if (!parsed.success || Object.keys(found).length > 0) return;
    propose.mutate(parsed.data, {
      onSuccess: (project) => {
        setFields(EMPTY);
        setSent(`"${project.title}" was sent to the board: you will see its decision here.`);
      },
      onError: (error) => {
        // The server's field errors (a deadline it finds past, say) go under their fields.
        if (error instanceof ApiError && error.details) {
          setErrors(Object.fromEntries(error.details.map((detail) => [detail.path, detail.message])));
        }
      },
    });
  };

  const field = (name: keyof Fields) => ({
    id: `project-${name}`,
    name,
    value: fields[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `project-${name}-error` : undefined,
    onChange: (event: { target: { value: string } }) => setFields({ ...fields, [name]: event.target.value }),
  });
  const error = (name: keyof Fields) =>
    errors[name] && (
      <p className="error-text" id={`project-${name}-error`}>
        {errors[name]}
      </p>
    );

  return (
    <form className="stack project-form" onSubmit={onSubmit} noValidate aria-labelledby="propose-title">
      <h3 id="propose-title">Propose a project</h3>
      <div className="field">
        <label htmlFor="project-title">Title</label>
        <input {...field('title')} maxLength={PROJECT_TITLE_MAX} required autoComplete="off" />
        {error('title')}
      </div>
      <div className="field">
        <label htmlFor="project-description">Description</label>
        <textarea {...field('description')} maxLength={PROJECT_DESCRIPTION_MAX} required rows={5} />
        <p className="hint">What you want to build, with whom, and what you need from the club.</p>
        {error('description')}
      </div>
      <div className="field">
        <label htmlFor="project-deadline">Deadline (optional)</label>
        <input {...field('deadline')} type="date" min={today()} />
        {error('deadline')}
      </div>
      {propose.isError && <ErrorBanner error={propose.error} fallback="Failed to propose the project" />}
      {sent && (
        <p className="alert alert-success" role="status">
          {sent}
        </p>
      )}
      <div>
        <button className="btn" type="submit" disabled={propose.isPending}>
          {propose.isPending ? 'Sending...' : 'Propose project'}
        </button>
      </div>
    </form>
  );
}

/** Step 4 of the tracker, below the congratulations: the member's club projects and the form to propose one. */
export function MyProjects() {
  const projects = useMyProjects();
  const list = projects.data?.data ?? [];
  return (
    <section className="card stack projects-section" id="projects" aria-labelledby="projects-title">
      <h2 id="projects-title">Your club projects</h2>
      <p className="muted">Propose a project to the club; the board approves or rejects it, with a note.</p>
      <ErrorBanner error={projects.error} fallback="Failed to load your projects" />
      {projects.isPending ? (
        <Spinner label="Loading your projects" />
      ) : projects.isError ? null : list.length === 0 ? (
        <p className="muted">You have not proposed a project yet.</p>
      ) : (
        <ul className="project-list" aria-label="Your projects">
          {list.map((project) => (
            <ProjectItem key={project.id} project={project} />
          ))}
        </ul>
      )}
      {projects.data && projects.data.total > list.length && (
        <p className="muted">
          Showing your {list.length} most recent projects of {projects.data.total}.
        </p>
      )}
      <ProposeForm />
    </section>
  );
}
