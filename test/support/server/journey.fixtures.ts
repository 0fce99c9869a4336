import type { Db } from '../../../src/server/db/database';

const HOUR = 3600_000;

/**
 * Seats an approved candidate in a team of a hackathon that ended an hour before `now`: with an
 * approved application, that is journey step 3, the board's final decision.
 */
export async function seatAfterHackathon(db: Db, now: Date, userId: number): Promise<void> {
  const at = now.toISOString();
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * HOUR).toISOString();
  const event = await db
    .insertInto('hackathon_events')
    .values({
      name: `Past hackathon of user ${userId}`,
      description: null,
      location: null,
      start_at: hoursAgo(25),
      end_at: hoursAgo(1),
      max_teams: 0,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('hackathon_registrations')
    .values({ user_id: userId, event_id: event.id, status: 'assigned', created_at: at })
    .execute();
  const team = await db
    .insertInto('teams')
    .values({ event_id: event.id, name: `Team of user ${userId}`, hackathon_xp: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('team_members')
    .values({ team_id: team.id, event_id: event.id, user_id: userId, created_at: at })
    .execute();
}
