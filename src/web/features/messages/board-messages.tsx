import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Trans } from '@lingui/react/macro';
import type { MyMessage } from '../../../contract/messages';
import { RenderedMarkdown } from '../../components/rendered-markdown';
import { formatDateTime } from '../../lib/format';
import { useMarkMessageRead, useMyMessages } from './api';
import './messages.css';

/** What the badge of the heading says to assistive technology (one phrase, with its number), in the page's language. */
export const unreadLabel = (count: number) => plural(count, { one: '# unread', other: '# unread' });

function MessageItem({ message, onOpen }: { message: MyMessage; onOpen: (id: number) => void }) {
  const unread = message.read_at === null;
  return (
    <li>
      <details className="board-message" onToggle={(event) => event.currentTarget.open && unread && onOpen(message.id)}>
        <summary>
          <span className="board-message-subject" dir="auto">
            {message.subject}
          </span>
          {unread && (
            <span className="badge badge-brand">
              <Trans>New</Trans>
            </span>
          )}
          <time className="muted board-message-date" dateTime={message.created_at}>
            {formatDateTime(message.created_at)}
          </time>
        </summary>
        {/* The server's HTML of the board's Markdown, safe as docs/decisions/0116 says, read tag by tag. */}
        <RenderedMarkdown className="board-message-body" html={message.html} />
      </details>
    </li>
  );
}

/**
 * "Messages from the board" on the tracker (docs/decisions/0116): newest first, the unread count
 * in the heading, each marked read when opened. Nothing at all while there are none; the same
 * messages also reach the candidate by email, so a failed load leaves the tracker as it was.
 */
export function BoardMessages() {
  // The badge's label is read through Lingui's shared i18n: the hook makes a change of language render it again.
  useLingui();
  const messages = useMyMessages();
  const markRead = useMarkMessageRead();
  const list = messages.data?.data ?? [];
  if (list.length === 0) return null;
  const unread = messages.data?.unread ?? 0;
  return (
    <section className="card stack board-messages" aria-labelledby="board-messages-title">
      <h2 id="board-messages-title" className="row">
        <Trans>Messages from the board</Trans>
        {unread > 0 && (
          <span className="badge badge-brand">
            <span aria-hidden="true">{unread}</span>
            <span className="visually-hidden">{unreadLabel(unread)}</span>
          </span>
        )}
      </h2>
      <ul className="board-message-list">
        {list.map((message) => (
          <MessageItem key={message.id} message={message} onOpen={(id) => markRead.mutate(id)} />
        ))}
      </ul>
    </section>
  );
}
