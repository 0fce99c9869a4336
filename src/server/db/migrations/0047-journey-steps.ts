import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/*
 * Each applicant's journey step, kept by the database itself (decision 0164): the board's lists
 * filter and count on a step through an index instead of working out every applicant's step
 * (their challenges, their hackathons, their earlier applications) on each request; on 10,000
 * users that was 20-40 ms a request. Triggers on every table the step rests on recompute the
 * steps of the users a change touches, in the same transaction, whoever writes (a service, a
 * test fixture, the demo seed, a psql prompt): nothing in the app can forget to.
 *
 * The step is stored without time: -2 withdrawn, -1 declined, 0 pending, 4 member, and for an
 * approved student 2 (every challenge validated) or 1, with `hackathon_end`, the end of the
 * earliest hackathon they sat in that counts for this journey (one that ended after their
 * earlier applications were decided). Step 3 is read as "1 or 2, and hackathon_end has passed",
 * so that the passing of time changes nothing stored. The rule is the journey's
 * (read-model/journey.ts, stepOf and journeyStepsQuery); journey-steps.test.ts holds the stored
 * steps to it after each kind of change.
 */

/** The SQL that recomputes the stored steps of the users `users` selects (an SQL list of ids). */
const refresh = (users: string) => `
  delete from journey_steps where user_id in (${users});
  insert into journey_steps (user_id, application_id, step, hackathon_end)
  select applications.user_id, applications.id,
    case
      when applications.status = 'withdrawn' then -2
      when applications.status = 'declined' then -1
      when applications.status = 'pending' then 0
      when users.role in ('member', 'board') then 4
      when exists (select 1 from user_challenges where user_challenges.user_id = applications.user_id)
        and not exists (select 1 from user_challenges
          where user_challenges.user_id = applications.user_id and user_challenges.status <> 'validated') then 2
      else 1
    end,
    (select min(hackathon_events.end_at) from team_members
      inner join hackathon_events on hackathon_events.id = team_members.event_id
      where team_members.user_id = applications.user_id
      and not exists (select 1 from applications as earlier
        where earlier.user_id = applications.user_id and earlier.id < applications.id
        and earlier.reviewed_at >= hackathon_events.end_at))
  from applications
  inner join users on users.id = applications.user_id
  where applications.user_id in (${users})
  and not exists (select 1 from applications as newer
    where newer.user_id = applications.user_id and newer.id > applications.id);`;

/** What each table's change touches: the users whose step may move (SQL lists, NEW/OLD as the trigger has them). */
const TOUCHED: {
  table: string;
  events: ('insert' | 'update' | 'delete')[];
  columns?: string[];
  users: (row: string) => string;
}[] = [
  { table: 'applications', events: ['insert', 'update', 'delete'], users: (row) => `${row}.user_id` },
  { table: 'user_challenges', events: ['insert', 'update', 'delete'], users: (row) => `${row}.user_id` },
  { table: 'team_members', events: ['insert', 'update', 'delete'], users: (row) => `${row}.user_id` },
  { table: 'users', events: ['update'], columns: ['role'], users: (row) => `${row}.id` },
  {
    table: 'hackathon_events',
    events: ['update'],
    columns: ['end_at'],
    users: (row) => `select user_id from team_members where event_id = ${row}.id`,
  },
];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('journey_steps')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('application_id', 'integer', (c) =>
      c.notNull().unique().references('applications.id').onDelete('cascade'),
    )
    .addColumn('step', 'integer', (c) => c.notNull().check(sql`step in (-2, -1, 0, 1, 2, 4)`))
    .addColumn('hackathon_end', t.timestamp)
    .execute();
  // A step's filter and count read this index alone: the users (or their applications) at a step.
  await db.schema
    .createIndex('journey_steps_by_step')
    .on('journey_steps')
    .columns(['step', 'hackathon_end', 'user_id', 'application_id'])
    .execute();

  if (engine === 'postgres') await postgresTriggers(db);
  else await sqliteTriggers(db);

  // Everyone who has applied so far.
  for (const statement of splitStatements(refresh('select user_id from applications'))) {
    await sql.raw(statement).execute(db);
  }
}

const splitStatements = (text: string) =>
  text
    .split(';')
    .map((statement) => statement.trim())
    .filter(Boolean);

async function sqliteTriggers(db: Kysely<unknown>): Promise<void> {
  for (const { table, events, columns, users } of TOUCHED) {
    for (const event of events) {
      const rows = event === 'insert' ? ['NEW'] : event === 'delete' ? ['OLD'] : ['OLD', 'NEW'];
      // A list of ids, or for an event the select of its seated users (whose end moved).
      const ids = table === 'hackathon_events' ? users('NEW') : rows.map(users).join(', ');
      const of = event === 'update' && columns ? ` of ${columns.join(', ')}` : '';
      await sql
        .raw(
          `create trigger journey_steps_${table}_${event} after ${event}${of} on ${table} for each row
           begin ${refresh(ids)} end`,
        )
        .execute(db);
    }
  }
}

/*
 * PostgreSQL: one function recomputes a set of users, under a transaction lock per user taken in
 * id order, so that two transactions changing the same user one after the other each recompute
 * from what the other committed (READ COMMITTED gives each statement after the lock a fresh
 * snapshot) and never both insert the same row. The lock's first key names the schema: the
 * apps of several schemas on one server (tests, benchmarks) do not wait on each other. The
 * tables written many rows at a time (a batch of seats, of challenges) call it once per
 * statement with the rows it changed; a user's role and an event's end, once per row. Every
 * function keeps the schema it was made in (`set search_path from current`), whoever writes.
 */
async function postgresTriggers(db: Kysely<unknown>): Promise<void> {
  const fn = (name: string, body: string, declare = '') =>
    sql
      .raw(
        `create function ${name} language plpgsql set search_path from current as $$
         ${declare}
         begin
           ${body}
         end $$`,
      )
      .execute(db);
  await fn(
    'refresh_journey_steps(user_ids integer[]) returns void',
    `if cardinality(user_ids) = 0 then return; end if;
     foreach one in array (select array_agg(distinct id order by id) from unnest(user_ids) as id) loop
       perform pg_advisory_xact_lock(hashtext('journey_steps ' || current_schema()), one);
     end loop;
     ${refresh('select unnest(user_ids)')}`,
    'declare one integer;',
  );

  const changed = {
    insert: 'select user_id from changed_new',
    delete: 'select user_id from changed_old',
    update: 'select user_id from changed_old union select user_id from changed_new',
  };
  const transitions = {
    insert: 'new table as changed_new',
    delete: 'old table as changed_old',
    update: 'old table as changed_old new table as changed_new',
  };
  for (const event of ['insert', 'update', 'delete'] as const) {
    await fn(
      `journey_steps_after_${event}() returns trigger`,
      `perform refresh_journey_steps(array(${changed[event]})); return null;`,
    );
  }
  await fn(
    'journey_steps_after_row_update() returns trigger',
    `if TG_TABLE_NAME = 'users' then
       perform refresh_journey_steps(array[OLD.id, NEW.id]);
     else
       perform refresh_journey_steps(array(${TOUCHED.find((entry) => entry.table === 'hackathon_events')!.users('NEW')}));
     end if;
     return null;`,
  );

  for (const { table, events, columns } of TOUCHED) {
    if (columns) {
      await sql
        .raw(
          `create trigger journey_steps_after_update after update of ${columns.join(', ')} on ${table}
           for each row execute function journey_steps_after_row_update()`,
        )
        .execute(db);
      continue;
    }
    for (const event of events) {
      await sql
        .raw(
          `create trigger journey_steps_after_${event} after ${event} on ${table}
           referencing ${transitions[event]} for each statement execute function journey_steps_after_${event}()`,
        )
        .execute(db);
    }
  }
}
