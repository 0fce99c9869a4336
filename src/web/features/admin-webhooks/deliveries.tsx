import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  DELIVERY_ADDRESS_REFUSED,
  DELIVERY_TIMED_OUT,
  DELIVERY_TIMEOUT_MS,
  type Delivery,
} from '../../../contract/webhooks';
import { ErrorBanner } from '../../components/error-banner';
import { Spinner } from '../../components/loading-screen';
import { formatDateTime } from '../../lib/format';
import { useDeliveries } from './api';

const STATUS: Record<Delivery['status'], { label: MessageDescriptor; badge: string }> = {
  pending: { label: msg`Pending`, badge: 'badge badge-warning' },
  delivered: { label: msg`Delivered`, badge: 'badge badge-success' },
  failed: { label: msg`Failed`, badge: 'badge badge-danger' },
};

type Attempt = Delivery['attempts'][number];

/**
 * The seconds an attempt waited in vain, when its `error` says it timed out: the code stored
 * since decision 0128, or the English sentence rows stored before ("No answer within 10 s").
 */
function timedOutAfter(error: string): number | null {
  if (error === DELIVERY_TIMED_OUT) return DELIVERY_TIMEOUT_MS / 1000;
  const before = /^No answer within (\d+) s$/.exec(error);
  return before ? Number(before[1]) : null;
}

/** The address an attempt was refused to go to, in production, when its `error` says so (decision 0135). */
function refusedAddress(error: string): string | null {
  const [code, address] = error.split(' ');
  return code === DELIVERY_ADDRESS_REFUSED && address ? address : null;
}

/**
 * What an attempt got back, in the reader's language: the receiver's status, else why no
 * answer came. The server stores facts, the sentence is written here (docs/decisions/0128-languages.md).
 */
export function AttemptAnswer({ attempt }: { attempt: Pick<Attempt, 'status_code' | 'error'> }) {
  const { t } = useLingui();
  const { status_code: code, error } = attempt;
  if (code !== null) return t`HTTP ${code}`;
  if (error === null) return <Trans>No answer</Trans>;
  const seconds = timedOutAfter(error);
  if (seconds !== null) return <Plural value={seconds} one="No answer within # s" other="No answer within # s" />;
  const refused = refusedAddress(error);
  if (refused !== null) {
    return (
      <Trans>
        Not sent: the address led to{' '}
        <code translate="no" dir="ltr">
          {refused}
        </code>
        , which is not a public internet address.
      </Trans>
    );
  }
  // A network error in the receiver's system's own words ("connect ECONNREFUSED …"): as it is,
  // isolated in its own direction inside an Arabic page.
  return (
    <code translate="no" dir="auto">
      {error}
    </code>
  );
}

/** One attempt: when, what it got back, how long it took. */
function AttemptRow({ attempt }: { attempt: Attempt }) {
  const { t } = useLingui();
  const duration = attempt.duration_ms;
  return (
    <tr>
      <td className="nowrap">{formatDateTime(attempt.attempted_at)}</td>
      <td className="delivery-answer">
        <AttemptAnswer attempt={attempt} />
      </td>
      <td className="nowrap">{t`${duration} ms`}</td>
    </tr>
  );
}

function DeliveryItem({ delivery }: { delivery: Delivery }) {
  const { t, i18n } = useLingui();
  const status = STATUS[delivery.status];
  const created = formatDateTime(delivery.created_at);
  const next = delivery.next_attempt_at && formatDateTime(delivery.next_attempt_at);
  return (
    <li className="delivery">
      <p className="row">
        <code>{delivery.event}</code>
        <span className={status.badge}>{i18n._(status.label)}</span>
        <time className="muted" dateTime={delivery.created_at}>
          {created}
        </time>
      </p>
      {next && (
        <p className="muted">
          <Trans>Next attempt: {next}</Trans>
        </p>
      )}
      {delivery.attempts.length > 0 && (
        <div className="table-wrap" role="region" aria-label={t`Attempts of the delivery of ${created}`} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Attempted</Trans>
                </th>
                <th scope="col">
                  <Trans>Answer</Trans>
                </th>
                <th scope="col">
                  <Trans>Duration</Trans>
                </th>
              </tr>
            </thead>
            <tbody>
              {delivery.attempts.map((attempt) => (
                <AttemptRow key={attempt.attempted_at} attempt={attempt} />
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
  const { t } = useLingui();
  const deliveries = useDeliveries(webhookId);
  if (deliveries.isPending) return <Spinner label={t`Loading deliveries`} />;
  if (deliveries.error) return <ErrorBanner error={deliveries.error} fallback={t`Failed to load deliveries`} />;
  const list = deliveries.data.data;
  return (
    <div className="stack">
      <button
        type="button"
        className="btn btn-secondary btn-small"
        disabled={deliveries.isFetching}
        onClick={() => deliveries.refetch()}
      >
        <Trans>Refresh deliveries</Trans>
      </button>
      {list.length === 0 ? (
        <p className="muted">
          <Trans>Nothing sent yet.</Trans>
        </p>
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
