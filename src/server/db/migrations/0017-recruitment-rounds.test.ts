import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dumpDatabase } from '#test/server/db-snapshot';
import { besideOtherTests, createTestDatabase, testEngine } from '#test/server/test-app';
import { openDatabase, type Database } from '../database';
import { migrateToLatest, migrateUpTo } from '../migrate';

const BEFORE = '0016-challenge-deadlines';
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 86_400_000).toISOString();

type Row = Record<string, unknown>;
let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of cleanup.reverse()) await close();
  cleanup = [];
});

/** A database at 0016 (one application per user forever), and a second connection for after the migration. */
async function databaseAt0016() {
  const { database, config, drop } = await createTestDatabase({ inFile: true, upTo: BEFORE });
  cleanup.push(drop, () => database.close());
  return { database, reopen: () => openDatabase(config) };
}

async function user(database: Database, login: string, n: number): Promise<number> {
  const row = await database.db
    .insertInto('users')
    .values({
      intra_id: n,
      intra_login: login,
      email: `${login}@student.example`,
      first_name: login,
      last_name: null,
      image_url: null,
      campus: 'Benguerir',
      campus_id: 21,
      level: 3.5,
      grade: null,
      is_starter: false,
      created_at: day(0),
      updated_at: day(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An application as 0016 knew it, with every column set: no round yet. */
async function application(database: Database, values: Row): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into applications (${sql.join(Object.keys(values).map((key) => sql.ref(key)))})
    values (${sql.join(Object.values(values))}) returning id`.execute(database.db);
  return rows[0]!.id;
}

/** Each column of a table as the catalog describes it (name, type, null allowed, default). */
async function columnsOf(database: Database, table: string): Promise<Row[]> {
  if (database.engine === 'sqlite') {
    const { rows } =
      await sql<Row>`select name, type, "notnull", dflt_value, pk from pragma_table_info(${table})`.execute(
        database.db,
      );
    return rows;
  }
  const { rows } = await sql<Row>`
    select column_name as name, data_type as type, is_nullable, column_default
    from information_schema.columns where table_schema = current_schema() and table_name = ${table}
    order by ordinal_position`.execute(database.db);
  return rows;
}

/** Every index of a table but the ones the database names itself, with its definition. */
async function indexesOf(database: Database, table: string): Promise<Record<string, string>> {
  const { rows } =
    database.engine === 'sqlite'
      ? await sql<{ name: string; sql: string }>`
          select name, sql from sqlite_master where type = 'index' and tbl_name = ${table} and sql is not null`.execute(
          database.db,
        )
      : await sql<{ name: string; sql: string }>`
          select indexname as name, indexdef as sql from pg_indexes
          where schemaname = current_schema() and tablename = ${table}`.execute(database.db);
  return Object.fromEntries(rows.map((row) => [row.name, row.sql]));
}

describe(`migration 0017: recruitment rounds (${testEngine})`, () => {
  it('puts every application into a first round, keeping every row, column, index and foreign key', async () => {
    const { database, reopen } = await databaseAt0016();
    const ada = await user(database, 'ada', 1);
    const bob = await user(database, 'bob', 2);
    const cy = await user(database, 'cy', 3);
    const gone = await user(database, 'gone', 4);
    const admin = await user(database, 'admin', 5);
    const { id: project } = await database.db
      .insertInto('projects')
      .values({ owner_id: ada, title: 'Line follower', description: 'A robot', created_at: day(1), updated_at: day(1) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const base = { experience_level: 'advanced', created_at: day(10), updated_at: day(11) };
    const approved = await application(database, {
      ...base,
      user_id: ada,
      status: 'approved',
      motivation: 'I have built robots since I was twelve.',
      github_profile: 'https://github.com/ada',
      portfolio_url: 'https://ada.example',
      selected_project_id: project,
      review_notes: 'Welcome',
      reviewed_at: day(12),
      reviewed_by: admin,
      challenge_deadline_at: day(40),
      deadline_request: 'I was ill for a week.',
      deadline_requested_at: day(41),
      deadline_request_answered_at: day(42),
    });
    const declined = await application(database, {
      ...base,
      user_id: bob,
      status: 'declined',
      motivation: 'Robots are the future of everything.',
      review_notes: 'Not this time',
      reviewed_at: day(13),
      reviewed_by: admin,
      created_at: day(5),
    });
    const pending = await application(database, { ...base, user_id: cy, motivation: 'Please let me build robots.' });
    await application(database, { ...base, user_id: gone, motivation: 'I will be deleted with my account.' });
    await database.db
      .insertInto('application_votes')
      .values([
        {
          application_id: approved,
          admin_id: admin,
          stage: 'review',
          vote: 'yes',
          comment: 'Strong',
          created_at: day(12),
        },
        { application_id: declined, admin_id: admin, stage: 'review', vote: 'no', comment: null, created_at: day(13) },
      ])
      .execute();
    // The newest application goes with its user: its id must never be given again.
    await database.db.deleteFrom('users').where('id', '=', gone).execute();

    const before = await dumpDatabase(database);
    const columnsBefore = await columnsOf(database, 'applications');
    const indexesBefore = await indexesOf(database, 'applications');
    expect(await besideOtherTests(() => migrateUpTo(database, '0017-recruitment-rounds'))).toEqual([
      '0017-recruitment-rounds',
    ]);
    const after = reopen();
    cleanup.push(() => after.close());
    const dumped = await dumpDatabase(after);

    // One round, open since the earliest application, until the board closes it.
    const rounds = dumped.tables.recruitment_rounds!;
    expect(rounds).toHaveLength(1);
    const [round] = rounds as { id: number; name: string; opens_at: string; closes_at: string | null }[];
    expect(round).toMatchObject({ name: 'First round', closes_at: null });
    expect(new Date(round!.opens_at).toISOString()).toBe(day(5));

    // Every row of every table as it was; the applications have their round besides.
    for (const [table, rows] of Object.entries(before.tables)) {
      const expected = table === 'applications' ? rows.map((row) => ({ ...row, round_id: round!.id })) : rows;
      expect(dumped.tables[table], table).toEqual(expected);
    }
    expect(before.tables.applications).toHaveLength(3);
    expect(Object.keys(dumped.tables).sort()).toEqual([...Object.keys(before.tables), 'recruitment_rounds'].sort());

    // The same columns and indexes, plus the round's.
    const columnsAfter = await columnsOf(after, 'applications');
    expect(columnsAfter.slice(0, columnsBefore.length)).toEqual(columnsBefore);
    expect(columnsAfter.map((column) => column.name)).toEqual([...columnsBefore.map((c) => c.name), 'round_id']);
    const indexesAfter = await indexesOf(after, 'applications');
    expect(indexesAfter).toMatchObject(
      Object.fromEntries(Object.entries(indexesBefore).filter(([name]) => name !== 'applications_user_id_key')),
    );
    // SQLite names the index of a table's UNIQUE itself (it has no CREATE statement), PostgreSQL after the constraint.
    const added = ['applications_user_id', 'applications_round_id', 'applications_one_in_progress'];
    if (testEngine === 'postgres') added.push('applications_one_per_round');
    expect(Object.keys(indexesAfter).sort()).toEqual(
      [...Object.keys(indexesBefore).filter((name) => name !== 'applications_user_id_key'), ...added].sort(),
    );

    // The constraints: one per user per round, one in progress per user, checks and foreign keys kept.
    const { id: second } = await after.db
      .insertInto('recruitment_rounds')
      .values({ name: 'Second round', opens_at: day(100), closes_at: null, created_at: day(100), updated_at: day(100) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fresh = {
      motivation: 'Second try, with more robots.',
      experience_level: 'beginner' as const,
      github_profile: null,
      portfolio_url: null,
      selected_project_id: null,
      review_notes: null,
      reviewed_at: null,
      reviewed_by: null,
      created_at: day(101),
      updated_at: day(101),
    };
    const insert = (values: Row) =>
      after.db
        .insertInto('applications')
        .values({ ...fresh, ...values } as never)
        .returning('id')
        .executeTakeFirstOrThrow();
    await expect(insert({ user_id: bob, round_id: round!.id })).rejects.toThrow();
    await expect(insert({ user_id: ada, round_id: second })).rejects.toThrow();
    await expect(insert({ user_id: bob, round_id: second, status: 'accepted' })).rejects.toThrow();
    await expect(insert({ user_id: bob, round_id: second, motivation: 'short' })).rejects.toThrow();
    await expect(insert({ user_id: bob, round_id: 999 })).rejects.toThrow();
    const again = await insert({ user_id: bob, round_id: second });
    expect(again.id).toBeGreaterThan(Math.max(approved, declined, pending) + 1);
    await after.db.deleteFrom('applications').where('id', '=', approved).execute();
    expect(await after.db.selectFrom('application_votes').select('application_id').execute()).toEqual([
      { application_id: declined },
    ]);
  });

  it('opens the first round of an empty database when the migration runs, open until closed', async () => {
    const { database } = await databaseAt0016();
    await besideOtherTests(() => migrateToLatest(database, { now: new Date(day(3)) }));
    const rounds = await database.db.selectFrom('recruitment_rounds').selectAll().execute();
    expect(rounds).toHaveLength(1);
    expect(new Date(rounds[0]!.opens_at).toISOString()).toBe(day(3));
    expect(new Date(rounds[0]!.created_at).toISOString()).toBe(day(3));
    expect(rounds[0]!.closes_at).toBeNull();
  });
});
