import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * The whole data model of docs/product/data.md#entities-and-fields. Rules the database can hold live here:
 * one application per user, one registration per user and event, one seat per user and
 * event, a seat only for a registrant of the team's event, checked enums and ranges.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);

  await db.schema
    .createTable('users')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('intra_id', 'integer', (c) => c.notNull().unique())
    .addColumn('intra_login', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('image_url', 'text')
    .addColumn('campus', 'text')
    .addColumn('level', t.real, (c) => c.notNull().defaultTo(0))
    .addColumn('grade', 'text')
    .addColumn('is_starter', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('student')
        .check(sql`role in ('student', 'member', 'board')`),
    )
    .addColumn('is_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_banned', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('experience_points', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`experience_points >= 0`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('users_role_id').on('users').columns(['role', 'id']).execute();
  await db.schema.createIndex('users_is_admin').on('users').columns(['is_admin']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute();

  await db.schema
    .createTable('oauth_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('expires_at', t.timestamp, (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('oauth_states_expires_at').on('oauth_states').column('expires_at').execute();

  await db.schema
    .createTable('projects')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('deadline', t.timestamp)
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'rejected', 'expired')`),
    )
    .addColumn('validation_notes', 'text')
    .addColumn('validated_at', t.timestamp)
    .addColumn('validated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('projects_owner_id').on('projects').columns(['owner_id', 'id']).execute();
  await db.schema.createIndex('projects_status_deadline').on('projects').columns(['status', 'deadline']).execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('user_id', 'integer', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'declined')`),
    )
    .addColumn('motivation', 'text', (c) => c.notNull().check(sql`length(motivation) between 10 and 2000`))
    .addColumn('experience_level', 'text', (c) =>
      c
        .notNull()
        .defaultTo('beginner')
        .check(sql`experience_level in ('beginner', 'intermediate', 'advanced')`),
    )
    .addColumn('github_profile', 'text')
    .addColumn('portfolio_url', 'text')
    .addColumn('selected_project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
    .addColumn('review_notes', 'text')
    .addColumn('reviewed_at', t.timestamp)
    .addColumn('reviewed_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('applications_status_id').on('applications').columns(['status', 'id']).execute();

  await db.schema
    .createTable('challenges')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('difficulty_level', 'text', (c) =>
      c
        .notNull()
        .defaultTo('beginner')
        .check(sql`difficulty_level in ('beginner', 'intermediate', 'advanced')`),
    )
    .addColumn('grade', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`grade between 0 and 100`),
    )
    .addColumn('subject_pdf_url', 'text')
    .addColumn('tinkercad_class_code', 'text')
    .addColumn('exercise_1_title', 'text')
    .addColumn('exercise_1_description', 'text')
    .addColumn('exercise_2_title', 'text')
    .addColumn('exercise_2_description', 'text')
    .addColumn('exercise_3_title', 'text')
    .addColumn('exercise_3_description', 'text')
    .addColumn('exercise_4_title', 'text')
    .addColumn('exercise_4_description', 'text')
    .addColumn('validation_threshold', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(70)
        .check(sql`validation_threshold between 0 and 100`),
    )
    .addColumn('xp_reward', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(100)
        .check(sql`xp_reward between 1 and 1000`),
    )
    .addColumn('is_active', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  let userChallenges = db.schema
    .createTable('user_challenges')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // A challenge someone holds cannot be deleted: their work would go with it.
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenges.id').onDelete('restrict'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'in_progress', 'pending_validation', 'validated', 'declined')`),
    );
  for (const n of [1, 2, 3, 4]) {
    userChallenges = userChallenges
      .addColumn(`exercise_${n}_tinkercad_link`, 'text', (c) =>
        c.check(sql.raw(`length(exercise_${n}_tinkercad_link) <= 500`)),
      )
      .addColumn(`exercise_${n}_completed`, 'boolean', (c) => c.notNull().defaultTo(false));
  }
  await userChallenges
    .addColumn('total_xp_earned', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`total_xp_earned between 0 and 100`),
    )
    .addColumn('completed', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('awarded_xp', 'integer', (c) => c.check(sql`awarded_xp between 0 and 100`))
    .addColumn('feedback', 'text')
    .addColumn('validation_notes', 'text')
    .addColumn('started_at', t.timestamp)
    .addColumn('submitted_at', t.timestamp)
    .addColumn('validated_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('user_challenges_user_challenge', ['user_id', 'challenge_id'])
    .execute();
  await db.schema.createIndex('user_challenges_status_id').on('user_challenges').columns(['status', 'id']).execute();
  await db.schema.createIndex('user_challenges_challenge_id').on('user_challenges').column('challenge_id').execute();

  await db.schema
    .createTable('hackathon_events')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('start_at', t.timestamp, (c) => c.notNull())
    .addColumn('end_at', t.timestamp, (c) => c.notNull())
    .addColumn('max_teams', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`max_teams >= 0`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('hackathon_events_ends_after_start', sql`end_at > start_at`)
    .execute();

  await db.schema
    .createTable('hackathon_registrations')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('hackathon_events.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'assigned')`),
    )
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('hackathon_registrations_user_event', ['user_id', 'event_id'])
    .execute();
  await db.schema
    .createIndex('hackathon_registrations_event_status')
    .on('hackathon_registrations')
    .columns(['event_id', 'status', 'id'])
    .execute();

  await db.schema
    .createTable('teams')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('event_id', 'integer', (c) => c.notNull().references('hackathon_events.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('hackathon_xp', 'integer', (c) => c.check(sql`hackathon_xp between 0 and 200`))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('teams_id_event', ['id', 'event_id'])
    .execute();
  await db.schema.createIndex('teams_event_id').on('teams').column('event_id').execute();

  await db.schema
    .createTable('team_members')
    .addColumn('team_id', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addPrimaryKeyConstraint('team_members_pk', ['team_id', 'user_id'])
    .addUniqueConstraint('team_members_one_seat_per_event', ['event_id', 'user_id'])
    .addForeignKeyConstraint('team_members_team', ['team_id', 'event_id'], 'teams', ['id', 'event_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    // Only a registrant of the event can sit in one of its teams; unregistering needs the seat gone first.
    .addForeignKeyConstraint('team_members_registration', ['user_id', 'event_id'], 'hackathon_registrations', [
      'user_id',
      'event_id',
    ])
    .execute();
  await db.schema.createIndex('team_members_user_id').on('team_members').column('user_id').execute();

  await db.schema
    .createTable('audit_logs')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('entity_type', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'integer')
    // The actor may be deleted later; user_name keeps the history readable.
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('user_name', 'text')
    .addColumn('details', 'text')
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_logs_action_id').on('audit_logs').columns(['action', 'id']).execute();
  await db.schema.createIndex('audit_logs_entity_type_id').on('audit_logs').columns(['entity_type', 'id']).execute();
  await db.schema.createIndex('audit_logs_entity').on('audit_logs').columns(['entity_type', 'entity_id']).execute();
  await db.schema.createIndex('audit_logs_user_id').on('audit_logs').columns(['user_id', 'id']).execute();

  // The distinct actions, so that a substring filter on action never scans the whole log.
  await db.schema
    .createTable('audit_actions')
    .addColumn('action', 'text', (c) => c.primaryKey())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('club_events')
    .addColumn('id', t.id, t.primaryKey)
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('location', 'text')
    .addColumn('starts_at', t.timestamp, (c) => c.notNull())
    .addColumn('ends_at', t.timestamp)
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addCheckConstraint('club_events_ends_after_start', sql`ends_at is null or ends_at >= starts_at`)
    .execute();
  await db.schema.createIndex('club_events_starts_at').on('club_events').column('starts_at').execute();
}
