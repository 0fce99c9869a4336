import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Vote, VoteStage } from '../../contract/applications';
import type { Locale } from '../../contract/locales';
import type { DeliveryStatus, WebhookEvent, WebhookFormat } from '../../contract/webhooks';
import type { ImagesTable } from './images-table';

/**
 * Table types as the repositories see them, after the engine plugin has normalised values:
 * booleans are booleans, timestamps ISO strings, counts numbers, on SQLite and PostgreSQL.
 */
type Timestamp = string;
type CreatedAt = ColumnType<Timestamp, Timestamp | undefined, never>;

export type Role = 'student' | 'member' | 'board';
export type ApplicationStatus = 'pending' | 'approved' | 'declined' | 'withdrawn';
export type ExperienceLevel = 'beginner' | 'intermediate' | 'advanced';
export type UserChallengeStatus = 'pending' | 'in_progress' | 'pending_validation' | 'validated' | 'declined';
export type RegistrationStatus = 'pending' | 'assigned';
export type ProjectStatus = 'pending' | 'approved' | 'rejected' | 'expired';
export type MailStatus = 'outbox' | 'pending' | 'sent' | 'failed';

export interface UsersTable {
  id: Generated<number>;
  intra_id: number;
  intra_login: string;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  image_url: string | null;
  campus: string | null;
  /** The primary campus's id on the intra; null until the user signs in after migration 0009. */
  campus_id: number | null;
  level: number;
  grade: string | null;
  is_starter: boolean;
  role: Generated<Role>;
  is_admin: Generated<boolean>;
  is_banned: Generated<boolean>;
  experience_points: Generated<number>;
  /** The language the user chose in the app, or null (migration 0019). */
  locale: ColumnType<Locale | null, Locale | null | undefined, Locale | null>;
  /** The language their browser asked for at their last sign-in. */
  sign_in_locale: ColumnType<Locale | null, Locale | null | undefined, Locale | null>;
  /** When the account was erased (migration 0050): the row keeps no personal value. */
  erased_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** When they last signed in (migration 0052): what the retention period counts from. */
  last_sign_in_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
}

export interface OauthStatesTable {
  state_hash: string;
  expires_at: Timestamp;
  created_at: CreatedAt;
  /** The sign-in under way with this state (decision 0107): the code that claimed it, */
  code_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** until when a process works on it (another may take it over after), */
  claimed_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** its first call's slot at the intra, */
  slot_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** when its code went to the intra (under way until an outcome or the lease's end), */
  exchange_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  /** then the user it signed in, or why it failed for good. */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
  failure: ColumnType<SignInFailure | null, SignInFailure | null | undefined, SignInFailure | null>;
  /** Who started it: the client's address and its visitor cookie (decision 0131). */
  address: ColumnType<string | null, string | null | undefined, string | null>;
  visitor: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A code the intra refused, against the address and visitor that sent it (decision 0131). */
export interface SignInFailuresTable {
  id: Generated<number>;
  address: string;
  visitor: string | null;
  failed_at: Timestamp;
}

/** `CREDENTIALS`: the intra refused the club's own client id and secret, not the candidate's code. */
export type SignInFailure = 'PROVIDER' | 'CREDENTIALS' | 'BANNED' | 'LOGIN_TAKEN';

/** What the intra last said of the club's credentials (decisions §13): one row, id 1. */
export interface IntraStatusTable {
  id: number;
  credentials_refused_at: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
  secret_valid_until: ColumnType<Timestamp | null, Timestamp | null | undefined, Timestamp | null>;
}

export interface IntraPaceTable {
  id: number;
  next_slot_ms: number;
  hour_start_ms: number;
  in_hour: number;
}

export interface ApplicationsTable {
  id: Generated<number>;
  user_id: number;
  /** The round open when it was sent (migration 0017): one application per user per round. */
  round_id: number;
  status: Generated<ApplicationStatus>;
  motivation: string;
  experience_level: ExperienceLevel;
  github_profile: string | null;
  portfolio_url: string | null;
  selected_project_id: number | null;
  review_notes: string | null;
  reviewed_at: Timestamp | null;
  reviewed_by: number | null;
  /** The board's deadline for this candidate's challenges; null: reviewed_at + challenge_deadline_days. */
  challenge_deadline_at: Timestamp | null;
  /** The candidate's one request for more time (at most 500 characters), and when it was sent and answered. */
  deadline_request: string | null;
  deadline_requested_at: Timestamp | null;
  deadline_request_answered_at: Timestamp | null;
  /** When the candidate said they had read the privacy notice (migration 0053); null: sent without it. */
  privacy_accepted_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** A recruitment round (docs/decisions/0121-recruitment-rounds.md): open from `opens_at` until `closes_at` (null: until closed). */
export interface RecruitmentRoundsTable {
  id: Generated<number>;
  name: string;
  opens_at: Timestamp;
  closes_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ApplicationVotesTable {
  id: Generated<number>;
  application_id: number;
  admin_id: number;
  stage: VoteStage;
  vote: Vote;
  comment: string | null;
  /** When the admin last cast this vote (a new one replaces it). */
  created_at: Timestamp;
}

export interface ChallengesTable {
  id: Generated<number>;
  title: string;
  description: string;
  difficulty_level: ExperienceLevel;
  grade: number;
  subject_pdf_url: string | null;
  tinkercad_class_code: string | null;
  exercise_1_title: string | null;
  exercise_1_description: string | null;
  exercise_2_title: string | null;
  exercise_2_description: string | null;
  exercise_3_title: string | null;
  exercise_3_description: string | null;
  exercise_4_title: string | null;
  exercise_4_description: string | null;
  validation_threshold: number;
  xp_reward: number;
  is_active: boolean;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface UserChallengesTable {
  id: Generated<number>;
  user_id: number;
  challenge_id: number;
  status: Generated<UserChallengeStatus>;
  exercise_1_tinkercad_link: string | null;
  exercise_2_tinkercad_link: string | null;
  exercise_3_tinkercad_link: string | null;
  exercise_4_tinkercad_link: string | null;
  exercise_1_completed: Generated<boolean>;
  exercise_2_completed: Generated<boolean>;
  exercise_3_completed: Generated<boolean>;
  exercise_4_completed: Generated<boolean>;
  total_xp_earned: Generated<number>;
  completed: Generated<boolean>;
  awarded_xp: number | null;
  feedback: string | null;
  validation_notes: string | null;
  started_at: Timestamp | null;
  submitted_at: Timestamp | null;
  validated_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface HackathonEventsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  location: string | null;
  start_at: Timestamp;
  end_at: Timestamp;
  max_teams: number;
  created_at: CreatedAt;
  updated_at: Timestamp;
  /** When the board published the results (migration 0055); null before. */
  results_published_at: Generated<Timestamp | null>;
}

export interface HackathonRegistrationsTable {
  id: Generated<number>;
  user_id: number;
  event_id: number;
  status: Generated<RegistrationStatus>;
  created_at: CreatedAt;
  /** What the registrant shows at the door (migration 0048): unguessable, unique, set at registration. */
  check_in_code: string;
  checked_in_at: Timestamp | null;
  checked_in_by: number | null;
}

/** An event's judges (migration 0048, decision 0163): admins, members or board members an admin named. */
export interface HackathonJudgesTable {
  event_id: number;
  user_id: number;
  created_at: CreatedAt;
}

/** A team's project (migration 0054, decision 0171): `links` a JSON array of https addresses. */
export interface HackathonTeamProjectsTable {
  team_id: number;
  title: string;
  description: string;
  links: string;
  /** The member who wrote every version so far; null once another member edited it (spec §15's erasure). */
  sole_author_id: number | null;
  updated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

/** An event's rubric (migration 0055): its criteria in `position` order; none = the default rubric. */
export interface HackathonRubricCriteriaTable {
  event_id: number;
  position: number;
  key: string;
  name: string;
  weight: number;
  max: number;
}

/** A judge's score of a team (migration 0055): `scores` a JSON object { criterion key: integer }. */
export interface HackathonScoresTable {
  id: Generated<number>;
  team_id: number;
  judge_id: number;
  scores: string;
  comment: string | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TeamsTable {
  id: Generated<number>;
  event_id: number;
  name: string;
  hackathon_xp: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface TeamMembersTable {
  team_id: number;
  event_id: number;
  user_id: number;
  created_at: CreatedAt;
}

export interface AuditLogsTable {
  id: Generated<number>;
  action: string;
  entity_type: string;
  entity_id: number | null;
  user_id: number | null;
  user_name: string | null;
  details: string | null;
  created_at: CreatedAt;
  /** Rank of the entry among those of its (action, entity_type), 1, 2, 3, ... in id order. */
  key_seq: number;
}

/** What an Undo of an application's latest decision puts back (decision 0119, migration 0045). */
export interface ReviewUndosTable {
  application_id: number;
  decided_by: number;
  decided_at: Timestamp;
  before_status: ApplicationStatus;
  before_review_notes: string | null;
  before_reviewed_at: Timestamp | null;
  before_reviewed_by: number | null;
}

/**
 * Each applicant's journey step, kept by database triggers (migration 0047, decision 0164): never
 * written by the app. `step` is without time (-2, -1, 0, 1, 2, 4); an approved student at 1 or 2
 * is at 3 once `hackathon_end` has passed (read-model/journey.ts).
 */
export interface JourneyStepsTable {
  user_id: number;
  application_id: number;
  step: -2 | -1 | 0 | 1 | 2 | 4;
  hackathon_end: Timestamp | null;
}

/** When each person last took a copy of their data (migration 0049): one a minute. */
export interface DataExportsTable {
  user_id: number;
  exported_at: Timestamp;
}

/** One per erasure (migration 0051, decision 0167): a keyed hash of the 42 id, nothing personal. */
export interface ErasureRecordsTable {
  subject_hash: string;
  erased_at: Timestamp;
}

/** How many entries each (action, entity_type) has: the totals of the log, and its distinct actions. */
export interface AuditCountsTable {
  action: string;
  entity_type: string;
  n: number;
}

export interface SettingsTable {
  key: string;
  value: string;
  updated_at: Timestamp;
}

export interface ClubEventsTable {
  id: Generated<number>;
  title: string;
  description: string | null;
  location: string | null;
  starts_at: Timestamp;
  ends_at: Timestamp | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface ProjectsTable {
  id: Generated<number>;
  owner_id: number;
  title: string;
  description: string;
  deadline: Timestamp | null;
  status: Generated<ProjectStatus>;
  validation_notes: string | null;
  validated_at: Timestamp | null;
  validated_by: number | null;
  created_at: CreatedAt;
  updated_at: Timestamp;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  kind: string;
  user_id: number | null;
  status: MailStatus;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  last_error: string | null;
  sent_at: Timestamp | null;
  /** The decision this mail waits on (decision 0119): its undo withdraws the mail by this key. */
  hold_key: string | null;
  created_at: CreatedAt;
}

export interface WebhooksTable {
  id: Generated<number>;
  url: string;
  /** A JSON array of event names. */
  events: string;
  format: WebhookFormat;
  secret: string;
  created_by: number | null;
  created_at: CreatedAt;
}

export interface WebhookDeliveriesTable {
  id: Generated<number>;
  webhook_id: number;
  event: WebhookEvent;
  body: string;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  delivered_at: Timestamp | null;
  /** The decision this delivery waits on (decision 0119): its undo withdraws it by this key. */
  hold_key: string | null;
  created_at: CreatedAt;
}

export interface WebhookAttemptsTable {
  id: Generated<number>;
  delivery_id: number;
  attempted_at: Timestamp;
  status_code: number | null;
  error: string | null;
  duration_ms: number;
}

export interface MessagesTable {
  id: Generated<number>;
  subject: string;
  body: string;
  /** The audience as chosen (JSON). */
  audience: string;
  sender_id: number | null;
  recipients: number;
  created_at: CreatedAt;
}

export interface MessageRecipientsTable {
  message_id: number;
  user_id: number;
  read_at: Timestamp | null;
}

/** The board's saved wording of a notification email (decision 0120); no row: the default. */
export interface MailTemplatesTable {
  key: string;
  locale: Generated<string>;
  subject: string;
  body: string;
  updated_by: number | null;
  updated_at: Timestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  oauth_states: OauthStatesTable;
  intra_pace: IntraPaceTable;
  intra_status: IntraStatusTable;
  sign_in_failures: SignInFailuresTable;
  applications: ApplicationsTable;
  recruitment_rounds: RecruitmentRoundsTable;
  application_votes: ApplicationVotesTable;
  challenges: ChallengesTable;
  user_challenges: UserChallengesTable;
  hackathon_events: HackathonEventsTable;
  hackathon_registrations: HackathonRegistrationsTable;
  hackathon_judges: HackathonJudgesTable;
  hackathon_team_projects: HackathonTeamProjectsTable;
  hackathon_rubric_criteria: HackathonRubricCriteriaTable;
  hackathon_scores: HackathonScoresTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  audit_logs: AuditLogsTable;
  audit_counts: AuditCountsTable;
  review_undos: ReviewUndosTable;
  journey_steps: JourneyStepsTable;
  data_exports: DataExportsTable;
  erasure_records: ErasureRecordsTable;
  settings: SettingsTable;
  club_events: ClubEventsTable;
  projects: ProjectsTable;
  mail_outbox: MailOutboxTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  messages: MessagesTable;
  message_recipients: MessageRecipientsTable;
  mail_templates: MailTemplatesTable;
  images: ImagesTable;
}

export type UserRow = Selectable<UsersTable>;
/** The user of a session: their row, and whether they judge at least one hackathon event (decision 0163). */
export type SignedInUser = UserRow & { readonly is_judge: boolean };
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
export type ChallengeRow = Selectable<ChallengesTable>;
export type UserChallengeRow = Selectable<UserChallengesTable>;
export type AuditLogRow = Selectable<AuditLogsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
export type WebhookRow = Selectable<WebhooksTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveriesTable>;

/** Columns that hold booleans: SQLite gives them back as 0/1, the plugin turns them into booleans. */
export const BOOLEAN_COLUMNS = new Set([
  'is_starter',
  'is_admin',
  'is_banned',
  'is_active',
  'completed',
  'exercise_1_completed',
  'exercise_2_completed',
  'exercise_3_completed',
  'exercise_4_completed',
]);
