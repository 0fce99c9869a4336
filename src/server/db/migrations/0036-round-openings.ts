import { sql, type Kysely } from 'kysely';

/**
 * Until now, 0017 opened the first round of an empty database at the Unix epoch, and the Rounds
 * page showed "Opens 1 Jan 1970" (decision 0145). Such a round opens when it was saved instead,
 * or at its earliest application if one came before that (it keeps every application it holds),
 * as long as it still closes after it opens.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update recruitment_rounds
    set opens_at = (
      select coalesce(min(applications.created_at), recruitment_rounds.created_at)
      from applications
      where applications.round_id = recruitment_rounds.id
        and applications.created_at < recruitment_rounds.created_at
    )
    where opens_at = ${'1970-01-01T00:00:00.000Z'}
      and (closes_at is null or closes_at > created_at)`.execute(db);
}
