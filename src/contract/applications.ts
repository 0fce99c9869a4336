import { z } from 'zod';
import { csvQuerySchema, idSchema, isoTimestamp, listSchema, pageQuerySchema } from './common';
import { MOTIVATION_MAX, MOTIVATION_MIN } from './constants';
import { roundFilterSchema } from './rounds';
import { refusal, type Sentence } from './i18n';
import { auditActionSchema } from './audit';

export const EXPERIENCE_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number];
/** `withdrawn`: the candidate took back a pending application (decision 0145); like `declined`, it ends it. */
export const APPLICATION_STATUSES = ['pending', 'approved', 'declined', 'withdrawn'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const PRIVACY_MESSAGE: Sentence = /*i18n*/ 'Please confirm that you have read the privacy notice.';
export const MOTIVATION_MESSAGE: Sentence = /*i18n*/ 'Please provide detailed motivation (at least 10 characters)';

/** An optional link: trimmed, empty means none (null), otherwise an http(s) URL. */
const optionalLink = (sentences: { tooLong: Sentence; notUrl: Sentence }) =>
  z
    .string()
    .trim()
    .max(500, refusal(sentences.tooLong))
    .refine((value) => value === '' || /^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value), refusal(sentences.notUrl))
    .transform((value) => (value === '' ? null : value))
    .nullish()
    .transform((value) => value ?? null);

// One sentence per field: the field's name is part of the sentence, never glued to it.
const GITHUB_PROFILE = {
  tooLong: /*i18n*/ 'GitHub profile is too long (500 characters at most)',
  notUrl: /*i18n*/ 'GitHub profile must be an http(s) URL',
};
const PORTFOLIO_URL = {
  tooLong: /*i18n*/ 'Portfolio URL is too long (500 characters at most)',
  notUrl: /*i18n*/ 'Portfolio URL must be an http(s) URL',
};

const experienceLevel = z.enum(
  EXPERIENCE_LEVELS,
  refusal(/*i18n*/ 'Choose an experience level: beginner, intermediate or advanced.'),
);

const motivation = z
  .string(refusal(MOTIVATION_MESSAGE))
  .trim()
  .min(MOTIVATION_MIN, refusal(MOTIVATION_MESSAGE))
  .max(MOTIVATION_MAX, refusal(/*i18n*/ 'Motivation is too long ({max} characters at most)', { max: MOTIVATION_MAX }));

/** The application form, shared by the page and the server (docs/product/data.md#validation-rules). */
export const applicationFormSchema = z.object({
  motivation,
  experience_level: experienceLevel.default('beginner'),
  github_profile: optionalLink(GITHUB_PROFILE),
  portfolio_url: optionalLink(PORTFOLIO_URL),
  selected_project_id: z.null().optional(),
  /**
   * The form's "I have read the privacy notice" (decisions §15): recorded as `privacy_accepted_at`.
   * Absent is accepted (seed §7's call) and leaves it null; anything but `true` is refused.
   */
  privacy_accepted: z.literal(true, refusal(PRIVACY_MESSAGE)).optional(),
});
export type ApplicationForm = z.input<typeof applicationFormSchema>;

export const applicationUpdateSchema = z.object({
  motivation: motivation.optional(),
  experience_level: experienceLevel.optional(),
  github_profile: optionalLink(GITHUB_PROFILE).optional(),
  portfolio_url: optionalLink(PORTFOLIO_URL).optional(),
  selected_project_id: z.null().optional(),
});

export const applicantSchema = z.object({
  id: z.number().int(),
  intra_login: z.string(),
  image_url: z.string().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
});

export const applicationSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  /** The recruitment round open when it was sent (decision 0121). */
  round_id: z.number().int(),
  user: applicantSchema,
  status: z.enum(APPLICATION_STATUSES),
  motivation: z.string(),
  experience_level: z.enum(EXPERIENCE_LEVELS),
  github_profile: z.string().nullable(),
  portfolio_url: z.string().nullable(),
  selected_project_id: z.number().int().nullable(),
  review_notes: z.string().nullable(),
  reviewed_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Application = z.infer<typeof applicationSchema>;

/** -2: the candidate withdrew their application (decision 0145); -1: declined; 0-4 the journey. */
export const JOURNEY_STEPS = [-2, -1, 0, 1, 2, 3, 4] as const;
export type JourneyStep = (typeof JOURNEY_STEPS)[number];
/** The journey steps a list filters on, as the address spells them (-2 withdrawn … 4 member). */
export const JOURNEY_STEP_FILTERS = ['-2', '-1', '0', '1', '2', '3', '4'] as const;

/**
 * GET /applications/me: the candidate's latest application and where its author stands
 * (docs/product/applications.md#the-applicant-journey-step). `may_apply_again`: it was declined and a later
 * round takes applications now, so the tracker offers the form again (decision 0121).
 */
export const myApplicationSchema = applicationSchema.extend({
  step: z.union([z.literal(-2), z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
  may_apply_again: z.boolean(),
});
export type MyApplication = z.infer<typeof myApplicationSchema>;

export const reviewSchema = z.object({
  status: z.enum(['approved', 'declined']),
  review_notes: z
    .string()
    .trim()
    .max(2000)
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type Review = z.input<typeof reviewSchema>;

export const bulkReviewSchema = reviewSchema.extend({
  ids: z.array(idSchema).min(1).max(100),
});
export const bulkReviewResultSchema = z.object({
  reviewed: z.array(z.number().int()),
  skipped: z.array(z.object({ id: z.number().int(), reason: z.string() })),
});
export type BulkReviewResult = z.infer<typeof bulkReviewResultSchema>;

/** Newest sent first (decision 0125), or oldest: the only orders that say nothing of who a hidden candidate is. */
export const APPLICATION_SORTS = ['-created_at', 'created_at'] as const;

export const applicationListQuerySchema = pageQuerySchema().extend({
  status: z.enum(APPLICATION_STATUSES).optional(),
  ...roundFilterSchema.shape,
  /**
   * A part of the candidate's login, names or email, any case. Under blind review it finds only
   * the applications whose candidate the admin may see (those they voted on).
   */
  q: z.string().trim().max(100).optional(),
  /** The latest applications of the candidates at this journey step (-2 … 4). */
  step: z.enum(JOURNEY_STEP_FILTERS).optional(),
  /** The candidate's campus, exactly. */
  campus: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(APPLICATION_SORTS).default('-created_at'),
});
/** The list's filters, sort and page, as the address and the API take them. */
export type ApplicationListQuery = z.output<typeof applicationListQuerySchema>;
export const applicationListSchema = listSchema(applicationSchema);
/** The columns of the applications CSV, in order. */
export const APPLICATIONS_CSV_COLUMNS = [
  'id',
  'login',
  'first_name',
  'last_name',
  'email',
  'status',
  'experience_level',
  'motivation',
  'github_profile',
  'portfolio_url',
  'created_at',
  'reviewed_at',
  'round_id',
  // What the board sorts by (decision 0145): the journey step, the candidate's XP, and the tally of
  // the decision open on the application (once decided, of the last decision), as its detail shows.
  'step',
  'xp',
  'votes_yes',
  'votes_no',
  'votes_abstain',
] as const;

/** GET /admin/applications/export.csv: the list's filters (every row they select, no pages) and the separator. */
export const applicationExportQuerySchema = applicationListQuerySchema
  .omit({ limit: true, offset: true })
  .extend(csvQuerySchema.shape);

/** The board's votes (docs/product/applications.md#the-boards-workbench, decision 0115): they advise, the review decides. */
export const VOTES = ['yes', 'no', 'abstain'] as const;
export type Vote = (typeof VOTES)[number];
/** `review` while the application is pending, `final` while its candidate is at step 3. */
export const VOTE_STAGES = ['review', 'final'] as const;
export type VoteStage = (typeof VOTE_STAGES)[number];
export const VOTE_COMMENT_MAX = 2000;
/** How many audit entries the review screen's history shows, newest first. */
export const APPLICATION_HISTORY_MAX = 100;

export const voteBodySchema = z.object({
  vote: z.enum(VOTES),
  comment: z
    .string()
    .trim()
    .max(VOTE_COMMENT_MAX, refusal(/*i18n*/ 'A comment has at most {max} characters', { max: VOTE_COMMENT_MAX }))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type VoteBody = z.input<typeof voteBodySchema>;

export const voteSchema = z.object({
  admin_id: z.number().int(),
  admin_login: z.string(),
  vote: z.enum(VOTES),
  comment: z.string().nullable(),
  stage: z.enum(VOTE_STAGES),
  created_at: isoTimestamp,
});
export type ApplicationVote = z.infer<typeof voteSchema>;

export const tallySchema = z.object({
  yes: z.number().int(),
  no: z.number().int(),
  abstain: z.number().int(),
});
export type Tally = z.infer<typeof tallySchema>;

/**
 * An application as an admin sees it. Under blind review (decisions 0115 and 0136)
 * `identity_hidden` is true until this admin has voted on it, and the candidate's user id, login,
 * names, email, avatar, GitHub and portfolio are null (an id would lead to the member's page).
 * The candidate's own view (`myApplicationSchema`) never hides.
 */
export const adminApplicationSchema = applicationSchema.extend({
  user_id: z.number().int().nullable(),
  user: applicantSchema.extend({ id: z.number().int().nullable(), intra_login: z.string().nullable() }),
  identity_hidden: z.boolean(),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;
/** A row of the board's applications list: with the candidate's journey step and campus (issue 28). */
export const adminApplicationListItemSchema = adminApplicationSchema.extend({
  /** The candidate's journey step when this is their latest application (an earlier one: -1 declined, -2 withdrawn). */
  step: z.number().int().min(-2).max(4),
  /** The candidate's campus: blind review leaves it shown, as the review screen does. */
  campus: z.string().nullable(),
});
export type AdminApplicationListItem = z.infer<typeof adminApplicationListItemSchema>;
export const adminApplicationListSchema = listSchema(adminApplicationListItemSchema);

/** Where a candidate stands (docs/product/applications.md#the-applicant-journey-step): the step (null: not applied), XP and challenges. */
export const journeySummarySchema = z.object({
  step: z.number().int().min(-2).max(4).nullable(),
  experience_points: z.number().int(),
  challenges_validated: z.number().int(),
  challenges_total: z.number().int(),
});
export type JourneySummary = z.infer<typeof journeySummarySchema>;

/**
 * One audit entry about an application or its candidate's final decision (who did what when).
 * `by_candidate`: the candidate acted. Under blind review the candidate's own entries come
 * without `actor_id`, `actor_login` and `details`.
 */
export const applicationHistoryEntrySchema = z.object({
  id: z.number().int(),
  action: auditActionSchema,
  by_candidate: z.boolean(),
  actor_id: z.number().int().nullable(),
  actor_login: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: isoTimestamp,
});
export type ApplicationHistoryEntry = z.infer<typeof applicationHistoryEntrySchema>;

/**
 * GET /admin/applications/{id}, the vote's and the queue's answer, what the review screen shows:
 * the application with its candidate's 42 level and campus (shown under blind review too), the
 * `journey`, every vote (both stages, oldest first), the open `stage` (null once decided), the
 * `tally` of that stage (of the latest vote's stage once decided) and the `history` from the
 * audit log (newest first, at most APPLICATION_HISTORY_MAX entries).
 */
export const applicationDetailSchema = adminApplicationSchema.extend({
  user: adminApplicationSchema.shape.user.extend({ level: z.number(), campus: z.string().nullable() }),
  journey: journeySummarySchema,
  history: z.array(applicationHistoryEntrySchema),
  stage: z.enum(VOTE_STAGES).nullable(),
  votes: z.array(voteSchema),
  tally: tallySchema,
  /** How many challenges of the catalog are active: none, and an approval would give the candidate none yet (decision 0145). */
  active_challenges: z.number().int().min(0),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;
