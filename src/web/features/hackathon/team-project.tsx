import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  TEAM_PROJECT_DESCRIPTION_MAX,
  TEAM_PROJECT_LINKS_MAX,
  TEAM_PROJECT_TITLE_MAX,
  teamProjectBodySchema,
  type MyHackathon,
  type TeamProject as Project,
} from '../../../contract/hackathon';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { formatDateTime } from '../../lib/format';
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { useSaveTeamProject } from './api';

type Fields = { title: string; description: string; links: string[] };

const fieldsOf = (project: Project | null): Fields => ({
  title: project?.title ?? '',
  description: project?.description ?? '',
  links: Array.from({ length: TEAM_PROJECT_LINKS_MAX }, (_, i) => project?.links[i] ?? ''),
});

/** The links typed, without the empty boxes at the end (an empty box between two links is refused where it is). */
const toInput = (fields: Fields) => {
  const links = fields.links.map((link) => link.trim());
  while (links.length > 0 && links[links.length - 1] === '') links.pop();
  return { title: fields.title, description: fields.description, links };
};
const resolver = contractResolver<Fields, typeof teamProjectBodySchema>(teamProjectBodySchema, toInput);

/** Whether the window is open now, not yet, or over (the server decides; this only says so beforehand). */
function windowState(window: { opens_at: string; closes_at: string }, now: number) {
  if (now < Date.parse(window.opens_at)) return 'before';
  if (now > Date.parse(window.closes_at)) return 'after';
  return 'open';
}

function ProjectForm({ teamId, project, onDone }: { teamId: number; project: Project | null; onDone: () => void }) {
  const { t } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(formRef);
  const { register, handleSubmit, setError, formState } = useForm({
    defaultValues: fieldsOf(project),
    resolver,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const save = useSaveTeamProject(teamId);
  const onSubmit = handleSubmit(
    (body) =>
      save.mutate(body, {
        onSuccess: onDone,
        onError: (error) => {
          if (showServerErrors(error, setError)) focusFirstError();
        },
      }),
    () => focusFirstError(),
  );

  return (
    <form
      ref={formRef}
      className="stack team-project-form"
      onSubmit={(event) => {
        save.reset();
        return onSubmit(event);
      }}
      noValidate
      aria-labelledby="team-project-form-title"
    >
      <h5 id="team-project-form-title">{project ? t`Edit the project` : t`Write the project`}</h5>
      <Field id="team-project-title" label={t`Title`} error={errors.title?.message} required>
        {(control) => (
          <input {...control} {...register('title')} maxLength={TEAM_PROJECT_TITLE_MAX} autoComplete="off" dir="auto" />
        )}
      </Field>
      <Field
        id="team-project-description"
        label={t`Description (optional)`}
        hint={t`What you built and how. Markdown: **bold**, *italics*, lists, [links](https://…).`}
        error={errors.description?.message}
      >
        {(control) => (
          <textarea
            {...control}
            {...register('description')}
            maxLength={TEAM_PROJECT_DESCRIPTION_MAX}
            rows={8}
            dir="auto"
          />
        )}
      </Field>
      <fieldset className="team-project-links">
        <legend>
          <Trans>Links (optional): the code, a video, slides</Trans>
        </legend>
        <p className="hint" id="team-project-links-hint">
          <Trans>Addresses starting with https://, at most {TEAM_PROJECT_LINKS_MAX}.</Trans>
        </p>
        {fieldsOf(null).links.map((_, i) => {
          const number = i + 1;
          return (
            <Field
              key={i}
              id={`team-project-link-${i}`}
              label={t`Link ${number}`}
              error={errors.links?.[i]?.message ?? (i === 0 ? errors.links?.message : undefined)}
            >
              {(control) => (
                <input
                  {...control}
                  {...register(`links.${i}`)}
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  autoComplete="off"
                  dir="ltr"
                />
              )}
            </Field>
          );
        })}
      </fieldset>
      {save.isError && <ErrorBanner error={save.error} fallback={t`Failed to save the project`} />}
      <div className="row">
        <button className="btn" type="submit" disabled={save.isPending}>
          {save.isPending ? t`Saving...` : t`Save the project`}
        </button>
        {project && (
          <button className="btn btn-secondary" type="button" onClick={onDone}>
            <Trans>Cancel</Trans>
          </button>
        )}
      </div>
    </form>
  );
}

/**
 * The team's project on the tracker (spec §14): what the team wrote, rendered, and the form to
 * write it from the event's start until its end plus the grace period, the deadline stated;
 * locked after it.
 */
export function TeamProject({ hackathon }: { hackathon: MyHackathon }) {
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const [now] = useState(() => Date.now());
  const team = hackathon.team;
  const projectWindow = hackathon.project_window;
  if (!team || !projectWindow) return null;
  const project = hackathon.project;
  const state = windowState(projectWindow, now);
  const opens = formatDateTime(projectWindow.opens_at);
  const closes = formatDateTime(projectWindow.closes_at);
  const editor = project?.updated_by?.intra_login ?? t`deleted user`;
  const edited = project ? formatDateTime(project.updated_at) : '';

  return (
    <section className="team-project stack" aria-labelledby="team-project-heading">
      <h4 id="team-project-heading">
        <Trans>Your team&apos;s project</Trans>
      </h4>
      <p className={state === 'after' ? 'alert alert-info' : 'hint'} role={state === 'after' ? 'status' : undefined}>
        {state === 'before'
          ? t`Your team can write its project from ${opens} until ${closes}.`
          : state === 'open'
            ? t`Any member of your team can write or edit the project until ${closes}.`
            : t`The project is locked: the deadline was ${closes}.`}
      </p>
      {project && !editing && (
        <article className="team-project-view">
          <h5 dir="auto">{project.title}</h5>
          <ProjectContent project={project} />
          <p className="muted">
            <Trans>
              Last edited by <bdi>@{editor}</bdi> on {edited}
            </Trans>
          </p>
        </article>
      )}
      {!project && state !== 'open' && (
        <p className="muted">
          <Trans>Your team has not written its project.</Trans>
        </p>
      )}
      {state === 'open' &&
        (editing || !project ? (
          <ProjectForm teamId={team.id} project={project} onDone={() => setEditing(false)} />
        ) : (
          <div>
            <button className="btn btn-secondary" type="button" onClick={() => setEditing(true)}>
              <Trans>Edit the project</Trans>
            </button>
          </div>
        ))}
    </section>
  );
}

/** A project's description and links, as the team and the judges read them. */
export function ProjectContent({ project }: { project: Project }) {
  const { t } = useLingui();
  return (
    <>
      {project.description_html && (
        <RenderedMarkdown className="team-project-description" html={project.description_html} />
      )}
      {project.links.length > 0 && (
        <ul className="team-project-link-list" aria-label={t`Project links`}>
          {project.links.map((link) => (
            <li key={link}>
              <a href={link} target="_blank" rel="noopener noreferrer" dir="ltr">
                {link}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
