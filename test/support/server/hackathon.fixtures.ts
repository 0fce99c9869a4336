import type { Db } from '../../../src/server/db/database';
import { newCheckInCode } from '../../../src/server/modules/hackathon';

/**
 * A team of the event seating these users, each registered for it and assigned, straight into the
 * tables at the moment `at`: its id.
 */
export async function insertSeatedTeam(
  db: Db,
  { eventId, name, userIds, at }: { eventId: number; name: string; userIds: number[]; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('teams')
    .values({ event_id: eventId, name, hackathon_xp: null, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const userId of userIds) {
    await db
      .insertInto('hackathon_registrations')
      .values({
        user_id: userId,
        event_id: eventId,
        status: 'assigned',
        created_at: at,
        check_in_code: newCheckInCode(),
      })
      .execute();
    await db
      .insertInto('team_members')
      .values({ team_id: id, event_id: eventId, user_id: userId, created_at: at })
      .execute();
  }
  return id;
}
