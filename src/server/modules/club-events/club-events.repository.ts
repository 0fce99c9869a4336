import type { Engine, Executor } from '../../db/database';

export type ClubEventRow = {
  id: number;
  title: string;
  description: string | null;
  location: string | null;
  starts_at: string;
  ends_at: string | null;
  created_at: string;
  updated_at: string;
};

export type ClubEventFields = Pick<ClubEventRow, 'title' | 'description' | 'location' | 'starts_at' | 'ends_at'>;

const COLUMNS = ['id', 'title', 'description', 'location', 'starts_at', 'ends_at', 'created_at', 'updated_at'] as const;

type Page = { limit: number; offset: number };

/** Every event, latest start first: what the board plans next sits at the top, the past below. */
export async function listClubEvents(db: Executor, page: Page): Promise<{ data: ClubEventRow[]; total: number }> {
  const [data, count] = await Promise.all([
    db
      .selectFrom('club_events')
      .select(COLUMNS)
      .orderBy('starts_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('club_events')
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.total) };
}

/** Events not over at `now` (their end, or their start when they have none), soonest first. */
export async function listUpcomingClubEvents(
  db: Executor,
  now: string,
  page: Page,
): Promise<{ data: ClubEventRow[]; total: number }> {
  const upcoming = db
    .selectFrom('club_events')
    .where((eb) => eb.or([eb('ends_at', '>', now), eb.and([eb('ends_at', 'is', null), eb('starts_at', '>', now)])]));
  const [data, count] = await Promise.all([
    upcoming.select(COLUMNS).orderBy('starts_at').orderBy('id').limit(page.limit).offset(page.offset).execute(),
    upcoming.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { data, total: Number(count.total) };
}

/** One event; on PostgreSQL `lock` holds its row until the transaction ends, so edits queue. */
export async function findClubEvent(db: Executor, id: number, lock?: Engine): Promise<ClubEventRow | undefined> {
  let query = db.selectFrom('club_events').select(COLUMNS).where('id', '=', id);
  if (lock === 'postgres') query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function insertClubEvent(db: Executor, fields: ClubEventFields, at: string): Promise<ClubEventRow> {
  return db
    .insertInto('club_events')
    .values({ ...fields, created_at: at, updated_at: at })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function updateClubEvent(
  db: Executor,
  id: number,
  changes: Partial<ClubEventFields>,
  at: string,
): Promise<ClubEventRow | undefined> {
  return db
    .updateTable('club_events')
    .set({ ...changes, updated_at: at })
    .where('id', '=', id)
    .returning(COLUMNS)
    .executeTakeFirst();
}

/** Deletes and answers the row as it was, or nothing when no such row exists (any more). */
export async function deleteClubEvent(db: Executor, id: number): Promise<ClubEventRow | undefined> {
  return db.deleteFrom('club_events').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}
