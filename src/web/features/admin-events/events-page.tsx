import { useState } from 'react';
import type { ClubEvent } from '../../../contract/club-events';
import { ErrorBanner } from '../../components/error-banner';
import { Spinner } from '../../components/loading-screen';
import { Pager } from '../../components/pager';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { EventFormModal } from './event-form-modal';
import { useClubEventChange, useClubEvents } from './api';
import '../admin-shared.css';
import './events-page.css';

const PAGE_SIZE = 20;

/** Over once its end has passed, or its start when it has none: the rule of the public list. */
const isOver = (event: ClubEvent, now: number) => Date.parse(event.ends_at ?? event.starts_at) <= now;

/** `/admin/events`: the club events the landing page announces, with create, edit and delete. */
export function EventsPage() {
  usePageTitle('Events');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<ClubEvent | 'new' | null>(null);
  const [now] = useState(() => Date.now());
  const events = useClubEvents({ offset, limit: PAGE_SIZE });
  const remove = useClubEventChange();

  const onDelete = (event: ClubEvent) => {
    if (!window.confirm('Are you sure you want to delete this event?')) return;
    remove.mutate(
      { kind: 'delete', id: event.id },
      {
        // The last event of a page gone: show the page before it.
        onSuccess: () => events.data?.data.length === 1 && offset > 0 && setOffset(Math.max(0, offset - PAGE_SIZE)),
      },
    );
  };

  return (
    <div>
      <div className="admin-toolbar">
        <div>
          <h1>Events</h1>
          <p className="muted">Club events not yet over show on the landing page, soonest first.</p>
        </div>
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          Add event
        </button>
      </div>
      <ErrorBanner error={events.error} fallback="Failed to load events" />
      {remove.isError && (
        <p className="alert" role="alert">
          {`Failed to delete event: ${errorMessage(remove.error, 'Unknown error')}`}
        </p>
      )}
      {events.isPending ? (
        <Spinner label="Loading events" />
      ) : events.data?.data.length === 0 ? (
        <p className="empty-state">No club events yet: add one and it shows on the landing page.</p>
      ) : (
        <ul className="card-grid">
          {events.data?.data.map((event) => (
            <li key={event.id} className="card stack">
              <div className="row">
                <h2 className="card-title event-title">{event.title}</h2>
                <span className={isOver(event, now) ? 'badge' : 'badge badge-success'}>
                  {isOver(event, now) ? 'Past' : 'Upcoming'}
                </span>
              </div>
              <dl className="detail-grid">
                <dt>Starts</dt>
                <dd>{formatDateTime(event.starts_at)}</dd>
                <dt>Ends</dt>
                <dd>{event.ends_at ? formatDateTime(event.ends_at) : '—'}</dd>
                <dt>Location</dt>
                <dd>{event.location ?? '—'}</dd>
              </dl>
              {event.description && <p className="clamp-3 prewrap">{event.description}</p>}
              <div className="row">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(event)}>
                  Edit<span className="visually-hidden"> {event.title}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  disabled={remove.isPending}
                  onClick={() => onDelete(event)}
                >
                  Delete<span className="visually-hidden"> {event.title}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {events.data && <Pager offset={offset} limit={PAGE_SIZE} total={events.data.total} onChange={setOffset} />}
      {editing && <EventFormModal event={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </div>
  );
}

export default EventsPage;
