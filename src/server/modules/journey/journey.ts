import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { DB, Role } from '../../db/schema';

type Executor = Db | Transaction<DB>;

export type JourneyStep = -1 | 0 | 1 | 2 | 3 | 4;

/**
 * The applicant's step of decisions §4, computed on the server from what the database holds:
 * -1 declined, 0 pending, 1 challenges, 2 hackathon, 3 board approval, 4 member.
 * Answers null when the user has not applied.
 */
export async function journeyStep(db: Executor, userId: number, now: Date): Promise<JourneyStep | null> {
  const row = await db
    .selectFrom('users')
    .leftJoin('applications', 'applications.user_id', 'users.id')
    .select((eb) => [
      'users.role',
      'applications.status',
      eb
        .selectFrom('user_challenges')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('user_challenges.user_id', '=', 'users.id')
        .as('challenges'),
      eb
        .selectFrom('user_challenges')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('user_challenges.user_id', '=', 'users.id')
        .where('user_challenges.status', '=', 'validated')
        .as('validated'),
      eb
        .exists(
          eb
            .selectFrom('team_members')
            .innerJoin('hackathon_events', 'hackathon_events.id', 'team_members.event_id')
            .select('team_members.user_id')
            .whereRef('team_members.user_id', '=', 'users.id')
            .where('hackathon_events.end_at', '<=', now.toISOString()),
        )
        .as('hackathon_over'),
    ])
    .where('users.id', '=', userId)
    .executeTakeFirst();

  if (!row || !row.status) return null;
  return stepOf({
    status: row.status,
    role: row.role,
    challenges: Number(row.challenges ?? 0),
    validated: Number(row.validated ?? 0),
    hackathonOver: Boolean(row.hackathon_over),
  });
}

export function stepOf(facts: {
  status: 'pending' | 'approved' | 'declined';
  role: Role;
  challenges: number;
  validated: number;
  hackathonOver: boolean;
}): JourneyStep {
  if (facts.status === 'declined') return -1;
  if (facts.status === 'pending') return 0;
  if (facts.role === 'member' || facts.role === 'board') return 4;
  if (facts.hackathonOver) return 3;
  if (facts.challenges > 0 && facts.validated === facts.challenges) return 2;
  return 1;
}
