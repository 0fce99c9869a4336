import { Trans, useLingui } from '@lingui/react/macro';
import { adminMessageListQuerySchema } from '../../../contract/messages';
import { AdminList } from '../../components/admin-list';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useHackathonEvents } from '../admin-hackathon/api';
import { AudienceList } from './audience-list';
import { ComposeForm } from './compose-form';
import { useSentMessages } from './api';
import '../../components/admin.css';
import './messages-page.css';

const PAGE_SIZE = 20;

/** The address of the Messages page: the page of the sent list. */
const MESSAGES_LIST = adminMessageListQuerySchema.omit({ limit: true });

/** `/admin/messages`: write to a group of candidates, and what was sent (docs/decisions/0116). */
export function MessagesPage() {
  const { t } = useLingui();
  usePageTitle(t`Messages`);
  const list = useListParams(MESSAGES_LIST);
  const { offset } = list.values;
  const messages = useSentMessages({ offset, limit: PAGE_SIZE });
  const events = useHackathonEvents();
  const eventName = (id: number) => events.data?.data.find((event) => event.id === id)?.name;

  return (
    <AdminList
      title={t`Messages`}
      lead={t`Write to a group of candidates: each receives it once, by email and on their tracker.`}
      list={messages}
      loading={t`Loading sent messages`}
      failed={t`Failed to load sent messages`}
      above={
        <>
          <ComposeForm />
          <h2 className="sent-title">
            <Trans>Sent messages</Trans>
          </h2>
        </>
      }
      empty={
        <p className="empty-state">
          <Trans>No message sent yet.</Trans>
        </p>
      }
      pager={list.pager(PAGE_SIZE)}
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((message) => (
            <li key={message.id} className="card stack">
              <h3 className="card-title sent-subject" dir="auto">
                {message.subject}
              </h3>
              <dl className="detail-grid">
                <dt>
                  <Trans>Sent</Trans>
                </dt>
                <dd>{formatDateTime(message.created_at)}</dd>
                <dt>
                  <Trans context="column: who sent the message">By</Trans>
                </dt>
                <dd>
                  <bdi>{message.sender_login ?? '—'}</bdi>
                </dd>
                <dt>
                  <Trans>Recipients</Trans>
                </dt>
                <dd>{message.recipients}</dd>
                <dt>
                  <Trans>Audience</Trans>
                </dt>
                <dd>
                  <AudienceList audience={message.audience} eventName={eventName} />
                </dd>
              </dl>
              <details>
                <summary>
                  <Trans>Message</Trans>
                </summary>
                <p className="prewrap">{message.body}</p>
              </details>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default MessagesPage;
