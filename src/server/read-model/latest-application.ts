import { sql } from 'kysely';

/**
 * True for the row of `applications` that is its user's latest: one per user and round
 * (decision 0121), and the latest is the one that counts, the only one that may be in progress.
 */
export const isLatestApplication = sql<boolean>`not exists (
  select 1 from applications as newer where newer.user_id = applications.user_id and newer.id > applications.id)`;
