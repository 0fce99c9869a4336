import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { eventBodySchema, type HackathonEvent } from '../../../contract/hackathon';
import { Field } from '../../components/field';
import { errorMessage } from '../../lib/api-client';
import { DatePicker } from '../../components/date-picker';
import { contractResolver, showServerErrors } from '../../lib/form';
import { clubZone, DATE_TIME_HINT, DATE_TIME_INPUT, fromLocalInput, toLocalInput } from '../../lib/format';
import { useCreateHackathonEvent, useUpdateHackathonEvent } from './api';

type Draft = {
  name: string;
  description: string;
  location: string;
  start_at: string;
  end_at: string;
  max_teams: string;
};

const EMPTY: Draft = { name: '', description: '', location: '', start_at: '', end_at: '', max_teams: '0' };

/** The form's text in the API's shape: local times read in the club's zone, a count that is not one is 0. */
const toInput = (draft: Draft) => ({
  ...draft,
  start_at: fromLocalInput(draft.start_at),
  end_at: fromLocalInput(draft.end_at),
  max_teams: Number.parseInt(draft.max_teams, 10) || 0,
});

/** An event as the form shows it: its times in the club's zone, as typed. */
const draftOf = (event: HackathonEvent): Draft => ({
  name: event.name,
  description: event.description ?? '',
  location: event.location ?? '',
  start_at: toLocalInput(event.start_at),
  end_at: toLocalInput(event.end_at),
  max_teams: String(event.max_teams),
});

/**
 * A new hackathon event, or the details of `event` to edit (issue 32), judged by the API's own
 * schema of a new event either way: the same rules for both. A refusal shows in the form, under the
 * field it names (not at the top of the page), and one that names no field ("Name, Start and End
 * are required") above the fields.
 */
export function EventForm({ event }: { event?: HackathonEvent }) {
  const { t } = useLingui();
  const create = useCreateHackathonEvent();
  const update = useUpdateHackathonEvent();
  const save = event ? update : create;
  const initial = event ? draftOf(event) : EMPTY;
  const idPrefix = event ? `event-${event.id}` : 'event';
  const { register, handleSubmit, setError, getValues, setValue, reset, formState } = useForm({
    defaultValues: initial,
    resolver: contractResolver(eventBodySchema, toInput),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  // The schema's refusal of the whole form ("Name, Start and End are required") has no field: its path is ''.
  const formError = (errors as Record<string, FieldError | undefined>)['']?.message;
  const onError = (error: unknown) => showServerErrors(error, setError, { accept: (path) => path in EMPTY });
  const onSubmit = (submitted: FormEvent<HTMLFormElement>) => {
    create.reset();
    update.reset();
    return handleSubmit((body) =>
      event
        ? update.mutate(
            { id: event.id, body: { ...body, name: body.name!, start_at: body.start_at!, end_at: body.end_at! } },
            { onSuccess: (saved) => reset(draftOf(saved)), onError },
          )
        : create.mutate(body, { onSuccess: () => reset(EMPTY), onError }),
    )(submitted);
  };
  // A refusal the server placed under a field is not said again above the form.
  const onFields = (Object.keys(EMPTY) as (keyof Draft)[]).some((name) => errors[name]);
  const failure =
    formError ??
    (save.error && !onFields
      ? errorMessage(save.error, event ? t`Failed to save the event` : t`Failed to create event`)
      : null);

  const field = (name: keyof Draft, id: string, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`${idPrefix}-${id}`} label={label} error={errors[name]?.message}>
      {(control) => <input {...control} {...register(name)} {...props} />}
    </Field>
  );
  const dateField = (name: 'start_at' | 'end_at', id: string, label: string, hint?: string) => (
    <Field id={`${idPrefix}-${id}`} label={label} hint={hint} error={errors[name]?.message}>
      {(control) => (
        <DatePicker read={() => getValues(name)} onPick={(text) => setValue(name, text, { shouldDirty: true })}>
          <input {...control} {...register(name)} {...DATE_TIME_INPUT} />
        </DatePicker>
      )}
    </Field>
  );
  const zone = clubZone();
  return (
    <form onSubmit={onSubmit} className="stack-tight" noValidate>
      {!event && (
        <h3>
          <Trans>New event</Trans>
        </h3>
      )}
      {failure && (
        <p className="alert" role="alert">
          {failure}
        </p>
      )}
      {field('name', 'name', t`Name`)}
      {field('description', 'description', t`Description`)}
      {field('location', 'location', t`Location`)}
      {dateField(
        'start_at',
        'start',
        t({ message: 'Start', context: 'the moment an event starts' }),
        `${i18n._(DATE_TIME_HINT)} ${t`Time zone: ${zone}.`}`,
      )}
      {dateField('end_at', 'end', t`End`)}
      {field('max_teams', 'max_teams', t`Max teams (0 = unlimited)`, { type: 'number', min: 0 })}
      <button type="submit" className="btn" disabled={save.isPending}>
        {event ? <Trans>Save the event</Trans> : <Trans>Create event</Trans>}
      </button>
      {event && update.isSuccess && !formState.isDirty && (
        <p className="muted" role="status">
          <Trans>Saved.</Trans>
        </p>
      )}
    </form>
  );
}
