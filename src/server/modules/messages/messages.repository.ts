import type { Audience } from '../../../contract/messages';
import type { Executor } from '../../db/database';
import { approvedUsersByDeadline } from '../challenges';
import { journeyStepsQuery, type JourneyStep } from '../../read-model/journey';

const ROWS_PER_INSERT = 200;

/**
 * The users an audience names: everyone who matches every criterion given, never a banned one,
 * in id order. `deadlineDays`: the challenge_deadline_days setting, for `past_deadline`.
 */
export async function audienceUserIds(
  db: Executor,
  audience: Audience,
  { now, deadlineDays }: { now: Date; deadlineDays: number },
): Promise<number[]> {
  const steps = () => db.selectFrom(journeyStepsQuery(db, now).as('steps')).select('steps.user_id');
  let query = db.selectFrom('users').select('users.id').where('users.is_banned', '=', false);
  if (audience.step !== undefined) {
    query = query.where('users.id', 'in', steps().where('steps.step', '=', audience.step as JourneyStep));
  }
  if (audience.past_deadline !== undefined) {
    const byDeadline = approvedUsersByDeadline(db, { now, days: deadlineDays, past: audience.past_deadline });
    query = query.where('users.id', 'in', steps().where('steps.step', '=', 1)).where('users.id', 'in', byDeadline);
  }
  if (audience.event_id !== undefined) {
    const registrants = db
      .selectFrom('hackathon_registrations')
      .select('hackathon_registrations.user_id')
      .where('hackathon_registrations.event_id', '=', audience.event_id);
    query = query.where('users.id', 'in', registrants);
  }
  if (audience.user_ids) query = query.where('users.id', 'in', audience.user_ids);
  const rows = await query.orderBy('users.id').execute();
  return rows.map((row) => row.id);
}

export async function insertMessage(
  db: Executor,
  message: { subject: string; body: string; audience: string; sender_id: number; recipients: number[]; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('messages')
    .values({
      subject: message.subject,
      body: message.body,
      audience: message.audience,
      sender_id: message.sender_id,
      recipients: message.recipients.length,
      created_at: message.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < message.recipients.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto('message_recipients')
      .values(message.recipients.slice(i, i + ROWS_PER_INSERT).map((user_id) => ({ message_id: id, user_id })))
      .execute();
  }
  return id;
}

export async function findMessage(db: Executor, id: number) {
  return db
    .selectFrom('messages')
    .select(['id', 'subject', 'audience', 'sender_id', 'recipients', 'created_at'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Takes a message back: it and its recipients' copies go (the copies by cascade). */
export async function deleteMessage(db: Executor, id: number): Promise<boolean> {
  const result = await db.deleteFrom('messages').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

export async function listSentMessages(db: Executor, page: { limit: number; offset: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('messages')
      .leftJoin('users', 'users.id', 'messages.sender_id')
      .selectAll('messages')
      .select('users.intra_login as sender_login')
      .orderBy('messages.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A user's messages, newest first (a candidate gets a few a season: no paging). */
export async function listMessagesOf(db: Executor, userId: number) {
  return db
    .selectFrom('message_recipients')
    .innerJoin('messages', 'messages.id', 'message_recipients.message_id')
    .select(['messages.id', 'messages.subject', 'messages.body', 'messages.created_at', 'message_recipients.read_at'])
    .where('message_recipients.user_id', '=', userId)
    .orderBy('messages.id', 'desc')
    .execute();
}

/** Marks a message read by its recipient (once); false when the user did not receive it. */
export async function markMessageRead(db: Executor, messageId: number, userId: number, at: string): Promise<boolean> {
  const found = await db
    .selectFrom('message_recipients')
    .select('read_at')
    .where('message_id', '=', messageId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!found) return false;
  if (!found.read_at) {
    await db
      .updateTable('message_recipients')
      .set({ read_at: at })
      .where('message_id', '=', messageId)
      .where('user_id', '=', userId)
      .where('read_at', 'is', null)
      .execute();
  }
  return true;
}
