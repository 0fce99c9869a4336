import { Migrator, type Kysely, type Migration, type MigrationProvider, type MigrationResultSet } from 'kysely';
import type { Database, Engine } from './database';
import * as initial from './migrations/0001-initial';
import * as defaultSettings from './migrations/0002-default-settings';
import * as mailOutbox from './migrations/0003-mail-outbox';
import * as overviewIndexes from './migrations/0006-overview-indexes';
import * as adminListsAtScale from './migrations/0007-admin-lists-at-scale';
import * as sessionChangeNotify from './migrations/0008-session-change-notify';
import * as campusId from './migrations/0009-campus-id';
import * as signInQueue from './migrations/0010-sign-in-queue';
import * as webhooks from './migrations/0011-webhooks';
import * as applicationVotes from './migrations/0012-application-votes';
import * as messages from './migrations/0013-messages';
import * as heldMessages from './migrations/0014-held-messages';
import * as mailTemplates from './migrations/0015-mail-templates';
import * as challengeDeadlines from './migrations/0016-challenge-deadlines';
import * as recruitmentRounds from './migrations/0017-recruitment-rounds';
import * as images from './migrations/0018-images';
import * as userLocale from './migrations/0019-user-locale';
import * as listsByDateSent from './migrations/0020-lists-by-date-sent';
import * as intraStatus from './migrations/0021-intra-status';
import * as signInGuard from './migrations/0022-sign-in-guard';
import * as roundOpenings from './migrations/0036-round-openings';
import * as withdrawnApplications from './migrations/0037-withdrawn-applications';
import * as reviewUndos from './migrations/0045-review-undos';
import * as applicationsByStep from './migrations/0046-applications-by-step';
import * as journeySteps from './migrations/0047-journey-steps';
import * as hackathonJudgesCheckIn from './migrations/0048-hackathon-judges-check-in';
import * as dataExports from './migrations/0049-data-exports';
import * as erasedUsers from './migrations/0050-erased-users';
import * as erasureRecords from './migrations/0051-erasure-records';
import * as lastSignIn from './migrations/0052-last-sign-in';
import * as privacyConsent from './migrations/0053-privacy-consent';
import * as hackathonTeamProjects from './migrations/0054-hackathon-team-projects';
import * as hackathonRubricsScores from './migrations/0055-hackathon-rubrics-scores';
import * as userSearchTrigrams from './migrations/0057-user-search-trigrams';
import * as listOrders from './migrations/0058-list-orders';
import * as signInExchanges from './migrations/0059-sign-in-exchanges';

/**
 * `now` is the moment the migrations run, for the rows a migration writes (the first round's
 * opening): the server's clock, or a test's date from before its clocks.
 */
type EngineMigration = { up(db: Kysely<unknown>, engine: Engine, now: Date): Promise<void> };

export type MigrationOptions = { now?: Date };

/** Listed here rather than read from a folder, so the bundled server carries them. */
const MIGRATIONS: Record<string, EngineMigration> = {
  '0001-initial': initial,
  '0002-default-settings': defaultSettings,
  '0003-mail-outbox': mailOutbox,
  '0006-overview-indexes': overviewIndexes,
  '0007-admin-lists-at-scale': adminListsAtScale,
  '0008-session-change-notify': sessionChangeNotify,
  '0009-campus-id': campusId,
  '0010-sign-in-queue': signInQueue,
  '0011-webhooks': webhooks,
  '0012-application-votes': applicationVotes,
  '0013-messages': messages,
  '0014-held-messages': heldMessages,
  '0015-mail-templates': mailTemplates,
  '0016-challenge-deadlines': challengeDeadlines,
  '0017-recruitment-rounds': recruitmentRounds,
  '0018-images': images,
  '0019-user-locale': userLocale,
  '0020-lists-by-date-sent': listsByDateSent,
  '0021-intra-status': intraStatus,
  '0022-sign-in-guard': signInGuard,
  '0036-round-openings': roundOpenings,
  '0037-withdrawn-applications': withdrawnApplications,
  '0045-review-undos': reviewUndos,
  '0046-applications-by-step': applicationsByStep,
  '0047-journey-steps': journeySteps,
  '0048-hackathon-judges-check-in': hackathonJudgesCheckIn,
  '0049-data-exports': dataExports,
  '0050-erased-users': erasedUsers,
  '0051-erasure-records': erasureRecords,
  '0052-last-sign-in': lastSignIn,
  '0053-privacy-consent': privacyConsent,
  '0054-hackathon-team-projects': hackathonTeamProjects,
  '0055-hackathon-rubrics-scores': hackathonRubricsScores,
  '0057-user-search-trigrams': userSearchTrigrams,
  '0058-list-orders': listOrders,
  '0059-sign-in-exchanges': signInExchanges,
};

class StaticMigrationProvider implements MigrationProvider {
  constructor(
    private readonly engine: Engine,
    private readonly now: Date,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    return Object.fromEntries(
      Object.entries(MIGRATIONS).map(([name, migration]) => [
        name,
        { up: (db: Kysely<unknown>) => migration.up(db, this.engine, this.now) },
      ]),
    );
  }
}

function migratorOf(database: Database, { now = new Date() }: MigrationOptions): Migrator {
  return new Migrator({
    db: database.db as unknown as Kysely<unknown>,
    provider: new StaticMigrationProvider(database.engine, now),
    // Numbers are given out per piece of work, and the pieces land in any order (0013 before
    // 0012): a database migrated in between still takes the lower number when it arrives.
    allowUnorderedMigrations: true,
    // Its bookkeeping tables sit beside the app's, even when another schema also has some.
    ...(database.schema ? { migrationTableSchema: database.schema } : {}),
  });
}

function applied({ error, results = [] }: MigrationResultSet): string[] {
  if (error) throw error;
  const failed = results.find((result) => result.status === 'Error');
  if (failed) throw new Error(`Migration ${failed.migrationName} failed`);
  return results.filter((result) => result.status === 'Success').map((result) => result.migrationName);
}

/** Applies every pending migration; applying twice is a no-op. Returns the names applied now. */
export async function migrateToLatest(database: Database, options: MigrationOptions = {}): Promise<string[]> {
  return applied(await migratorOf(database, options).migrateToLatest());
}

/** Applies the migrations up to `name`, included: a database as it was then, for the tests of a later migration. */
export async function migrateUpTo(database: Database, name: string, options: MigrationOptions = {}): Promise<string[]> {
  return applied(await migratorOf(database, options).migrateTo(name));
}
