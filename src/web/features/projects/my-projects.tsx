import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  isFutureDeadline,
  PROJECT_DEADLINE_MESSAGE,
  PROJECT_DESCRIPTION_MAX,
  PROJECT_STATUS_LABELS,
  PROJECT_TITLE_MAX,
  projectFormSchema,
  type Project,
} from '../../../contract/projects';
import { say } from '../../../contract/i18n';
import { ErrorBanner } from '../../components/error-banner';
import { DatePicker } from '../../components/date-picker';
import { Field } from '../../components/field';
import { Spinner } from '../../components/loading-screen';
import { DATE_HINT, DATE_INPUT, formatDate, fromDateInput } from '../../lib/format';
import { contractResolver, showServerErrors } from '../../lib/form';
import { PROJECT_STATUS_BADGE } from '../../components/project-status';
import { useMyProjects, useProposeProject } from './api';
import './projects.css';

type Fields = { title: string; description: string; deadline: string };
const EMPTY: Fields = { title: '', description: '', deadline: '' };

/** A date typed as day/month/year means "until the end of that day" where the member is; what cannot be read is passed on as typed. */
function endOfDay(typed: string): string {
  const date = fromDateInput(typed);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date === typed) return date;
  const [year, month, day] = date.split('-').map(Number);
  return new Date(year!, month! - 1, day, 23, 59, 59, 999).toISOString();
}

function ProjectItem({ project }: { project: Project }) {
  const overdue = project.status === 'approved' && !isFutureDeadline(project.deadline, new Date());
  const proposed = formatDate(project.created_at);
  const deadline = project.deadline ? formatDate(project.deadline) : '';
  return (
    <li className="project-item">
      <div className="row project-item-head">
        <strong className="project-title" dir="auto">
          {project.title}
        </strong>
        <span className={PROJECT_STATUS_BADGE[project.status]}>{say(PROJECT_STATUS_LABELS[project.status])}</span>
      </div>
      <p className="prewrap" dir="auto">
        {project.description}
      </p>
      <p className="muted project-meta">
        {!project.deadline ? (
          <Trans>Proposed {proposed} · No deadline</Trans>
        ) : overdue ? (
          <Trans>
            Proposed {proposed} · Deadline {deadline} (passed)
          </Trans>
        ) : (
          <Trans>
            Proposed {proposed} · Deadline {deadline}
          </Trans>
        )}
      </p>
      {project.validation_notes && (
        <p className="alert alert-info">
          <strong>
            <Trans>The board&apos;s note:</Trans>
          </strong>{' '}
          <bdi>{project.validation_notes}</bdi>
        </p>
      )}
    </li>
  );
}

const toInput = (fields: Fields) => ({
  title: fields.title,
  description: fields.description,
  deadline: fields.deadline ? endOfDay(fields.deadline) : null,
});
const checkShape = contractResolver(projectFormSchema, toInput);

/** The contract's schema, then the browser's clock: a deadline must still be ahead. */
const resolver: typeof checkShape = async (values, context, options) => {
  const result = await checkShape(values, context, options);
  if (Object.keys(result.errors).length > 0 || isFutureDeadline(result.values.deadline ?? null, new Date())) {
    return result;
  }
  return { values: {}, errors: { deadline: { type: 'future', message: say(PROJECT_DEADLINE_MESSAGE) } } };
};

/** The proposal form, validated with the contract's schema before it is sent. */
function ProposeForm() {
  const { t } = useLingui();
  const { register, handleSubmit, reset, setError, getValues, setValue, formState } = useForm({
    defaultValues: EMPTY,
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const [sent, setSent] = useState<string | null>(null);
  const propose = useProposeProject();

  const onSubmit = handleSubmit((form) =>
    propose.mutate(form, {
      onSuccess: (project) => {
        reset();
        const title = project.title;
        setSent(t`"${title}" was sent to the board: you will see its decision here.`);
      },
      // The server's field errors (a deadline it finds past, say) go under their fields.
      onError: (error) => showServerErrors(error, setError),
    }),
  );

  return (
    <form
      className="stack project-form"
      onSubmit={(event) => {
        setSent(null);
        return onSubmit(event);
      }}
      noValidate
      aria-labelledby="propose-title"
    >
      <h3 id="propose-title">
        <Trans>Propose a project</Trans>
      </h3>
      <Field id="project-title" label={t`Title`} error={errors.title?.message} required>
        {(control) => <input {...control} {...register('title')} maxLength={PROJECT_TITLE_MAX} autoComplete="off" />}
      </Field>
      <Field
        id="project-description"
        label={t`Description`}
        hint={t`What you want to build, with whom, and what you need from the club.`}
        error={errors.description?.message}
        required
      >
        {(control) => (
          <textarea {...control} {...register('description')} maxLength={PROJECT_DESCRIPTION_MAX} rows={5} />
        )}
      </Field>
      <Field
        id="project-deadline"
        label={t`Deadline (optional)`}
        hint={i18n._(DATE_HINT)}
        error={errors.deadline?.message}
      >
        {(control) => (
          <DatePicker
            withTime={false}
            read={() => getValues('deadline')}
            onPick={(text) => setValue('deadline', text, { shouldDirty: true })}
          >
            <input {...control} {...register('deadline')} {...DATE_INPUT} />
          </DatePicker>
        )}
      </Field>
      {propose.isError && <ErrorBanner error={propose.error} fallback={t`Failed to propose the project`} />}
      {sent && (
        <p className="alert alert-success" role="status">
          {sent}
        </p>
      )}
      <div>
        <button className="btn" type="submit" disabled={propose.isPending}>
          {propose.isPending ? t`Sending...` : t`Propose project`}
        </button>
      </div>
    </form>
  );
}

/** Step 4 of the tracker, below the congratulations: the member's club projects and the form to propose one. */
export function MyProjects() {
  const { t } = useLingui();
  const projects = useMyProjects();
  const list = projects.data?.data ?? [];
  const shown = list.length;
  const total = projects.data?.total ?? 0;
  return (
    <section className="card stack projects-section" id="projects" aria-labelledby="projects-title">
      <h2 id="projects-title">
        <Trans>Your club projects</Trans>
      </h2>
      <p className="muted">
        <Trans>Propose a project to the club; the board approves or rejects it, with a note.</Trans>
      </p>
      <ErrorBanner error={projects.error} fallback={t`Failed to load your projects`} />
      {projects.isPending ? (
        <Spinner label={t`Loading your projects`} />
      ) : projects.isError ? null : list.length === 0 ? (
        <p className="muted">
          <Trans>You have not proposed a project yet.</Trans>
        </p>
      ) : (
        <ul className="project-list" aria-label={t`Your projects`}>
          {list.map((project) => (
            <ProjectItem key={project.id} project={project} />
          ))}
        </ul>
      )}
      {total > shown && (
        <p className="muted">
          <Trans>
            Showing your {shown} most recent projects of {total}.
          </Trans>
        </p>
      )}
      <ProposeForm />
    </section>
  );
}
