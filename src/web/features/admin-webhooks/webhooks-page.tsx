import { Trans, useLingui } from '@lingui/react/macro';
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
import '../../components/admin.css';
import './webhooks-page.css';

/** A webhook's deliveries load only once the board opens them. */
function DeliveriesDisclosure({ webhookId }: { webhookId: number }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>
        <Trans>Deliveries</Trans>
      </summary>
      {open && <Deliveries webhookId={webhookId} />}
    </details>
  );
}

/** "Delete", with the webhook it deletes for assistive technology. */
function DeleteLabel({ url }: { url: string }) {
  return (
    <Trans>
      Delete<span className="visually-hidden"> the webhook to {url}</span>
    </Trans>
  );
}

/** `/admin/webhooks`: where the club's events are posted as they happen (docs/decisions/0114). */
export function WebhooksPage() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Webhooks`);
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [deleted, setDeleted] = useState<string | null>(null);
  const outcome = useRef<HTMLParagraphElement>(null);
  // The deleted webhook's button is gone with it: the focus goes to the sentence that says so.
  useEffect(() => {
    if (deleted) outcome.current?.focus();
  }, [deleted]);

  const confirmation = useConfirmation();
  const onDelete = ({ id, url }: Webhook) =>
    confirmation.ask({
      title: t`Delete the webhook to ${url}?`,
      consequence: (
        <p>
          <Trans>Its deliveries are deleted with it, and the board’s chat hears nothing more from the app.</Trans>
        </p>
      ),
      confirmLabel: t`Delete webhook`,
      danger: true,
      onConfirm: () => {
        setDeleted(null);
        remove.mutate(id, { onSuccess: () => setDeleted(url) });
      },
    });
  const rows = webhooks.data?.data;
  const failure = errorMessage(remove.error, t`Unknown error`);

  return (
    <AdminList
      title={t`Webhooks`}
      lead={t`Each webhook receives the events chosen, signed with its secret, as they happen.`}
      list={{ ...webhooks, data: rows && { data: rows, total: rows.length } }}
      loading={t`Loading webhooks`}
      failed={t`Failed to load webhooks`}
      dialog={confirmation.dialog}
      above={
        <>
          <WebhookForm />
          <h2 className="webhooks-title">
            <Trans>Webhooks</Trans>
          </h2>
        </>
      }
      notices={
        <>
          <Notice text={remove.isError && t`Failed to delete the webhook: ${failure}`} />
          <p role="status" ref={outcome} tabIndex={-1} className="webhooks-outcome">
            {deleted && t`The webhook to ${deleted} was deleted.`}
          </p>
        </>
      }
      empty={
        <p className="empty-state">
          <Trans>No webhook yet: add one and the board hears of new candidates at once.</Trans>
        </p>
      }
    >
      {(list) => (
        <ul className="webhook-list">
          {list.map((webhook) => (
            <li key={webhook.id} className="card stack">
              <h3 className="card-title webhook-url">{webhook.url}</h3>
              <dl className="detail-grid">
                <dt>
                  <Trans context="webhook">Events</Trans>
                </dt>
                <dd>
                  <ul className="webhook-events">
                    {webhook.events.map((event) => (
                      <li key={event}>{i18n._(EVENT_LABELS[event])}</li>
                    ))}
                  </ul>
                </dd>
                <dt>
                  <Trans>Format</Trans>
                </dt>
                <dd>{i18n._(FORMAT_LABELS[webhook.format])}</dd>
                <dt>
                  <Trans>Created</Trans>
                </dt>
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
                  <DeleteLabel url={webhook.url} />
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
