import { describe, expect, it } from 'vitest';
import { insertUser, migratedDatabase } from '#test/server/migration-rows';
import { testEngine } from '#test/server/test-app';
import type { Database } from '../database';

const at = '2026-02-01T00:00:00.000Z';

/** An event with one team and one user, straight into the tables. */
async function world(database: Database) {
  const db = database.db;
  const userId = await insertUser(database, 1, { login: 'ana', createdAt: at });
  const { id: eventId } = await db
    .insertInto('hackathon_events')
    .values({
      name: 'Night',
      description: null,
      location: null,
      start_at: at,
      end_at: '2026-02-02T00:00:00.000Z',
      max_teams: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: teamId } = await db
    .insertInto('teams')
    .values({ event_id: eventId, name: 'Team 1', hackathon_xp: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { userId, eventId, teamId };
}

describe(`migrations 0054 and 0055: team projects, rubrics and scores (${testEngine})`, () => {
  it('holds their rules in the database: lengths, weights and maxima, one score per judge and team, cascades', async () => {
    const { database } = await migratedDatabase();
    const db = database.db;
    const { userId, eventId, teamId } = await world(database);
    const { results_published_at } = await db
      .selectFrom('hackathon_events')
      .select('results_published_at')
      .executeTakeFirstOrThrow();
    expect(results_published_at).toBeNull();

    const project = {
      team_id: teamId,
      description: '',
      links: '[]',
      sole_author_id: userId,
      updated_by: userId,
      created_at: at,
      updated_at: at,
    };
    for (const title of ['', 'x'.repeat(121)]) {
      await expect(
        db
          .insertInto('hackathon_team_projects')
          .values({ ...project, title })
          .execute(),
      ).rejects.toThrow();
    }
    await expect(
      db
        .insertInto('hackathon_team_projects')
        .values({ ...project, title: 'T', description: 'x'.repeat(4001) })
        .execute(),
    ).rejects.toThrow();
    await db
      .insertInto('hackathon_team_projects')
      .values({ ...project, title: 'x'.repeat(120) })
      .execute();

    const criterion = { event_id: eventId, position: 1, key: 'idea', name: 'Idea', weight: 1, max: 10 };
    for (const bad of [{ weight: 0 }, { weight: 11 }, { max: 0 }, { max: 101 }, { position: 9 }, { name: '' }]) {
      await expect(
        db
          .insertInto('hackathon_rubric_criteria')
          .values({ ...criterion, ...bad })
          .execute(),
      ).rejects.toThrow();
    }
    await db.insertInto('hackathon_rubric_criteria').values(criterion).execute();
    await expect(
      db
        .insertInto('hackathon_rubric_criteria')
        .values({ ...criterion, position: 2 })
        .execute(),
    ).rejects.toThrow();

    const score = {
      team_id: teamId,
      judge_id: userId,
      scores: '{"idea":3}',
      comment: null,
      created_at: at,
      updated_at: at,
    };
    await expect(
      db
        .insertInto('hackathon_scores')
        .values({ ...score, comment: 'x'.repeat(2001) })
        .execute(),
    ).rejects.toThrow();
    await db.insertInto('hackathon_scores').values(score).execute();
    await expect(db.insertInto('hackathon_scores').values(score).execute()).rejects.toThrow();

    // A team deleted takes its project and scores; an event deleted takes its rubric.
    await db.deleteFrom('teams').where('id', '=', teamId).execute();
    expect(await db.selectFrom('hackathon_team_projects').selectAll().execute()).toEqual([]);
    expect(await db.selectFrom('hackathon_scores').selectAll().execute()).toEqual([]);
    await db.deleteFrom('hackathon_events').where('id', '=', eventId).execute();
    expect(await db.selectFrom('hackathon_rubric_criteria').selectAll().execute()).toEqual([]);
  });
});
