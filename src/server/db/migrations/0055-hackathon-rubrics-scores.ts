import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * Judging (spec §14, decision 0171): an event's rubric, one row per criterion in the board's order
 * (an event without rows uses the default rubric, written here on its first score so that the
 * criteria a score was given against are kept); the judges' scores, one per (team, judge), the
 * values a JSON object { criterion key: integer }; and when an event's results were published.
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema.alterTable('hackathon_events').addColumn('results_published_at', t.timestamp).execute();

  await db.schema
    .createTable('hackathon_rubric_criteria')
    .addColumn('event_id', 'integer', (c) => c.notNull().references('hackathon_events.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull().check(sql`position between 1 and 8`))
    .addColumn('key', 'text', (c) => c.notNull().check(sql`length(key) between 1 and 32`))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`length(name) between 1 and 80`))
    .addColumn('weight', 'integer', (c) => c.notNull().check(sql`weight between 1 and 10`))
    .addColumn('max', 'integer', (c) => c.notNull().check(sql`max between 1 and 100`))
    .addPrimaryKeyConstraint('hackathon_rubric_criteria_pk', ['event_id', 'key'])
    .addUniqueConstraint('hackathon_rubric_criteria_position', ['event_id', 'position'])
    .execute();

  await db.schema
    .createTable('hackathon_scores')
    .addColumn('id', t.id, (c) => t.primaryKey(c))
    .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
    .addColumn('judge_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('scores', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.check(sql`length(comment) <= 2000`))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .addUniqueConstraint('hackathon_scores_team_judge', ['team_id', 'judge_id'])
    .execute();
  await db.schema.createIndex('hackathon_scores_judge').on('hackathon_scores').column('judge_id').execute();
}
