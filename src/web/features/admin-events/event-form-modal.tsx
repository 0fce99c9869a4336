import { useState, type FormEvent } from 'react';
import {
  CLUB_EVENT_DESCRIPTION_MAX,
  CLUB_EVENT_LOCATION_MAX,
  CLUB_EVENT_TITLE_MAX,
  clubEventBodySchema,
  type ClubEvent,
  type ClubEventUpdate,
} from '../../../contract/club-events';
import { ErrorBanner } from '../../components/error-banner';
import { Modal } from '../../components/modal';
import { ApiError } from '../../lib/api-client';
import { useClubEventChange } from './api';

type Draft = { title: string; description: string; location: string; starts_at: string; ends_at: string };
type Key = keyof Draft;

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant as a datetime-local value, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value as an ISO instant; what cannot be read is passed on for the schema to refuse. */
export function fromLocalInput(local: string): string {
  if (!local) return '';
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? local : date.toISOString();
}

function draftOf(event: ClubEvent | null): Draft {
  return {
    title: event?.title ?? '',
    description: event?.description ?? '',
    location: event?.location ?? '',
    starts_at: toLocalInput(event?.starts_at ?? null),
    ends_at: toLocalInput(event?.ends_at ?? null),
  };
}

const TIME_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

export function EventFormModal({ event, onClose }: { event: ClubEvent | null; onClose: () => void }) {
  const [initial] = useState(() => draftOf(event));
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Partial<Record<Key, string>>>({});
  const save = useClubEventChange();

  const showErrors = (issues: readonly { path: string; message: string }[]) => {
    const found: Partial<Record<Key, string>> = {};
    for (const issue of issues) {
      const key = issue.path as Key;
      if (key in initial && !found[key]) found[key] = issue.message;
    }
    setErrors(found);
    const first = (Object.keys(initial) as Key[]).find((key) => found[key]);
    if (first) document.getElementById(`event-${first}`)?.focus();
  };

  const onSubmit = (submitted: FormEvent) => {
    submitted.preventDefault();
    save.reset();
    const parsed = clubEventBodySchema.safeParse({
      ...draft,
      starts_at: fromLocalInput(draft.starts_at),
      ends_at: fromLocalInput(draft.ends_at),
    });
    if (!parsed.success) {
      showErrors(parsed.error.issues.map((issue) => ({ path: String(issue.path[0] ?? ''), message: issue.message })));
      return;
    }
    setErrors({});
    const onError = (error: Error) => {
      if (error instanceof ApiError && error.details?.length) showErrors(error.details);
    };
    if (!event) {
      save.mutate({ kind: 'create', body: parsed.data }, { onSuccess: onClose, onError });
      return;
    }
    // Only the fields the admin touched: an untouched time keeps its seconds, the audit names real changes.
    const body: ClubEventUpdate = Object.fromEntries(
      (Object.keys(draft) as Key[]).filter((key) => draft[key] !== initial[key]).map((key) => [key, parsed.data[key]]),
    );
    if (Object.keys(body).length === 0) return onClose();
    save.mutate({ kind: 'update', id: event.id, body }, { onSuccess: onClose, onError });
  };

  const describedBy = (key: Key, hint?: boolean) =>
    [hint ? `event-${key}-hint` : '', errors[key] ? `event-${key}-error` : ''].filter(Boolean).join(' ') || undefined;
  const error = (key: Key) =>
    errors[key] && (
      <p className="error-text" id={`event-${key}-error`}>
        {errors[key]}
      </p>
    );
  const input = (key: Key, label: string, props: Record<string, unknown> = {}, hint?: string) => (
    <div className="field">
      <label htmlFor={`event-${key}`}>{label}</label>
      {hint && (
        <p className="hint" id={`event-${key}-hint`}>
          {hint}
        </p>
      )}
      <input
        id={`event-${key}`}
        value={draft[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={describedBy(key, Boolean(hint))}
        onChange={(change) => setDraft({ ...draft, [key]: change.target.value })}
        {...props}
      />
      {error(key)}
    </div>
  );

  return (
    <Modal title={event ? 'Edit event' : 'Add event'} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate>
        <ErrorBanner error={save.error} fallback="Failed to save event" />
        {input('title', 'Title', { required: true, maxLength: CLUB_EVENT_TITLE_MAX })}
        <div className="field">
          <label htmlFor="event-description">Description (optional)</label>
          <textarea
            id="event-description"
            value={draft.description}
            maxLength={CLUB_EVENT_DESCRIPTION_MAX}
            aria-invalid={errors.description ? true : undefined}
            aria-describedby={describedBy('description')}
            onChange={(change) => setDraft({ ...draft, description: change.target.value })}
          />
          {error('description')}
        </div>
        {input('location', 'Location (optional)', { maxLength: CLUB_EVENT_LOCATION_MAX })}
        <div className="form-columns">
          {input('starts_at', 'Starts', { type: 'datetime-local', required: true }, `Time zone: ${TIME_ZONE}`)}
          {input('ends_at', 'Ends (optional)', { type: 'datetime-local' }, 'Leave empty when it has no set end.')}
        </div>
        <div className="modal-actions">
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
