import type { z } from 'zod';
import { UNDO_WINDOW_MS } from '../../../contract/constants';
import type {
  adminMessageListQuerySchema,
  Audience,
  audiencePreviewSchema,
  messageInputSchema,
  MyMessages,
} from '../../../contract/messages';
import type { Executor } from '../../db/database';
import type { UserRow } from '../../db/schema';
import type { Deps } from '../../deps';
import { badRequest, conflict, notFound } from '../../errors';
import { holdFor } from '../../undo-hold';
import { recordAudit } from '../audit';
import { boardMessageMail } from '../mail';
import { renderMarkdown } from '../mail';
import { readSetting } from '../../read-model/settings';
import {
  audienceUserIds,
  deleteMessage,
  findMessage,
  insertMessage,
  listMessagesOf,
  listSentMessages,
  markMessageRead,
} from './messages.repository';

type MessageInput = z.output<typeof messageInputSchema>;

export const NOBODY_MESSAGE = /*i18n*/ 'Nobody matches this audience: the message was not sent.';
const NO_SUCH_MESSAGE = /*i18n*/ 'There is no such message.';

/** A message's emails wait out its undo window, as a decision's do (decisions 0119, 0145). */
const messageHold = (id: number, at: Date) => holdFor(`message:${id}`, at);

export function createMessagesService(deps: Deps) {
  const { db, clock, mail, config } = deps;

  /** Who the audience names now, as sending would count them. */
  async function recipientsOf(executor: Executor, audience: Audience, now: Date) {
    const days = await readSetting(executor, 'challenge_deadline_days');
    return audienceUserIds(executor, audience, { now, deadlineDays: days });
  }

  return {
    /** How many people the audience names now: what the board reads before it says Send. */
    async preview({ audience }: z.output<typeof audiencePreviewSchema>): Promise<{ recipients: number }> {
      return { recipients: (await recipientsOf(db, audience, clock.now())).length };
    },

    /**
     * Sends a message to everyone the audience names, once each: in the app at once, and by email
     * through the outbox once its undo window has passed, in one transaction. An audience that
     * names nobody is refused.
     */
    async send(input: MessageInput, admin: UserRow): Promise<{ id: number; recipients: number }> {
      const now = clock.now();
      const result = await db.transaction().execute(async (trx) => {
        const recipients = await recipientsOf(trx, input.audience, now);
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
        await mail.enqueue(trx, recipients, boardMessageMail(input), now, messageHold(id, now));
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

    /**
     * Takes back the caller's own message within UNDO_WINDOW_MS of sending it (decision 0145): its
     * emails, still held, are withdrawn, and it leaves the recipients' inboxes and the list of what
     * was sent; audited as `message.undone`.
     */
    async undo(id: number, admin: UserRow): Promise<void> {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const message = await findMessage(trx, id);
        if (!message) throw notFound(NO_SUCH_MESSAGE);
        if (message.sender_id !== admin.id) {
          throw conflict(/*i18n*/ 'Only the admin who sent a message can undo it.');
        }
        if (now.getTime() - Date.parse(message.created_at) > UNDO_WINDOW_MS) {
          throw conflict(/*i18n*/ 'The time to undo this message has passed: it has gone out.');
        }
        await mail.withdraw(trx, messageHold(id, new Date(message.created_at)).key, now);
        if (!(await deleteMessage(trx, id))) throw notFound(NO_SUCH_MESSAGE);
        await recordAudit(trx, {
          action: 'message.undone',
          entity_type: 'message',
          entity_id: id,
          actor: admin,
          details: {
            before: {
              subject: message.subject,
              audience: JSON.parse(message.audience),
              recipients: message.recipients,
            },
          },
          at: now,
        });
      });
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
        throw notFound(NO_SUCH_MESSAGE);
      }
    },
  };
}
