import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FormEvent } from 'react';
import { useForm, type FieldError } from 'react-hook-form';
import { eventBodySchema } from '../../../contract/hackathon';
import { Field } from '../../components/field';
import { errorMessage } from '../../lib/api-client';
import { DatePicker } from '../../components/date-picker';
import { contractResolver, showServerErrors } from '../../lib/form';
import { clubZone, DATE_TIME_HINT, DATE_TIME_INPUT, fromLocalInput } from '../../lib/format';
import { useCreateHackathonEvent } from './api';

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

/**
 * A new hackathon event, judged by the API's own schema; a refusal shows in the form, under the
 * field it names (not at the top of the page), and one that names no field ("Name, Start and End
 * are required") above the fields.
 */
export function EventForm() {
  const { t } = useLingui();
  const create = useCreateHackathonEvent();
  const { register, handleSubmit, setError, getValues, setValue, reset, formState } = useForm({
    defaultValues: EMPTY,
    resolver: contractResolver(eventBodySchema, toInput),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  // The schema's refusal of the whole form ("Name, Start and End are required") has no field: its path is ''.
  const formError = (errors as Record<string, FieldError | undefined>)['']?.message;
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    create.reset();
    return handleSubmit((body) =>
      create.mutate(body, {
        onSuccess: () => reset(EMPTY),
        onError: (error) => showServerErrors(error, setError, { accept: (path) => path in EMPTY }),
      }),
    )(event);
  };
  // A refusal the server placed under a field is not said again above the form.
  const onFields = (Object.keys(EMPTY) as (keyof Draft)[]).some((name) => errors[name]);
  const failure =
    formError ?? (create.error && !onFields ? errorMessage(create.error, t`Failed to create event`) : null);

  const field = (name: keyof Draft, id: string, label: string, props: Record<string, unknown> = {}) => (
    <Field id={`event-${id}`} label={label} error={errors[name]?.message}>
      {(control) => <input {...control} {...register(name)} {...props} />}
    </Field>
  );
  const dateField = (name: 'start_at' | 'end_at', id: string, label: string, hint?: string) => (
    <Field id={`event-${id}`} label={label} hint={hint} error={errors[name]?.message}>
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
      <h3>
        <Trans>New event</Trans>
      </h3>
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
      <button type="submit" className="btn" disabled={create.isPending}>
        <Trans>Create event</Trans>
      </button>
    </form>
  );
}
