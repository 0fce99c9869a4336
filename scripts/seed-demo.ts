// `npm run seed:demo -- --users 200 [--audit 5000] [--registrants 2000]`: realistic demo data
// in the configured database (DATA_DIR / DATABASE_URL), in one transaction: candidates at every
// step of the journey, challenges, hackathon events and teams, audit history, and an upcoming
// event with that many candidates waiting for a team. For trying the app and for the
// benchmarks (10,000 users and 1,000,000 audit entries in seconds on either engine).
import { parseArgs } from 'node:util';
import { sql, type Insertable, type Kysely } from 'kysely';
import { loadConfig } from '../src/server/config';
import { devProfile } from '../src/server/dev-intra/dev-intra.routes';
import { openDatabase, type Engine } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import type { DB } from '../src/server/db/schema';
import { newCheckInCode } from '../src/server/modules/hackathon';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '200' },
    audit: { type: 'string', default: '0' },
    registrants: { type: 'string', default: '0' },
  },
});
const userCount = Number(values.users);
const auditCount = Number(values.audit);
const registrantCount = Number(values.registrants);
if (
  !Number.isInteger(userCount) ||
  userCount < 1 ||
  !Number.isInteger(auditCount) ||
  auditCount < 0 ||
  !Number.isInteger(registrantCount) ||
  registrantCount < 0
) {
  console.error('Usage: npm run seed:demo -- --users N [--audit M] [--registrants R]');
  process.exit(2);
}

const DAY = 24 * 3600 * 1000;
const now = Date.now();
const iso = (ms: number) => new Date(ms).toISOString();
const FIRST = ['Yassine', 'Salma', 'Omar', 'Imane', 'Mehdi', 'Khadija', 'Anas', 'Hiba', 'Reda', 'Nora', 'Ilyas', 'Aya'];
const LAST = ['Alaoui', 'Bennani', 'Chraibi', 'Idrissi', 'El Amrani', 'Tazi', 'Berrada', 'Fassi', 'Kettani', 'Ziani'];
const CAMPUSES = ['Khouribga', 'Ben Guerir', 'Rabat', 'Tetouan'];
const MOTIVATIONS = [
  'I have been building line followers with Arduino since the Piscine and want to learn proper robot design with a team.',
  'Robotics mixes everything I like at 1337: C, electronics and solving problems together. I want to compete with the club.',
  'I want to learn how to design circuits in Tinkercad before building them for real, and to help newcomers afterwards.',
  'I built a small weather station at home and want to move on to moving things: motors, sensors and control loops.',
];
const CHALLENGES = [
  ['Blinking Beacon', 'Drive LEDs from an Arduino: blink patterns, PWM fading and a traffic light.'],
  ['Sensing the World', 'Read a potentiometer, a light sensor and a temperature sensor and react to them.'],
  ['Motor Control', 'Spin DC and servo motors, control speed with PWM and direction with an H-bridge.'],
  ['Obstacle Avoider', 'Combine an ultrasonic sensor and two motors into a robot that avoids walls.'],
] as const;

type Step = 'none' | 'pending' | 'declined' | 'challenges' | 'hackathon' | 'registered' | 'board' | 'member';
const STEP_SHARES: [Step, number][] = [
  ['none', 0.12],
  ['pending', 0.15],
  ['declined', 0.05],
  ['challenges', 0.33],
  ['hackathon', 0.08],
  ['registered', 0.07],
  ['board', 0.08],
  ['member', 0.12],
];
const stepFor = (i: number): Step => {
  let x = (i * 0.6180339887) % 1;
  for (const [step, share] of STEP_SHARES) {
    if (x < share) return step;
    x -= share;
  }
  return 'challenges';
};

const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_out',
  'application.submitted',
  'application.approved',
  'challenge.exercise_submitted',
  'challenge.submitted',
  'challenge.validated',
  'hackathon.registered',
  'user.banned',
  'settings.updated',
];
const entityOf = (action: string) =>
  action.startsWith('auth.') || action.startsWith('user.') ? 'user' : action.split('.')[0]!;

/**
 * `count` audit entries, one a second up to now, by the seeded users, made by the database
 * itself (a series joined to the users) in chunks: a million take seconds, not minutes. Entry
 * i has action i mod A, so within its key it ranks (i div A) + 1 after those already there,
 * as recordAudit would number it.
 */
async function seedAuditHistory(db: Kysely<DB>, engine: Engine, ids: number[], count: number) {
  const counters = await db.selectFrom('audit_counts').select(['action', 'entity_type', 'n']).execute();
  const before = (action: string) =>
    counters.find((c) => c.action === action && c.entity_type === entityOf(action))?.n ?? 0;
  const actions = sql.join(
    AUDIT_ACTIONS.map(
      (action, r) => sql`(cast(${r} as integer), ${action}, ${entityOf(action)}, cast(${before(action)} as integer))`,
    ),
  );
  const [first, last] = ids.reduce(([low, high], id) => [Math.min(low, id), Math.max(high, id)], [Infinity, 0]);
  const timestamp =
    engine === 'postgres'
      ? (ms: ReturnType<typeof sql>) => sql`to_timestamp(${ms} / 1000.0)`
      : (ms: ReturnType<typeof sql>) => sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`;
  const CHUNK = 250_000;
  await withoutSecondaryIndexes(db, engine, 'audit_logs', count > CHUNK, async () => {
    for (let from = 0; from < count; from += CHUNK) {
      const to = Math.min(count, from + CHUNK) - 1;
      const series =
        engine === 'postgres'
          ? sql`select i from generate_series(${from}::integer, ${to}::integer) as s(i)`
          : sql`select i from (with recursive s(i) as (select cast(${from} as integer) union all select i + 1 from s where i < ${to}) select i from s)`;
      const at = timestamp(sql`(cast(${now} as bigint) - (cast(${count} as bigint) - s.i) * 1000)`);
      await sql`
      insert into audit_logs (action, entity_type, entity_id, user_id, user_name, details, created_at, key_seq)
      with
        acts(r, action, entity_type, before) as (values ${actions}),
        actors as (
          select id, intra_login, row_number() over (order by id) - 1 as k
          from users where id between ${first} and ${last}
        )
      select acts.action, acts.entity_type, actors.id, actors.id, actors.intra_login, null, ${at},
        acts.before + s.i / ${sql.lit(AUDIT_ACTIONS.length)} + 1
      from (${series}) as s
      join acts on acts.r = s.i % ${sql.lit(AUDIT_ACTIONS.length)}
      join actors on actors.k = (s.i * 31) % ${sql.lit(ids.length)}
      order by s.i`.execute(db);
      console.log(
        `  audit entries: ${(to + 1).toLocaleString('en')} / ${count.toLocaleString('en')} (${((Date.now() - now) / 1000).toFixed(1)} s)`,
      );
    }
  });
  const per = (r: number) => Math.floor(count / AUDIT_ACTIONS.length) + (r < count % AUDIT_ACTIONS.length ? 1 : 0);
  await db
    .insertInto('audit_counts')
    .values(AUDIT_ACTIONS.map((action, r) => ({ action, entity_type: entityOf(action), n: per(r) })))
    .onConflict((conflict) =>
      conflict
        .columns(['action', 'entity_type'])
        .doUpdateSet((eb) => ({ n: eb('audit_counts.n', '+', eb.ref('excluded.n')) })),
    )
    .execute();
  // The pages of the log trust ranks and counters to agree: check it once, here.
  const keys = await db
    .selectFrom('audit_logs')
    .innerJoin('audit_counts', (join) =>
      join
        .onRef('audit_counts.action', '=', 'audit_logs.action')
        .onRef('audit_counts.entity_type', '=', 'audit_logs.entity_type'),
    )
    .select((eb) => [
      'audit_logs.action',
      'audit_counts.n',
      eb.fn.countAll<number>().as('entries'),
      eb.fn.max('audit_logs.key_seq').as('top'),
      eb.fn.sum<number>('audit_logs.key_seq').as('ranks'),
    ])
    .groupBy(['audit_logs.action', 'audit_logs.entity_type', 'audit_counts.n'])
    .execute();
  const wrong = keys.find(
    (key) =>
      Number(key.entries) !== key.n || Number(key.top) !== key.n || Number(key.ranks) !== (key.n * (key.n + 1)) / 2,
  );
  if (wrong) throw new Error(`audit ranks of ${wrong.action} do not run 1..${wrong.n}`);
}

/**
 * Runs a bulk load with the table's secondary indexes dropped and rebuilt after it (sorting
 * once is much cheaper than a million random index inserts), read from the catalogue so that
 * they come back exactly as the migrations made them. Inside the seed's transaction.
 */
async function withoutSecondaryIndexes(
  db: Kysely<DB>,
  engine: Engine,
  table: string,
  worthIt: boolean,
  load: () => Promise<void>,
) {
  if (!worthIt) return load();
  // Sorting a million keys in memory rather than on disk (this transaction only).
  if (engine === 'postgres') await sql`set local maintenance_work_mem = '512MB'`.execute(db);
  const { rows: indexes } =
    engine === 'postgres'
      ? await sql<{ name: string; definition: string }>`
          select indexname as name, indexdef as definition from pg_indexes
          where schemaname = current_schema() and tablename = ${table}
            and indexname not in (select conname from pg_constraint where conrelid = ${table}::regclass)`.execute(db)
      : await sql<{ name: string; definition: string }>`
          select name, sql as definition from sqlite_master
          where type = 'index' and tbl_name = ${table} and sql is not null`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  await load();
  for (const index of indexes) await sql.raw(index.definition).execute(db);
}

async function inBatches<T>(rows: T[], size: number, insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

async function seed(db: Kysely<DB>, engine: Engine) {
  const existing = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const offset = Number(existing.n);

  let challengeIds = (
    await db.selectFrom('challenges').select('id').where('is_active', '=', true).orderBy('id').execute()
  ).map((row) => row.id);
  if (challengeIds.length === 0) {
    const rows = CHALLENGES.map(([title, description], index) => ({
      title,
      description,
      difficulty_level: (['beginner', 'beginner', 'intermediate', 'advanced'] as const)[index]!,
      grade: 20 + index * 20,
      subject_pdf_url: null,
      tinkercad_class_code: `ROBO${index + 1}42`,
      exercise_1_title: 'Wire it',
      exercise_1_description: 'Build the circuit in Tinkercad.',
      exercise_2_title: 'Program it',
      exercise_2_description: 'Write the sketch and run the simulation.',
      exercise_3_title: 'Extend it',
      exercise_3_description: 'Add the extra behaviour of the subject.',
      exercise_4_title: 'Explain it',
      exercise_4_description: 'Annotate your design so a newcomer understands it.',
      validation_threshold: 70,
      xp_reward: 100,
      is_active: true,
      created_at: iso(now - 120 * DAY),
      updated_at: iso(now - 120 * DAY),
    }));
    challengeIds = (await db.insertInto('challenges').values(rows).returning('id').execute()).map((row) => row.id);
  }

  const [pastEvent, nextEvent] = await db
    .insertInto('hackathon_events')
    .values([
      {
        name: 'Autumn Robot Rumble',
        description: '24 hours to build a robot that sorts coloured blocks.',
        location: '1337 Khouribga, Lab 2',
        start_at: iso(now - 20 * DAY),
        end_at: iso(now - 19 * DAY),
        max_teams: 0,
        created_at: iso(now - 60 * DAY),
        updated_at: iso(now - 60 * DAY),
      },
      {
        name: 'Winter Build Night',
        description: '24 hours, teams of 4, one line-following robot per team.',
        location: '1337 Khouribga, Lab 2',
        start_at: iso(now + 14 * DAY),
        end_at: iso(now + 15 * DAY),
        max_teams: 0,
        created_at: iso(now - 5 * DAY),
        updated_at: iso(now - 5 * DAY),
      },
    ])
    .returning('id')
    .execute();

  // The id the local 42 stand-in gives a login, so that one can sign in as a demo user; the
  // few logins whose derived ids collide get an id of their own.
  const usedIds = new Set<number>();
  const intraIdFor = (login: string, n: number) => {
    const derived = devProfile(login, '').id;
    const id = usedIds.has(derived) ? 10_000_000 + n : derived;
    usedIds.add(id);
    return id;
  };
  const users: Insertable<DB['users']>[] = [];
  for (let i = 0; i < userCount; i++) {
    const n = offset + i;
    const step = stepFor(n);
    const first = FIRST[n % FIRST.length]!;
    const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
    const login = `demo-${String(n + 1).padStart(5, '0')}`;
    const level = Math.round(((n * 37) % 1500) / 10) / 10;
    users.push({
      intra_id: intraIdFor(login, n),
      intra_login: login,
      email: `${login}@student.1337.ma`,
      first_name: first,
      last_name: last,
      image_url: null,
      campus: CAMPUSES[n % CAMPUSES.length]!,
      level,
      grade: level < 1 ? 'Starter' : 'Learner',
      is_starter: level < 1,
      role: step === 'member' ? (n % 10 === 0 ? 'board' : 'member') : 'student',
      is_admin: false,
      is_banned: n % 97 === 5,
      experience_points: 0,
      created_at: iso(now - ((n * 7919) % 90) * DAY - (n % 86400) * 1000),
      updated_at: iso(now),
    });
  }
  const ids: number[] = [];
  await inBatches(users, 500, async (batch) => {
    ids.push(...(await db.insertInto('users').values(batch).returning('id').execute()).map((row) => row.id));
  });

  // The demo applications go into the first round, which then opens at the earliest of them
  // (below): they were sent weeks before the database was made, as 0017 does for a club's history.
  const { id: roundId, opens_at: roundOpensAt } = await db
    .selectFrom('recruitment_rounds')
    .select(['id', 'opens_at'])
    .orderBy('opens_at')
    .limit(1)
    .executeTakeFirstOrThrow();
  const applications: Insertable<DB['applications']>[] = [];
  const userChallenges: Insertable<DB['user_challenges']>[] = [];
  const registrations: Insertable<DB['hackathon_registrations']>[] = [];
  const xp = new Map<number, number>();
  const seated: number[] = [];

  ids.forEach((userId, index) => {
    const step = stepFor(offset + index);
    if (step === 'none') return;
    const createdAt = now - (40 + (index % 20)) * DAY;
    const reviewed = step !== 'pending';
    applications.push({
      user_id: userId,
      round_id: roundId,
      status: step === 'pending' ? 'pending' : step === 'declined' ? 'declined' : 'approved',
      motivation: MOTIVATIONS[index % MOTIVATIONS.length]!,
      experience_level: (['beginner', 'intermediate', 'advanced'] as const)[index % 3]!,
      github_profile: index % 2 ? `https://github.com/demo${index}` : null,
      portfolio_url: null,
      selected_project_id: null,
      review_notes: null,
      reviewed_at: reviewed ? iso(createdAt + 3 * DAY) : null,
      reviewed_by: null,
      created_at: iso(createdAt),
      updated_at: iso(createdAt),
    });
    if (step === 'pending' || step === 'declined') return;
    const allValidated = step !== 'challenges';
    challengeIds.forEach((challengeId, c) => {
      const done = allValidated || c < index % 4;
      const working = !done && c === index % 4;
      const links = done ? 4 : working ? 2 : 0;
      const earned = links * 25;
      const link = (e: number) => (e <= links ? `https://www.tinkercad.com/things/demo${userId}c${c}e${e}` : null);
      userChallenges.push({
        user_id: userId,
        challenge_id: challengeId,
        status: done ? 'validated' : working ? (index % 2 ? 'pending_validation' : 'in_progress') : 'pending',
        exercise_1_tinkercad_link: link(1),
        exercise_2_tinkercad_link: link(2),
        exercise_3_tinkercad_link: link(3),
        exercise_4_tinkercad_link: link(4),
        exercise_1_completed: links >= 1,
        exercise_2_completed: links >= 2,
        exercise_3_completed: links >= 3,
        exercise_4_completed: links >= 4,
        total_xp_earned: earned,
        completed: done,
        awarded_xp: done ? earned : null,
        feedback: null,
        validation_notes: null,
        started_at: links ? iso(createdAt + 4 * DAY) : null,
        submitted_at: done || (working && index % 2) ? iso(createdAt + 10 * DAY) : null,
        validated_at: done ? iso(createdAt + 12 * DAY + c * DAY) : null,
        created_at: iso(createdAt + 3 * DAY),
        updated_at: iso(createdAt + 12 * DAY),
      });
      if (done) xp.set(userId, (xp.get(userId) ?? 0) + earned);
    });
    if (step === 'registered') {
      registrations.push({
        user_id: userId,
        event_id: nextEvent!.id,
        status: 'pending',
        created_at: iso(now - DAY),
        check_in_code: newCheckInCode(),
      });
    }
    if (step === 'board' || step === 'member') {
      registrations.push({
        user_id: userId,
        event_id: pastEvent!.id,
        status: 'assigned',
        created_at: iso(now - 30 * DAY),
        check_in_code: newCheckInCode(),
      });
      seated.push(userId);
    }
  });

  await inBatches(applications, 500, (batch) => db.insertInto('applications').values(batch).execute());
  const earliest = applications.reduce((first, { created_at }) => Math.min(first, Date.parse(created_at!)), Infinity);
  if (earliest < Date.parse(roundOpensAt)) {
    await db
      .updateTable('recruitment_rounds')
      .set({ opens_at: iso(earliest) })
      .where('id', '=', roundId)
      .execute();
  }
  await inBatches(userChallenges, 500, (batch) => db.insertInto('user_challenges').values(batch).execute());
  await inBatches(registrations, 500, (batch) => db.insertInto('hackathon_registrations').values(batch).execute());

  const teams = Array.from({ length: Math.ceil(seated.length / 4) }, (_, t) => ({
    name: `Team ${t + 1}`,
    members: seated.slice(t * 4, t * 4 + 4),
    hackathonXp: 120 + ((t * 17) % 80),
  }));
  const teamIds = new Map<string, number>();
  await inBatches(teams, 500, async (batch) => {
    const rows = await db
      .insertInto('teams')
      .values(
        batch.map((team) => ({
          event_id: pastEvent!.id,
          name: team.name,
          hackathon_xp: team.hackathonXp,
          created_at: iso(now - 21 * DAY),
          updated_at: iso(now - 19 * DAY),
        })),
      )
      .returning(['id', 'name'])
      .execute();
    for (const row of rows) teamIds.set(row.name, row.id);
  });
  const seats = teams.flatMap((team) =>
    team.members.map((userId) => ({
      team_id: teamIds.get(team.name)!,
      event_id: pastEvent!.id,
      user_id: userId,
      created_at: iso(now - 21 * DAY),
    })),
  );
  await inBatches(seats, 500, (batch) => db.insertInto('team_members').values(batch).execute());
  for (const team of teams) {
    for (const userId of team.members) xp.set(userId, (xp.get(userId) ?? 0) + team.hackathonXp);
  }
  await inBatches([...xp], 1000, (batch) =>
    sql`
      with earned(id, points) as (values ${sql.join(batch.map(([id, points]) => sql`(cast(${id} as integer), cast(${points} as integer))`))})
      update users set experience_points = earned.points from earned where users.id = earned.id`.execute(db),
  );

  if (auditCount > 0) await seedAuditHistory(db, engine, ids, auditCount);
  if (registrantCount > 0) {
    // A hackathon with that many candidates waiting for a team (for the auto-assign benchmark).
    const event = await db
      .insertInto('hackathon_events')
      .values({
        name: `Spring Build Night (${registrantCount} registrants)`,
        description: '24 hours, teams of 4.',
        location: '1337 Khouribga',
        start_at: iso(now + 30 * DAY),
        end_at: iso(now + 31 * DAY),
        max_teams: 0,
        created_at: iso(now),
        updated_at: iso(now),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const pool = ids.slice(0, registrantCount);
    await inBatches(pool, 500, (batch) =>
      db
        .insertInto('hackathon_registrations')
        .values(
          batch.map((userId) => ({
            user_id: userId,
            event_id: event.id,
            status: 'pending' as const,
            created_at: iso(now),
            check_in_code: newCheckInCode(),
          })),
        )
        .execute(),
    );
    console.log(`Event ${event.id} has ${pool.length} pending registrants.`);
  }
  console.log(
    `Seeded ${ids.length} users, ${applications.length} applications, ${userChallenges.length} user challenges, ${registrations.length} registrations, ${teams.length} teams, ${auditCount} audit entries.`,
  );
}

const database = openDatabase(loadConfig().database);
try {
  await migrateToLatest(database);
  const started = Date.now();
  // A big page cache for the bulk load (this connection only; the server keeps its own).
  if (database.engine === 'sqlite') await sql`pragma cache_size = -262144`.execute(database.db);
  await database.db.transaction().execute((trx) => seed(trx, database.engine));
  if (database.engine === 'postgres') {
    // What autovacuum does to the tables after a load this big, before the first page is asked for:
    // every table of the schema, journey_steps included (its triggers rewrite a row at each step,
    // leaving a dead version behind each time).
    const { rows } = await sql<{ name: string }>`
      select tablename as name from pg_tables where schemaname = current_schema()`.execute(database.db);
    await sql`vacuum analyze ${sql.join(rows.map(({ name }) => sql.table(name)))}`.execute(database.db);
  } else {
    // Into the database file now, rather than on the server's first write.
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
  }
  console.log(`in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await database.close();
}
