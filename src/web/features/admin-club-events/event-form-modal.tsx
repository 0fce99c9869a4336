import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
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
import { contractResolver, showServerErrors, useFocusFirstError } from '../../lib/form';
import { BROWSER_TIME_ZONE, fromLocalInput, toLocalInput } from '../../lib/format';
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
  const [initial] = useState(() => draftOf(event));
  const form = useRef<HTMLFormElement>(null);
  const focusFirstError = useFocusFirstError(form);
  const { register, handleSubmit, getValues, setError, formState } = useForm({
    defaultValues: initial,
    resolver: contractResolver(clubEventBodySchema, (draft: Draft) => ({
      ...draft,
      starts_at: fromLocalInput(draft.starts_at),
      ends_at: fromLocalInput(draft.ends_at),
    })),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { errors } = formState;
  const save = useClubEventChange();

  const onSubmit = handleSubmit(
    (parsed) => {
      const draft = getValues();
      const onError = (error: Error) => {
        if (showServerErrors(error, setError, { accept: (path) => path in initial })) focusFirstError();
      };
      if (!event) {
        save.mutate({ kind: 'create', body: parsed }, { onSuccess: onClose, onError });
        return;
      }
      // Only the fields the admin touched: an untouched time keeps its seconds, the audit names real changes.
      const body: ClubEventUpdate = Object.fromEntries(
        (Object.keys(initial) as Key[]).filter((key) => draft[key] !== initial[key]).map((key) => [key, parsed[key]]),
      );
      if (Object.keys(body).length === 0) return onClose();
      save.mutate({ kind: 'update', id: event.id, body }, { onSuccess: onClose, onError });
    },
    () => focusFirstError(),
  );

  const input = (key: Key, label: string, { required, ...props }: Record<string, unknown> = {}, hint?: string) => (
    <Field id={`event-${key}`} label={label} hint={hint} hintFirst error={errors[key]?.message} required={!!required}>
      {(control) => <input {...control} {...register(key)} {...props} />}
    </Field>
  );

  return (
    <Modal title={event ? 'Edit event' : 'Add event'} onClose={onClose}>
      <form
        ref={form}
        onSubmit={(submitted) => {
          save.reset();
          return onSubmit(submitted);
        }}
        noValidate
      >
        <ErrorBanner error={save.error} fallback="Failed to save event" />
        {input('title', 'Title', { required: true, maxLength: CLUB_EVENT_TITLE_MAX })}
        <Field id="event-description" label="Description (optional)" error={errors.description?.message}>
          {(control) => <textarea {...control} {...register('description')} maxLength={CLUB_EVENT_DESCRIPTION_MAX} />}
        </Field>
        {input('location', 'Location (optional)', { maxLength: CLUB_EVENT_LOCATION_MAX })}
        <div className="form-columns">
          {input('starts_at', 'Starts', { type: 'datetime-local', required: true }, `Time zone: ${BROWSER_TIME_ZONE}`)}
          {input('ends_at', 'Ends (optional)', { type: 'datetime-local' }, 'Leave empty when it has no set end.')}
        </div>
        <ModalFormActions onCancel={onClose} saving={save.isPending} />
      </form>
    </Modal>
  );
}
