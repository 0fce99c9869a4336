import { useLingui } from '@lingui/react';
import { adminMessageListQuerySchema } from '../../../contract/messages';
import { AdminList } from '../../components/admin-list';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useHackathonEvents } from '../admin-hackathon/api';
import { ComposeForm, STEP_NAMES } from './compose-form';
import { useSentMessages } from './api';
import '../admin-shared.css';
import './messages-page.css';

const PAGE_SIZE = 20;

/** The address of the Messages page: the page of the sent list. */
const MESSAGES_LIST = adminMessageListQuerySchema.omit({ limit: true });

type Audience = { step?: number; past_deadline?: boolean; event_id?: number; user_ids?: number[] };

/** Each criterion of an audience as a phrase of its own. */
function AudienceList({ audience, eventName }: { audience: Audience; eventName: (id: number) => string | undefined }) {
  const { i18n } = useLingui();
  const step = audience.step === undefined ? undefined : STEP_NAMES.get(audience.step);
  const phrases = [
    audience.step !== undefined && `Step: ${step === undefined ? audience.step : i18n._(step)}`,
    audience.past_deadline === true && 'Past the challenge deadline',
    audience.past_deadline === false && 'Not past the challenge deadline',
    audience.event_id !== undefined && `Hackathon event: ${eventName(audience.event_id) ?? `#${audience.event_id}`}`,
    audience.user_ids && `Chosen people: ${audience.user_ids.length}`,
  ].filter((phrase): phrase is string => typeof phrase === 'string');
  return (
    <ul className="audience-list">
      {phrases.map((phrase) => (
        <li key={phrase}>{phrase}</li>
      ))}
    </ul>
  );
}

/** `/admin/messages`: write to a group of candidates, and what was sent (docs/decisions/0116). */
export function MessagesPage() {
  usePageTitle('Messages');
  const list = useListParams(MESSAGES_LIST);
  const { offset } = list.values;
  const messages = useSentMessages({ offset, limit: PAGE_SIZE });
  const events = useHackathonEvents();
  const eventName = (id: number) => events.data?.data.find((event) => event.id === id)?.name;

  return (
    <AdminList
      title="Messages"
      lead="Write to a group of candidates: each receives it once, by email and on their tracker."
      list={messages}
      loading="Loading sent messages"
      failed="Failed to load sent messages"
      above={
        <>
          <ComposeForm />
          <h2 className="sent-title">Sent messages</h2>
        </>
      }
      empty={<p className="empty-state">No message sent yet.</p>}
      pager={list.pager(PAGE_SIZE)}
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((message) => (
            <li key={message.id} className="card stack">
              <h3 className="card-title sent-subject">{message.subject}</h3>
              <dl className="detail-grid">
                <dt>Sent</dt>
                <dd>{formatDateTime(message.created_at)}</dd>
                <dt>By</dt>
                <dd>{message.sender_login ?? '—'}</dd>
                <dt>Recipients</dt>
                <dd>{message.recipients}</dd>
                <dt>Audience</dt>
                <dd>
                  <AudienceList audience={message.audience} eventName={eventName} />
                </dd>
              </dl>
              <details>
                <summary>Message</summary>
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
