import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { clubEventListQuerySchema, type ClubEvent } from '../../../contract/club-events';
import { AdminList } from '../../components/admin-list';
import { useConfirmation } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api-client';
import { focusPageHeading } from '../../lib/focus';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { EventFormModal } from './event-form-modal';
import { useClubEventChange, useClubEvents } from './api';
import '../../components/admin.css';
import './events-page.css';

const PAGE_SIZE = 20;

/** Over once its end has passed, or its start when it has none: the rule of the public list. */
const isOver = (event: ClubEvent, now: number) => Date.parse(event.ends_at ?? event.starts_at) <= now;

/** The address of the Events page: its page. */
const EVENTS_LIST = clubEventListQuerySchema.omit({ limit: true });

/** `/admin/events`: the club events the landing page announces, with create, edit and delete. */
export function EventsPage() {
  const { t } = useLingui();
  usePageTitle(t`Events`);
  const list = useListParams(EVENTS_LIST);
  const { offset } = list.values;
  const [editing, setEditing] = useState<ClubEvent | 'new' | null>(null);
  const [now] = useState(() => Date.now());
  const events = useClubEvents({ offset, limit: PAGE_SIZE });
  const remove = useClubEventChange();
  const failure = errorMessage(remove.error, t`Unknown error`);

  const confirmation = useConfirmation();
  const onDelete = ({ id, title }: ClubEvent) =>
    confirmation.ask({
      title: t`Delete ${title}?`,
      consequence: (
        <p>
          <Trans>Are you sure you want to delete this event? It leaves the landing page at once.</Trans>
        </p>
      ),
      confirmLabel: t`Delete event`,
      danger: true,
      onConfirm: () =>
        remove.mutate(
          { kind: 'delete', id },
          {
            onSuccess: () => {
              // The last event of a page gone: show the page before it.
              if (events.data?.data.length === 1 && offset > 0) list.set({ offset: Math.max(0, offset - PAGE_SIZE) });
              focusPageHeading();
            },
          },
        ),
    });

  return (
    <AdminList
      title={t`Events`}
      lead={t`Club events not yet over show on the landing page, soonest first.`}
      actions={
        <button type="button" className="btn" onClick={() => setEditing('new')}>
          <Trans>Add event</Trans>
        </button>
      }
      list={events}
      loading={t`Loading events`}
      failed={t`Failed to load events`}
      notices={<Notice text={remove.isError && t`Failed to delete event: ${failure}`} />}
      empty={
        <p className="empty-state">
          <Trans>No club events yet: add one and it shows on the landing page.</Trans>
        </p>
      }
      pager={list.pager(PAGE_SIZE)}
      dialog={
        confirmation.dialog ??
        (editing && <EventFormModal event={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />)
      }
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((event) => {
            const { title } = event;
            return (
              <li key={event.id} className="card stack">
                <div className="row">
                  <h2 className="card-title event-title" dir="auto">
                    {event.title}
                  </h2>
                  <span className={isOver(event, now) ? 'badge' : 'badge badge-success'}>
                    {isOver(event, now) ? t`Past` : t`Upcoming`}
                  </span>
                </div>
                <dl className="detail-grid">
                  <dt>
                    <Trans>Starts</Trans>
                  </dt>
                  <dd>{formatDateTime(event.starts_at)}</dd>
                  <dt>
                    <Trans>Ends</Trans>
                  </dt>
                  <dd>{event.ends_at ? formatDateTime(event.ends_at) : '—'}</dd>
                  <dt>
                    <Trans>Location</Trans>
                  </dt>
                  <dd>{event.location ?? '—'}</dd>
                </dl>
                {event.description && <p className="clamp-3 prewrap">{event.description}</p>}
                <div className="row">
                  <button type="button" className="btn btn-secondary btn-small" onClick={() => setEditing(event)}>
                    <Trans>
                      Edit<span className="visually-hidden"> {title}</span>
                    </Trans>
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-small"
                    disabled={remove.isPending}
                    onClick={() => onDelete(event)}
                  >
                    <Trans>
                      Delete<span className="visually-hidden"> {title}</span>
                    </Trans>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </AdminList>
  );
}

export default EventsPage;
