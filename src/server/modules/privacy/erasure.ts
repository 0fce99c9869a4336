import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../db/database';
import type { DB, UserRow } from '../../db/schema';
import { likePattern } from '../../db/like-pattern';
import { erasureRecords, recordErasure, subjectHash } from './erasure-records';

/*
 * The erasure of a person's account (decisions §15, decision 0166), inside the caller's
 * transaction: what names them or what they wrote goes; what the club's records rest on
 * (decisions, XP, seats, the audit trail's entries) stays, under "deleted user".
 */

/**
 * What stands for a required text the person wrote (a motivation: the database holds it to 10-2000
 * characters), once erased.
 */
const ERASED_TEXT = '[erased with its author’s account]';

/** The login an erased account is left with. */
const erasedLogin = (id: number) => `deleted-${id}`;

const NOTHING = new Set<string>();

/** What names a person, what they wrote or the board wrote about them: dropped from the audit entries about them. */
const WRITTEN_KEYS = new Set([
  'intra_login',
  'login',
  'email',
  'first_name',
  'last_name',
  'image_url',
  'motivation',
  'github_profile',
  'portfolio_url',
  'review_notes',
  'deadline_request',
  'comment',
  'feedback',
  'validation_notes',
  'exercise_1_tinkercad_link',
  'exercise_2_tinkercad_link',
  'exercise_3_tinkercad_link',
  'exercise_4_tinkercad_link',
  'link',
  'title',
  'description',
]);

/** Erases `user`, recording the erasure under `key` (see erasure-records.ts). */
export async function eraseUser(db: Executor, user: UserRow, now: Date, key: string): Promise<void> {
  const id = user.id;
  await recordErasure(db, key, user, now);
  const at = now.toISOString();
  const applicationIds = db.selectFrom('applications').select('id').where('user_id', '=', id);

  // Sessions end; what was kept for a sign-in, a copy or an undo goes.
  await db.deleteFrom('sessions').where('user_id', '=', id).execute();
  await db.deleteFrom('oauth_states').where('user_id', '=', id).execute();
  await db.deleteFrom('data_exports').where('user_id', '=', id).execute();
  await db.deleteFrom('review_undos').where('application_id', 'in', applicationIds).execute();
  // An erased account judges no more.
  await db.deleteFrom('hackathon_judges').where('user_id', '=', id).execute();

  // What they wrote, and what the board wrote about them; the decisions stay.
  await db
    .updateTable('applications')
    .set({
      motivation: ERASED_TEXT,
      github_profile: null,
      portfolio_url: null,
      review_notes: null,
      deadline_request: null,
      updated_at: at,
    })
    .where('user_id', '=', id)
    .execute();
  await db
    .updateTable('application_votes')
    .set({ comment: null })
    .where('application_id', 'in', applicationIds)
    .execute();
  await db
    .updateTable('user_challenges')
    .set({
      exercise_1_tinkercad_link: null,
      exercise_2_tinkercad_link: null,
      exercise_3_tinkercad_link: null,
      exercise_4_tinkercad_link: null,
      feedback: null,
      validation_notes: null,
      updated_at: at,
    })
    .where('user_id', '=', id)
    .execute();
  await db.deleteFrom('projects').where('owner_id', '=', id).execute();
  // A team's project they wrote alone; one other members wrote too stays (spec §15). A judge's scores stay.
  await db.deleteFrom('hackathon_team_projects').where('sole_author_id', '=', id).execute();
  await db.deleteFrom('message_recipients').where('user_id', '=', id).execute();

  // Mail and webhook payloads that carry their login (as a JSON value) or their address.
  const tells = [`"${user.intra_login}"`, ...(user.email ? [user.email] : [])];
  const carries = (column: string) =>
    sql<boolean>`(${sql.join(
      tells.map((tell) => sql`lower(${sql.ref(column)}) like ${likePattern(tell)} escape '\\'`),
      sql` or `,
    )})`;
  await db
    .deleteFrom('mail_outbox')
    .where((eb) => eb.or([eb('user_id', '=', id), ...(user.email ? [eb('to_address', '=', user.email)] : [])]))
    .execute();
  await db.deleteFrom('webhook_deliveries').where(carries('body')).execute();

  // The audit trail keeps its entries without a personal value: the entries about them lose what
  // names them and what they or the board wrote there; any other entry (an admin's own acts on
  // others) loses only the values that name them.
  const theirs = (eb: ExpressionBuilder<DB, 'audit_logs'>) =>
    eb.or([
      eb.and([eb('entity_type', '=', 'user'), eb('entity_id', '=', id)]),
      eb.and([eb('entity_type', '=', 'application'), eb('entity_id', 'in', applicationIds)]),
      eb.and([
        eb('entity_type', '=', 'user_challenge'),
        eb('entity_id', 'in', db.selectFrom('user_challenges').select('id').where('user_id', '=', id)),
      ]),
    ]);
  const entries = await db
    .selectFrom('audit_logs')
    .select((eb) => ['id', 'details', theirs(eb).as('about_them')])
    .where('details', 'is not', null)
    .where((eb) => eb.or([eb('user_id', '=', id), theirs(eb), carries('details')]))
    .execute();
  const person = [user.intra_login, user.email, user.first_name, user.last_name].filter(
    (value): value is string => !!value,
  );
  for (const entry of entries) {
    const dropped = entry.about_them ? WRITTEN_KEYS : NOTHING;
    const scrubbed = JSON.stringify(withoutPerson(JSON.parse(entry.details!), person, dropped));
    if (scrubbed !== entry.details) {
      await db.updateTable('audit_logs').set({ details: scrubbed }).where('id', '=', entry.id).execute();
    }
  }
  await db.updateTable('audit_logs').set({ user_name: null }).where('user_id', '=', id).execute();

  // The row stays for the records that point at it; nothing in it names the person. The intra's
  // id goes too (negative: never one of the intra's), so their next sign-in makes a new account.
  await db
    .updateTable('users')
    .set({
      intra_id: -id,
      intra_login: erasedLogin(id),
      email: null,
      first_name: null,
      last_name: null,
      image_url: null,
      is_admin: false,
      locale: null,
      sign_in_locale: null,
      erased_at: at,
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * After a restore: keeps `records` (the database's before the restore) and erases again every
 * account whose 42 id one of them names. Answers how many were erased again.
 */
export async function replayErasures(
  db: Executor,
  key: string,
  records: { subject_hash: string; erased_at: string }[],
  now: Date,
): Promise<number> {
  for (const record of records) {
    await db
      .insertInto('erasure_records')
      .values(record)
      .onConflict((c) => c.doNothing())
      .execute();
  }
  const erased = new Set((await erasureRecords(db)).map((record) => record.subject_hash));
  const users = await db
    .selectFrom('users')
    .selectAll()
    .where('erased_at', 'is', null)
    .where('intra_id', '>', 0)
    .execute();
  let count = 0;
  for (const user of users) {
    if (!erased.has(subjectHash(key, user.intra_id))) continue;
    await eraseUser(db, user, now, key);
    count += 1;
  }
  return count;
}

/** Audit details without the keys `dropped` and without any value that names the person. */
function withoutPerson(value: unknown, person: string[], dropped: Set<string>): unknown {
  if (typeof value === 'string') {
    const lower = value.toLowerCase();
    return person.some((name) => lower === name.toLowerCase() || lower.includes(`@${name.toLowerCase()}`))
      ? null
      : value;
  }
  if (Array.isArray(value)) return value.map((item) => withoutPerson(item, person, dropped));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !dropped.has(key))
      .map(([key, item]) => [key, withoutPerson(item, person, dropped)]),
  );
}
