import type { Delivery } from '../../../contract/webhooks';
import { ErrorBanner } from '../../components/error-banner';
import { Spinner } from '../../components/loading-screen';
import { formatDateTime } from '../../lib/format';
import { useDeliveries } from './api';

const STATUS: Record<Delivery['status'], { label: string; badge: string }> = {
  pending: { label: 'Pending', badge: 'badge badge-warning' },
  delivered: { label: 'Delivered', badge: 'badge badge-success' },
  failed: { label: 'Failed', badge: 'badge badge-danger' },
};

/** What an attempt got back: the receiver's status, else why no answer came. */
const outcome = (attempt: Delivery['attempts'][number]) =>
  attempt.status_code !== null ? `HTTP ${attempt.status_code}` : (attempt.error ?? 'No answer');

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  const status = STATUS[delivery.status];
  return (
    <li className="delivery">
      <p className="row">
        <code>{delivery.event}</code>
        <span className={status.badge}>{status.label}</span>
        <time className="muted" dateTime={delivery.created_at}>
          {formatDateTime(delivery.created_at)}
        </time>
      </p>
      {delivery.next_attempt_at && <p className="muted">Next attempt: {formatDateTime(delivery.next_attempt_at)}</p>}
      {delivery.attempts.length > 0 && (
        <div
          className="table-wrap"
          role="region"
          aria-label={`Attempts of the delivery of ${formatDateTime(delivery.created_at)}`}
          tabIndex={0}
        >
          <table>
            <thead>
              <tr>
                <th scope="col">Attempted</th>
                <th scope="col">Answer</th>
                <th scope="col">Duration</th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <tr key={attempt.attempted_at}>
                  <td className="nowrap">{formatDateTime(attempt.attempted_at)}</td>
                  <td className="delivery-answer">{outcome(attempt)}</td>
                  <td className="nowrap">{`${attempt.duration_ms} ms`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </li>
  );
}

/** The latest deliveries of a webhook, newest first, each with its attempts (docs/decisions/0114). */
export function Deliveries({ webhookId }: { webhookId: number }) {
  const deliveries = useDeliveries(webhookId);
  if (deliveries.isPending) return <Spinner label="Loading deliveries" />;
  if (deliveries.error) return <ErrorBanner error={deliveries.error} fallback="Failed to load deliveries" />;
  const list = deliveries.data.data;
  return (
    <div className="stack">
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={deliveries.isFetching}
        onClick={() => deliveries.refetch()}
      >
        Refresh deliveries
      </button>
      {list.length === 0 ? (
        <p className="muted">Nothing sent yet.</p>
      ) : (
        <ul className="delivery-list">
          {list.map((delivery) => (
            <DeliveryItem key={delivery.id} delivery={delivery} />
          ))}
        </ul>
      )}
    </div>
  );
}
