import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database';
import { columnTypes } from './column-types';

/**
 * A hackathon team's project (spec §14, decision 0171): one per team, written by its members during
 * the event. `links` is a JSON array of https addresses. `updated_by`/`updated_at` say who last
 * edited it and when; `sole_author_id` is the member who wrote every version so far, null once a
 * second member edited it: an erasure deletes the project text its person wrote alone (spec §15).
 */
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const t = columnTypes(engine);
  await db.schema
    .createTable('hackathon_team_projects')
    .addColumn('team_id', 'integer', (c) => c.primaryKey().references('teams.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull().check(sql`length(title) between 1 and 120`))
    .addColumn('description', 'text', (c) => c.notNull().check(sql`length(description) <= 4000`))
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('sole_author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', t.timestamp, (c) => c.notNull())
    .addColumn('updated_at', t.timestamp, (c) => c.notNull())
    .execute();
}
