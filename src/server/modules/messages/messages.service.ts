import type { z } from 'zod';
import type { adminMessageListQuerySchema, Audience, messageInputSchema, MyMessages } from '../../../contract/messages';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../errors';
import { recordAudit } from '../audit/audit.repository';
import { boardMessageMail } from '../mail/mail-templates';
import { renderMarkdown } from '../mail/markdown';
import { readSetting } from '../settings/settings.repository';
import {
  audienceUserIds,
  insertMessage,
  listMessagesOf,
  listSentMessages,
  markMessageRead,
} from './messages.repository';

type MessageInput = z.output<typeof messageInputSchema>;

export const NOBODY_MESSAGE = /*i18n*/ 'Nobody matches this audience: the message was not sent.';

export function createMessagesService(deps: Deps) {
  const { db, clock, mail, config } = deps;

  return {
    /**
     * Sends a message to everyone the audience names, once each: in the app, and by email through
     * the outbox, in one transaction. An audience that names nobody is refused.
     */
    async send(input: MessageInput, admin: UserRow): Promise<{ id: number; recipients: number }> {
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const days = await readSetting(trx, 'challenge_deadline_days');
        const recipients = await audienceUserIds(trx, input.audience, { now, deadlineDays: days });
        if (recipients.length === 0) {
          throw badRequest(NOBODY_MESSAGE, 'VALIDATION_FAILED', [{ path: 'audience', message: NOBODY_MESSAGE }]);
        }
        const id = await insertMessage(trx, {
          subject: input.subject,
          body: input.body,
          audience: JSON.stringify(input.audience),
          sender_id: admin.id,
          recipients,
          at: now.toISOString(),
        });
        await mail.enqueue(trx, recipients, boardMessageMail(input), now);
        await recordAudit(trx, {
          action: 'message.sent',
          entity_type: 'message',
          entity_id: id,
          actor: admin,
          details: { after: { subject: input.subject, audience: input.audience, recipients: recipients.length } },
          at: now,
        });
        return { id, recipients: recipients.length };
      });
      mail.kick();
      return result;
    },

    async sent(page: z.output<typeof adminMessageListQuerySchema>) {
      const { rows, total } = await listSentMessages(db, page);
      return {
        data: rows.map((row) => ({
          id: row.id,
          subject: row.subject,
          body: row.body,
          audience: JSON.parse(row.audience) as Audience,
          sender_login: row.sender_login,
          recipients: row.recipients,
          created_at: row.created_at,
        })),
        total,
      };
    },

    async mine(user: UserRow): Promise<MyMessages> {
      const rows = await listMessagesOf(db, user.id);
      return {
        data: rows.map((row) => ({ ...row, html: renderMarkdown(row.body, config.publicUrl).value })),
        unread: rows.filter((row) => row.read_at === null).length,
      };
    },

    async markRead(user: UserRow, messageId: number): Promise<void> {
      if (!(await markMessageRead(db, messageId, user.id, clock.now().toISOString()))) {
        throw notFound(/*i18n*/ 'There is no such message.');
      }
    },
  };
}
