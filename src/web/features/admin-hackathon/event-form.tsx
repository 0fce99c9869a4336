import { i18n } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { EVENT_REQUIRED_MESSAGE } from '../../../contract/hackathon';
import { say } from '../../../contract/i18n';
import { Field } from '../../components/field';
import { ApiError, errorMessage } from '../../lib/api-client';
import { DatePicker } from '../../components/date-picker';
import { clubZone, DATE_TIME_HINT, DATE_TIME_INPUT, fromLocalInput, readingDates } from '../../lib/format';
import { useCreateHackathonEvent } from './api';

/** The form's fields, by the API's names where they differ (start_at, end_at). */
const EVENT_FIELDS: Record<string, string> = { start_at: 'start', end_at: 'end' };

/** A new hackathon event; a refusal shows in the form, under the field it names (not at the top of the page). */
export function EventForm() {
  const { t } = useLingui();
  const empty = { name: '', description: '', location: '', start: '', end: '', max_teams: '0' };
  const [form, setForm] = useState(empty);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const create = useCreateHackathonEvent();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.start || !form.end)
      return setFailure({ message: say(EVENT_REQUIRED_MESSAGE), fields: {} });
    const { value: body, misread } = readingDates(() => ({
      name: form.name.trim(),
      description: form.description,
      location: form.location,
      start_at: fromLocalInput(form.start),
      end_at: fromLocalInput(form.end),
      max_teams: Number.parseInt(form.max_teams, 10) || 0,
    }));
    // A date that cannot be read is not sent: its field says how to type it.
    if (misread.size > 0) {
      const fields = Object.fromEntries([...misread].map(([path, format]) => [EVENT_FIELDS[path] ?? path, format]));
      return setFailure({ message: t`Failed to create event`, fields });
    }
    create.mutate(body, {
      onSuccess: () => {
        setForm(empty);
        setFailure(null);
      },
      onError: (error) => {
        const details = error instanceof ApiError ? (error.details ?? []) : [];
        const fields = Object.fromEntries(
          details.map((detail) => [EVENT_FIELDS[detail.path] ?? detail.path, detail.message]),
        );
        setFailure({ message: errorMessage(error, t`Failed to create event`), fields });
      },
    });
  };
  const field = (name: keyof typeof form, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <Field id={`event-${name}`} label={label} hint={hint} error={failure?.fields[name]}>
      {(control) => (
        <input
          {...control}
          value={form[name]}
          onChange={(e) => setForm({ ...form, [name]: e.target.value })}
          {...props}
        />
      )}
    </Field>
  );
  const dateField = (name: 'start' | 'end', label: string, hint?: string) => (
    <Field id={`event-${name}`} label={label} hint={hint} error={failure?.fields[name]}>
      {(control) => (
        <DatePicker read={() => form[name]} onPick={(text) => setForm((now) => ({ ...now, [name]: text }))}>
          <input
            {...control}
            value={form[name]}
            onChange={(e) => setForm({ ...form, [name]: e.target.value })}
            {...DATE_TIME_INPUT}
          />
        </DatePicker>
      )}
    </Field>
  );
  const zone = clubZone();
  const onFields = failure && Object.keys(failure.fields).some((name) => name in empty);
  return (
    <form onSubmit={submit} className="stack-tight" noValidate>
      <h3>
        <Trans>New event</Trans>
      </h3>
      {failure && !onFields && (
        <p className="alert" role="alert">
          {failure.message}
        </p>
      )}
      {field('name', t`Name`)}
      {field('description', t`Description`)}
      {field('location', t`Location`)}
      {dateField(
        'start',
        t({ message: 'Start', context: 'the moment an event starts' }),
        `${i18n._(DATE_TIME_HINT)} ${t`Time zone: ${zone}.`}`,
      )}
      {dateField('end', t`End`)}
      {field('max_teams', t`Max teams (0 = unlimited)`, { type: 'number', min: 0 })}
      <button type="submit" className="btn" disabled={create.isPending}>
        <Trans>Create event</Trans>
      </button>
    </form>
  );
}
