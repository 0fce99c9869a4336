import { i18n } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import {
  CLUB_EVENT_DESCRIPTION_MAX,
  CLUB_EVENT_LOCATION_MAX,
  CLUB_EVENT_TITLE_MAX,
  clubEventBodySchema,
  type ClubEvent,
  type ClubEventUpdate,
} from '../../../contract/club-events';
import { ErrorBanner } from '../../components/error-banner';
import { Field } from '../../components/field';
import { Modal, ModalFormActions } from '../../components/modal';
import { useDraftForm } from '../../lib/form';
import { DatePicker } from '../../components/date-picker';
import { clubZone, DATE_TIME_HINT, DATE_TIME_INPUT, fromLocalInput, toLocalInput } from '../../lib/format';
import { useClubEventChange } from './api';

type Draft = { title: string; description: string; location: string; starts_at: string; ends_at: string };
type Key = keyof Draft;

function draftOf(event: ClubEvent | null): Draft {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    starts_at: toLocalInput(event?.starts_at ?? null),
    ends_at: toLocalInput(event?.ends_at ?? null),
  };
}

export function EventFormModal({ event, onClose }: { event: ClubEvent | null; onClose: () => void }) {
  const { t } = useLingui();
  const [initial] = useState(() => draftOf(event));
  const { register, getValues, setValue, formState, form, submitDraft } = useDraftForm(
    clubEventBodySchema,
    initial,
    (draft) => ({
      ...draft,
      starts_at: fromLocalInput(draft.starts_at),
      ends_at: fromLocalInput(draft.ends_at),
    }),
  );
  const { errors } = formState;
  const save = useClubEventChange();
  const onSubmit = submitDraft(
    save,
    onClose,
    event
      ? { update: (body: ClubEventUpdate) => ({ kind: 'update' as const, id: event.id, body }) }
      : { create: (body) => ({ kind: 'create' as const, body }) },
  );

  const input = (key: Key, label: string, { required, ...props }: Record<string, unknown> = {}, hint?: string) => (
    <Field id={`event-${key}`} label={label} hint={hint} hintFirst error={errors[key]?.message} required={!!required}>
      {(control) => <input {...control} {...register(key)} {...props} />}
    </Field>
  );
  const dateInput = (key: 'starts_at' | 'ends_at', label: string, required: boolean, hint: string) => (
    <Field id={`event-${key}`} label={label} hint={hint} hintFirst error={errors[key]?.message} required={required}>
      {(control) => (
        <DatePicker read={() => getValues(key)} onPick={(text) => setValue(key, text, { shouldDirty: true })}>
          <input {...control} {...register(key)} {...DATE_TIME_INPUT} />
        </DatePicker>
      )}
    </Field>
  );
  const zone = clubZone();

  return (
    <Modal title={event ? t`Edit event` : t`Add event`} onClose={onClose}>
      <form ref={form} onSubmit={onSubmit} noValidate>
        <ErrorBanner error={save.error} fallback={t`Failed to save event`} />
        {input('title', t`Title`, { required: true, maxLength: CLUB_EVENT_TITLE_MAX })}
        <Field id="event-description" label={t`Description (optional)`} error={errors.description?.message}>
          {(control) => <textarea {...control} {...register('description')} maxLength={CLUB_EVENT_DESCRIPTION_MAX} />}
        </Field>
        {input('location', t`Location (optional)`, { maxLength: CLUB_EVENT_LOCATION_MAX })}
        <div className="form-columns">
          {dateInput('starts_at', t`Starts`, true, `${i18n._(DATE_TIME_HINT)} ${t`Time zone: ${zone}.`}`)}
          {dateInput(
            'ends_at',
            t`Ends (optional)`,
            false,
            `${i18n._(DATE_TIME_HINT)} ${t`Leave empty when it has no set end.`}`,
          )}
        </div>
        <ModalFormActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Modal>
  );
}
