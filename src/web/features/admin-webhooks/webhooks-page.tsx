import { useEffect, useRef, useState } from 'react';
import type { Webhook } from '../../../contract/webhooks';
import { AdminList } from '../../components/admin-list';
import { useConfirmation } from '../../components/confirm-dialog';
import { Notice } from '../../components/notice';
import { errorMessage } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useDeleteWebhook, useWebhooks } from './api';
import { Deliveries } from './deliveries';
import { EVENT_LABELS, FORMAT_LABELS, WebhookForm } from './webhook-form';
import '../admin-shared.css';
import './webhooks-page.css';

/** A webhook's deliveries load only once the board opens them. */
function DeliveriesDisclosure({ webhookId }: { webhookId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Deliveries</summary>
      {open && <Deliveries webhookId={webhookId} />}
    </details>
  );
}

/** `/admin/webhooks`: where the club's events are posted as they happen (docs/decisions/0114). */
export function WebhooksPage() {
  usePageTitle('Webhooks');
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [deleted, setDeleted] = useState<string | null>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  // The deleted webhook's button is gone with it: the focus goes to the sentence that says so.
  useEffect(() => {
    if (deleted) outcome.current?.focus();
  }, [deleted]);

  const confirmation = useConfirmation();
  const onDelete = (webhook: Webhook) =>
    confirmation.ask({
      title: `Delete the webhook to ${webhook.url}?`,
      consequence: <p>Its deliveries are deleted with it, and the board’s chat hears nothing more from the app.</p>,
      confirmLabel: 'Delete webhook',
      danger: true,
      onConfirm: () => {
        setDeleted(null);
        remove.mutate(webhook.id, { onSuccess: () => setDeleted(webhook.url) });
      },
    });
  const rows = webhooks.data?.data;

  return (
    <AdminList
      title="Webhooks"
      lead="Each webhook receives the events chosen, signed with its secret, as they happen."
      list={{ ...webhooks, data: rows && { data: rows, total: rows.length } }}
      loading="Loading webhooks"
      failed="Failed to load webhooks"
      dialog={confirmation.dialog}
      above={
        <>
          <WebhookForm />
          <h2 className="webhooks-title">Webhooks</h2>
        </>
      }
      notices={
        <>
          <Notice
            text={remove.isError && `Failed to delete the webhook: ${errorMessage(remove.error, 'Unknown error')}`}
          />
          <p role="status" ref={outcome} tabIndex={-1} className="webhooks-outcome">
            {deleted && `The webhook to ${deleted} was deleted.`}
          </p>
        </>
      }
      empty={<p className="empty-state">No webhook yet: add one and the board hears of new candidates at once.</p>}
    >
      {(list) => (
        <ul className="webhook-list">
          {list.map((webhook) => (
            <li key={webhook.id} className="card stack">
              <h3 className="card-title webhook-url">{webhook.url}</h3>
              <dl className="detail-grid">
                <dt>Events</dt>
                <dd>
                  <ul className="webhook-events">
                    {webhook.events.map((event) => (
                      <li key={event}>{EVENT_LABELS[event]}</li>
                    ))}
                  </ul>
                </dd>
                <dt>Format</dt>
                <dd>{FORMAT_LABELS[webhook.format]}</dd>
                <dt>Created</dt>
                <dd>{formatDateTime(webhook.created_at)}</dd>
              </dl>
              <DeliveriesDisclosure webhookId={webhook.id} />
              <div className="row">
                <button
                  type="button"
                  className="btn btn-danger btn-small"
                  disabled={remove.isPending}
                  onClick={() => onDelete(webhook)}
                >
                  Delete<span className="visually-hidden"> the webhook to {webhook.url}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default WebhooksPage;
