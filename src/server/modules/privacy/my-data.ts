import type { MyData } from '../../../contract/privacy';
import type { Executor } from '../../db/database';
import type { DB } from '../../db/schema';

/*
 * A person's copy of their data (decisions §15, decision 0165). Every table that holds something
 * about a person is either read here or named in NOT_EXPORTED with the reason; my-data.test.ts
 * finds the tables that reference a user in the database's catalog and fails on one in neither.
 */

/** The tables this copy reads, and where each lands in it. */
export const EXPORTED: Partial<Record<keyof DB, keyof MyData>> = {
  users: 'profile',
  sessions: 'sign_ins',
  applications: 'applications',
  application_votes: 'applications',
  user_challenges: 'challenges',
  hackathon_registrations: 'hackathons',
  team_members: 'hackathons',
  hackathon_judges: 'judging',
  hackathon_team_projects: 'hackathons',
  hackathon_scores: 'judging',
  projects: 'projects',
  message_recipients: 'messages',
  mail_outbox: 'emails',
  audit_logs: 'audit',
};

/** The tables that reference a user but are not in the copy, and why. */
export const NOT_EXPORTED: Partial<Record<keyof DB, string>> = {
  oauth_states: 'a sign-in under way: hashes kept for minutes, nothing the person gave',
  review_undos: "the board's few seconds to undo a decision; the decision itself is in applications",
  journey_steps: 'worked out from the applications, challenges and seats the copy holds',
  data_exports: 'when the person last took this copy',
  messages: "the board's messages as sent (their sender is an admin); what the person received is under messages",
  webhooks: "the board's settings; an admin's own acts on them are in the audit entries",
  mail_templates: "the board's wording of emails; an admin's own edits are in the audit entries",
  images:
    "the board's photos and sponsors' logos as published on the site; an admin's own uploads are in the audit entries",
};

/** Keys of audit details that name a person: kept only when they name the person themself. */
const PERSON_KEYS = new Set([
  'user_id',
  'owner_id',
  'admin_id',
  'sender_id',
  'reviewed_by',
  'decided_by',
  'validated_by',
  'created_by',
  'updated_by',
  'intra_login',
  'login',
  'email',
  'first_name',
  'last_name',
  'user_name',
]);

export async function myData(db: Executor, userId: number, now: Date): Promise<MyData | undefined> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user) return undefined;
  const { intra_id: _intraId, ...profile } = user;

  const [sessions, applications, votes, challenges, hackathons, judging, projects, messages, emails] =
    await Promise.all([
      db
        .selectFrom('sessions')
        .select(['created_at', 'expires_at'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute(),
      db
        .selectFrom('applications')
        .innerJoin('recruitment_rounds', 'recruitment_rounds.id', 'applications.round_id')
        .select([
          'applications.id',
          'recruitment_rounds.name as round',
          'applications.status',
          'applications.motivation',
          'applications.experience_level',
          'applications.github_profile',
          'applications.portfolio_url',
          'applications.review_notes',
          'applications.reviewed_at',
          'applications.challenge_deadline_at',
          'applications.deadline_request',
          'applications.deadline_requested_at',
          'applications.privacy_accepted_at',
          'applications.created_at',
          'applications.updated_at',
        ])
        .where('applications.user_id', '=', userId)
        .orderBy('applications.id')
        .execute(),
      db
        .selectFrom('application_votes')
        .innerJoin('applications', 'applications.id', 'application_votes.application_id')
        .select([
          'application_votes.application_id',
          'application_votes.stage',
          'application_votes.vote',
          'application_votes.comment',
          'application_votes.created_at',
        ])
        .where('applications.user_id', '=', userId)
        .orderBy('application_votes.created_at')
        .orderBy('application_votes.id')
        .execute(),
      db
        .selectFrom('user_challenges')
        .innerJoin('challenges', 'challenges.id', 'user_challenges.challenge_id')
        .select([
          'user_challenges.id',
          'challenges.title as challenge',
          'user_challenges.status',
          'user_challenges.exercise_1_tinkercad_link',
          'user_challenges.exercise_2_tinkercad_link',
          'user_challenges.exercise_3_tinkercad_link',
          'user_challenges.exercise_4_tinkercad_link',
          'user_challenges.exercise_1_completed',
          'user_challenges.exercise_2_completed',
          'user_challenges.exercise_3_completed',
          'user_challenges.exercise_4_completed',
          'user_challenges.total_xp_earned',
          'user_challenges.awarded_xp',
          'user_challenges.feedback',
          'user_challenges.validation_notes',
          'user_challenges.started_at',
          'user_challenges.submitted_at',
          'user_challenges.validated_at',
        ])
        .where('user_challenges.user_id', '=', userId)
        .orderBy('user_challenges.id')
        .execute(),
      db
        .selectFrom('hackathon_registrations')
        .innerJoin('hackathon_events', 'hackathon_events.id', 'hackathon_registrations.event_id')
        .leftJoin('team_members', (join) =>
          join
            .onRef('team_members.user_id', '=', 'hackathon_registrations.user_id')
            .onRef('team_members.event_id', '=', 'hackathon_registrations.event_id'),
        )
        .leftJoin('teams', 'teams.id', 'team_members.team_id')
        .select([
          'hackathon_registrations.id',
          'hackathon_events.name as event',
          'hackathon_events.start_at',
          'hackathon_events.end_at',
          'hackathon_registrations.status as registration',
          'hackathon_registrations.created_at as registered_at',
          'hackathon_registrations.checked_in_at',
          'teams.id as team_id',
          'teams.name as team_name',
          'teams.hackathon_xp',
        ])
        .where('hackathon_registrations.user_id', '=', userId)
        .orderBy('hackathon_events.start_at')
        .execute(),
      db
        .selectFrom('hackathon_events')
        .select(['id', 'name as event', 'start_at', 'end_at'])
        // The events they judge, and those they scored teams of (a judge taken off the list keeps their scores).
        .where((eb) =>
          eb.or([
            eb(
              'id',
              'in',
              eb
                .selectFrom('hackathon_judges')
                .select('hackathon_judges.event_id')
                .where('hackathon_judges.user_id', '=', userId),
            ),
            eb(
              'id',
              'in',
              eb
                .selectFrom('hackathon_scores')
                .innerJoin('teams', 'teams.id', 'hackathon_scores.team_id')
                .select('teams.event_id')
                .where('hackathon_scores.judge_id', '=', userId),
            ),
          ]),
        )
        .orderBy('start_at')
        .orderBy('id')
        .execute(),
      db
        .selectFrom('projects')
        .select(['title', 'description', 'status', 'deadline', 'validation_notes', 'validated_at', 'created_at'])
        .where('owner_id', '=', userId)
        .orderBy('id')
        .execute(),
      db
        .selectFrom('message_recipients')
        .innerJoin('messages', 'messages.id', 'message_recipients.message_id')
        .select(['messages.subject', 'messages.body', 'messages.created_at as sent_at', 'message_recipients.read_at'])
        .where('message_recipients.user_id', '=', userId)
        .orderBy('messages.id')
        .execute(),
      db
        .selectFrom('mail_outbox')
        .select(['kind', 'subject', 'text_body as body', 'status', 'created_at', 'sent_at'])
        .where('user_id', '=', userId)
        .orderBy('id')
        .execute(),
    ]);

  // Their teams' projects and the scores given to them, without the judges (spec §15); the scores they gave as a judge.
  const teamIds = hackathons.flatMap((row) => (row.team_id === null ? [] : [row.team_id]));
  const [teamProjects, teamScores, scoresGiven] = await Promise.all([
    teamIds.length === 0
      ? []
      : db
          .selectFrom('hackathon_team_projects')
          .select(['team_id', 'title', 'description', 'links', 'created_at', 'updated_at'])
          .where('team_id', 'in', teamIds)
          .execute(),
    teamIds.length === 0
      ? []
      : db
          .selectFrom('hackathon_scores')
          .select(['team_id', 'scores', 'comment', 'updated_at'])
          .where('team_id', 'in', teamIds)
          .orderBy('team_id')
          .orderBy('id')
          .execute(),
    db
      .selectFrom('hackathon_scores')
      .innerJoin('teams', 'teams.id', 'hackathon_scores.team_id')
      .select([
        'teams.event_id',
        'teams.name as team',
        'hackathon_scores.scores',
        'hackathon_scores.comment',
        'hackathon_scores.updated_at',
      ])
      .where('hackathon_scores.judge_id', '=', userId)
      .orderBy('hackathon_scores.id')
      .execute(),
  ]);

  // The person's own entities, by the audit log's entity types: an entry about one of them is theirs.
  const own: Record<string, Set<number>> = {
    user: new Set([userId]),
    application: new Set(applications.map((row) => row.id)),
    user_challenge: new Set(challenges.map((row) => row.id)),
    hackathon_registration: new Set(hackathons.map((row) => row.id)),
  };
  const audit = await db
    .selectFrom('audit_logs')
    .select(['action', 'entity_type', 'entity_id', 'user_id', 'details', 'created_at'])
    .where((eb) =>
      eb.or([
        eb('user_id', '=', userId),
        ...Object.entries(own)
          .filter(([, ids]) => ids.size > 0)
          .map(([type, ids]) => eb.and([eb('entity_type', '=', type), eb('entity_id', 'in', [...ids])])),
      ]),
    )
    .orderBy('id')
    .execute();
  const self = { id: userId, login: user.intra_login, email: user.email };

  return {
    exported_at: now.toISOString(),
    profile,
    sign_ins: sessions,
    applications: applications.map((application) => ({
      ...application,
      votes: votes
        .filter((vote) => vote.application_id === application.id)
        .map(({ application_id: _application, ...vote }) => vote),
    })),
    challenges: challenges.map((row) => ({
      challenge: row.challenge,
      status: row.status,
      exercise_links: [
        row.exercise_1_tinkercad_link,
        row.exercise_2_tinkercad_link,
        row.exercise_3_tinkercad_link,
        row.exercise_4_tinkercad_link,
      ],
      exercises_completed: [
        row.exercise_1_completed,
        row.exercise_2_completed,
        row.exercise_3_completed,
        row.exercise_4_completed,
      ].map(Boolean),
      total_xp_earned: row.total_xp_earned,
      awarded_xp: row.awarded_xp,
      feedback: row.feedback,
      validation_notes: row.validation_notes,
      started_at: row.started_at,
      submitted_at: row.submitted_at,
      validated_at: row.validated_at,
    })),
    hackathons: hackathons.map(({ id: _id, team_id, team_name, hackathon_xp, ...row }) => {
      const project = teamProjects.find((found) => found.team_id === team_id);
      return {
        ...row,
        team:
          team_name === null
            ? null
            : {
                name: team_name,
                hackathon_xp,
                project: project
                  ? {
                      title: project.title,
                      description: project.description,
                      links: JSON.parse(project.links) as string[],
                      created_at: project.created_at,
                      updated_at: project.updated_at,
                    }
                  : null,
                scores: teamScores
                  .filter((found) => found.team_id === team_id)
                  .map((found) => ({
                    scores: JSON.parse(found.scores) as Record<string, number>,
                    comment: found.comment,
                    updated_at: found.updated_at,
                  })),
              },
      };
    }),
    judging: judging.map(({ id, ...row }) => ({
      ...row,
      scores_given: scoresGiven
        .filter((given) => given.event_id === id)
        .map(({ event_id: _event, scores, ...given }) => ({
          ...given,
          scores: JSON.parse(scores) as Record<string, number>,
        })),
    })),
    projects,
    messages,
    emails,
    audit: audit.map((entry) => ({
      action: entry.action,
      entity_type: entry.entity_type,
      entity_id: entry.entity_id !== null && own[entry.entity_type]?.has(entry.entity_id) ? entry.entity_id : null,
      by_you: entry.user_id === userId,
      details:
        entry.details === null ? null : (withoutOthers(JSON.parse(entry.details), self) as Record<string, unknown>),
      created_at: entry.created_at,
    })),
  };
}

/** Audit details with every value that names another person taken out. */
function withoutOthers(value: unknown, self: { id: number; login: string; email: string | null }): unknown {
  if (Array.isArray(value)) return value.map((item) => withoutOthers(item, self));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key, item]) => !PERSON_KEYS.has(key) || item === self.id || item === self.login || item === self.email)
      .map(([key, item]) => [key, withoutOthers(item, self)]),
  );
}
