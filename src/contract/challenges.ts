import { z } from 'zod';
import { idTextSchema, isoTimestamp, listSchema, pageQuerySchema, timestampInput } from './common';
import {
  CHALLENGE_DEADLINE_DAYS,
  CHALLENGES_PER_CANDIDATE,
  CHALLENGES_XP_TOTAL,
  DEFAULT_VALIDATION_THRESHOLD,
  DEFAULT_XP_REWARD,
  EXERCISES_PER_CHALLENGE,
  MAX_CHALLENGE_AWARDED_XP,
  XP_PER_EXERCISE,
} from './constants';
import { userRefSchema } from './users';
import { refusal, say, type Sentence } from './i18n';

export const DIFFICULTY_LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type DifficultyLevel = (typeof DIFFICULTY_LEVELS)[number];
export const DEFAULT_DIFFICULTY: DifficultyLevel = 'beginner';

export const USER_CHALLENGE_STATUSES = [
  'pending',
  'in_progress',
  'pending_validation',
  'validated',
  'declined',
] as const;
export type UserChallengeStatus = (typeof USER_CHALLENGE_STATUSES)[number];

/** What the tracker shows for each status (docs/product/data.md#states-and-transitions: validated counts as completed). */
export const USER_CHALLENGE_STATUS_LABELS: Record<UserChallengeStatus, Sentence> = {
  pending: /*i18n*/ 'Not Started',
  in_progress: /*i18n*/ 'In Progress',
  pending_validation: /*i18n*/ 'Pending Review',
  validated: /*i18n*/ 'Completed',
  declined: /*i18n*/ 'Declined',
};

export const EXERCISE_NUMBERS = [1, 2, 3, 4] as const;
export type ExerciseNumber = (typeof EXERCISE_NUMBERS)[number];

export const MIN_GRADE = 0;
export const MAX_GRADE = 100;
export const MIN_XP_REWARD = 1;
export const MAX_XP_REWARD = 1000;
export const MAX_TINKERCAD_LINK_LENGTH = 500;
export const TINKERCAD_HOSTS = ['tinkercad.com', 'www.tinkercad.com'] as const;
/** The refusal of a Tinkercad link, with `{ max: MAX_TINKERCAD_LINK_LENGTH }`. */
export const TINKERCAD_LINK_SENTENCE: Sentence =
  /*i18n*/ 'The link must be an https:// link on tinkercad.com (at most {max} characters).';
const TINKERCAD_LINK_REFUSAL = refusal(TINKERCAD_LINK_SENTENCE, { max: MAX_TINKERCAD_LINK_LENGTH });

/** An https URL on tinkercad.com or www.tinkercad.com, with no credentials and no other port. */
export function isTinkercadLink(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return (
    url.protocol === 'https:' &&
    (TINKERCAD_HOSTS as readonly string[]).includes(url.hostname) &&
    url.port === '' &&
    url.username === '' &&
    url.password === ''
  );
}

// ---------------------------------------------------------------------------------------------
// Challenge (the catalog the board manages)

/** Optional text: trimmed, and an empty field means "none" (null). */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable();

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const optionalHttpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((value) => value === '' || isHttpUrl(value), refusal(/*i18n*/ 'Enter an http:// or https:// URL.'))
  .transform((value) => (value === '' ? null : value))
  .nullable();

/**
 * Every field of the challenge form (docs/product/data.md#validation-rules), without defaults: the base
 * of create and update.
 */
const challengeFields = {
  title: z.string().trim().min(1, refusal(/*i18n*/ 'Title is required.')).max(200),
  description: z.string().trim().min(1, refusal(/*i18n*/ 'Description is required.')).max(5000),
  difficulty_level: z.enum(DIFFICULTY_LEVELS),
  grade: z.number().int().min(MIN_GRADE).max(MAX_GRADE),
  subject_pdf_url: optionalHttpUrl,
  tinkercad_class_code: optionalText(100),
  exercise_1_title: optionalText(200),
  exercise_1_description: optionalText(5000),
  exercise_2_title: optionalText(200),
  exercise_2_description: optionalText(5000),
  exercise_3_title: optionalText(200),
  exercise_3_description: optionalText(5000),
  exercise_4_title: optionalText(200),
  exercise_4_description: optionalText(5000),
  validation_threshold: z.number().int().min(0).max(MAX_CHALLENGE_AWARDED_XP),
  xp_reward: z.number().int().min(MIN_XP_REWARD).max(MAX_XP_REWARD),
  is_active: z.boolean(),
};

/**
 * The challenge form (POST /api/challenges/admin/challenges): title, description,
 * difficulty_level and grade required; the rest optional with the defaults of docs/product/api.md#business-constants.
 * Empty optional text fields become null. The admin page validates its form with it too.
 */
export const challengeFormSchema = z.object({
  ...challengeFields,
  subject_pdf_url: challengeFields.subject_pdf_url.default(null),
  tinkercad_class_code: challengeFields.tinkercad_class_code.default(null),
  exercise_1_title: challengeFields.exercise_1_title.default(null),
  exercise_1_description: challengeFields.exercise_1_description.default(null),
  exercise_2_title: challengeFields.exercise_2_title.default(null),
  exercise_2_description: challengeFields.exercise_2_description.default(null),
  exercise_3_title: challengeFields.exercise_3_title.default(null),
  exercise_3_description: challengeFields.exercise_3_description.default(null),
  exercise_4_title: challengeFields.exercise_4_title.default(null),
  exercise_4_description: challengeFields.exercise_4_description.default(null),
  validation_threshold: challengeFields.validation_threshold.default(DEFAULT_VALIDATION_THRESHOLD),
  xp_reward: challengeFields.xp_reward.default(DEFAULT_XP_REWARD),
  is_active: challengeFields.is_active.default(true),
});
export type ChallengeFormInput = z.input<typeof challengeFormSchema>;
export type ChallengeForm = z.output<typeof challengeFormSchema>;

/** PUT /api/challenges/admin/challenges/{id}: the fields to change; left-out fields keep their values. */
export const challengeUpdateSchema = z.object(challengeFields).partial();
export type ChallengeUpdate = z.output<typeof challengeUpdateSchema>;

/** A challenge of the catalog, as admins and candidates see it. */
export const challengeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  difficulty_level: z.enum(DIFFICULTY_LEVELS),
  /**
   * The same value as difficulty_level: the admin list (docs/product/data.md#entities-and-fields)
   * exposes it under this name.
   */
  difficulty: z.enum(DIFFICULTY_LEVELS),
  grade: z.number().int(),
  subject_pdf_url: z.string().nullable(),
  tinkercad_class_code: z.string().nullable(),
  exercise_1_title: z.string().nullable(),
  exercise_1_description: z.string().nullable(),
  exercise_2_title: z.string().nullable(),
  exercise_2_description: z.string().nullable(),
  exercise_3_title: z.string().nullable(),
  exercise_3_description: z.string().nullable(),
  exercise_4_title: z.string().nullable(),
  exercise_4_description: z.string().nullable(),
  /** How many of the four exercises exist (have a title). */
  exercise_count: z.number().int(),
  validation_threshold: z.number().int(),
  xp_reward: z.number().int(),
  is_active: z.boolean(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Challenge = z.infer<typeof challengeSchema>;

/**
 * A challenge as the admin saved it (POST, PUT): with `assigned_to`, how many approved candidates
 * at step 1 it was just assigned to because it became active (decision 0145).
 */
export const savedChallengeSchema = challengeSchema.extend({ assigned_to: z.number().int().min(0) });
export type SavedChallenge = z.infer<typeof savedChallengeSchema>;

/** The admin catalog and the candidates' catalog are short: one page of up to 100 holds them all. */
export const CATALOG_PAGE_SIZE = 100;
export const catalogQuerySchema = pageQuerySchema(CATALOG_PAGE_SIZE);
export const challengeListSchema = listSchema(challengeSchema);

// ---------------------------------------------------------------------------------------------
// User challenge (a challenge assigned to a candidate)

const exerciseFields = {
  exercise_1_title: z.string().nullable(),
  exercise_1_description: z.string().nullable(),
  exercise_1_tinkercad_link: z.string().nullable(),
  exercise_1_completed: z.boolean(),
  exercise_2_title: z.string().nullable(),
  exercise_2_description: z.string().nullable(),
  exercise_2_tinkercad_link: z.string().nullable(),
  exercise_2_completed: z.boolean(),
  exercise_3_title: z.string().nullable(),
  exercise_3_description: z.string().nullable(),
  exercise_3_tinkercad_link: z.string().nullable(),
  exercise_3_completed: z.boolean(),
  exercise_4_title: z.string().nullable(),
  exercise_4_description: z.string().nullable(),
  exercise_4_tinkercad_link: z.string().nullable(),
  exercise_4_completed: z.boolean(),
};

/** A user challenge as its candidate sees it: the challenge's fields flattened in, and nested. */
export const userChallengeSchema = z.object({
  id: z.number().int(),
  challenge_id: z.number().int(),
  user_id: z.number().int(),
  user: userRefSchema,
  challenge: challengeSchema,
  title: z.string(),
  description: z.string(),
  difficulty_level: z.enum(DIFFICULTY_LEVELS),
  grade: z.number().int(),
  xp_reward: z.number().int(),
  subject_pdf_url: z.string().nullable(),
  tinkercad_class_code: z.string().nullable(),
  validation_threshold: z.number().int(),
  status: z.enum(USER_CHALLENGE_STATUSES),
  /** True once validated. */
  completed: z.boolean(),
  /** 25 × completed exercises. */
  total_xp_earned: z.number().int(),
  /** What the board awarded at validation (null before). */
  awarded_xp: z.number().int().nullable(),
  completed_exercises_count: z.number().int(),
  exercise_count: z.number().int(),
  feedback: z.string().nullable(),
  started_at: isoTimestamp.nullable(),
  submitted_at: isoTimestamp.nullable(),
  validated_at: isoTimestamp.nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
  ...exerciseFields,
});
export type UserChallenge = z.infer<typeof userChallengeSchema>;

/** The same for admins, with the board's internal validation notes. */
export const adminUserChallengeSchema = userChallengeSchema.extend({
  validation_notes: z.string().nullable(),
});
export type AdminUserChallenge = z.infer<typeof adminUserChallengeSchema>;

/** GET /api/challenges/me: the candidate's challenges (by id) and their deadline. */
export const myChallengesSchema = z.object({
  data: z.array(userChallengeSchema),
  total: z.number().int(),
  /** Validated challenges: the tracker's progress is completed_count over CHALLENGES_PER_CANDIDATE. */
  completed_count: z.number().int(),
  /** The application's reviewed_at + challenge_deadline_days (null if it has no review date). */
  deadline_at: isoTimestamp.nullable(),
  deadline_passed: z.boolean(),
  /** Whole days left, rounded up; 0 once passed. */
  days_remaining: z.number().int(),
  /** The board set this candidate's deadline (docs/product/communication.md#deadline-extensions). */
  deadline_extended: z.boolean(),
  /** The candidate's request for more time, if they sent one. */
  deadline_request: z
    .object({ reason: z.string(), requested_at: isoTimestamp, answered_at: isoTimestamp.nullable() })
    .nullable(),
});
export type MyChallenges = z.infer<typeof myChallengesSchema>;

export const DEADLINE_REQUEST_REASON_MAX = 500;

/** POST /api/challenges/deadline-request: once, past the deadline, with a short reason. */
export const deadlineRequestBodySchema = z.object({
  reason: z
    .string(refusal(/*i18n*/ 'Say in a few words why you need more time.'))
    .trim()
    .min(1, refusal(/*i18n*/ 'Say in a few words why you need more time.'))
    .max(
      DEADLINE_REQUEST_REASON_MAX,
      refusal(/*i18n*/ 'A reason has at most {max} characters.', { max: DEADLINE_REQUEST_REASON_MAX }),
    ),
});
export type DeadlineRequestBody = z.input<typeof deadlineRequestBodySchema>;

/**
 * PUT /api/admin/members/{id}/challenge-deadline: a date in the future, or null for the
 * default rule (review date + challenge_deadline_days).
 */
export const challengeDeadlineBodySchema = z.object({
  deadline_at: timestampInput().nullable(),
});
export type ChallengeDeadlineBody = z.input<typeof challengeDeadlineBodySchema>;

/** A candidate's challenge deadline as it now stands. */
export const challengeDeadlineSchema = myChallengesSchema.pick({
  deadline_at: true,
  deadline_passed: true,
  days_remaining: true,
  deadline_extended: true,
  deadline_request: true,
});
export type ChallengeDeadline = z.infer<typeof challengeDeadlineSchema>;

/** POST /api/admin/members/{id}/challenges: how many challenges the candidate was given. */
export const assignedChallengesSchema = z.object({ assigned: z.number().int().min(1) });
export type AssignedChallenges = z.infer<typeof assignedChallengesSchema>;

export const userChallengeParamsSchema = z.object({ id: idTextSchema });

/** `n` outside 1-4, or naming an exercise without a title, is a 404 (docs/product/challenges.md#challenges). */
export const exerciseParamsSchema = userChallengeParamsSchema.extend({
  n: z.coerce.number().int(),
});

export const exerciseSubmitSchema = z.object({
  tinkercad_link: z
    .string()
    .trim()
    .min(1, refusal(/*i18n*/ 'Enter the Tinkercad link of your exercise.'))
    .max(MAX_TINKERCAD_LINK_LENGTH, TINKERCAD_LINK_REFUSAL)
    .refine(isTinkercadLink, TINKERCAD_LINK_REFUSAL),
});
export type ExerciseSubmit = z.infer<typeof exerciseSubmitSchema>;

// ---------------------------------------------------------------------------------------------
// Review queue (admins)

export const userChallengeListQuerySchema = pageQuerySchema().extend({
  status: z.enum(USER_CHALLENGE_STATUSES).optional(),
  /** One challenge of the catalog: the board reviews one challenge's submissions side by side. */
  challenge_id: idTextSchema.optional(),
  /** A part of the candidate's login, names or email, any case (issue 28). */
  q: z.string().trim().max(100).optional(),
});
export const adminUserChallengeListSchema = listSchema(adminUserChallengeSchema);

/** POST /api/challenges/{id}/validate (docs/product/challenges.md#challenges). */
export const validateUserChallengeSchema = z
  .object({
    status: z.enum(['validated', 'declined']),
    /** Required (non-blank) to decline; optional to validate. Shown to the candidate. */
    feedback: optionalText(2000).optional(),
    /** The board's notes, not shown to the candidate. */
    validation_notes: optionalText(2000).optional(),
    /** 0-100, defaults to the XP earned; must reach the challenge's validation threshold. */
    awarded_xp: z.number().int().min(0).max(MAX_CHALLENGE_AWARDED_XP).nullable().optional(),
  })
  .superRefine((body, context) => {
    if (body.status === 'declined' && !body.feedback) {
      context.addIssue({
        code: 'custom',
        path: ['feedback'],
        message: say(/*i18n*/ 'Feedback is required to decline a submission.'),
      });
    }
  });
export type ValidateUserChallenge = z.input<typeof validateUserChallengeSchema>;

// ---------------------------------------------------------------------------------------------
// Rules

/** GET /api/challenges/rules: the figures of docs/product/api.md#business-constants that govern challenges. */
export const challengeRulesSchema = z.object({
  challenges_per_candidate: z.number().int(),
  exercises_per_challenge: z.number().int(),
  xp_per_exercise: z.number().int(),
  max_challenge_xp: z.number().int(),
  challenges_xp_total: z.number().int(),
  default_validation_threshold: z.number().int(),
  default_xp_reward: z.number().int(),
  min_xp_reward: z.number().int(),
  max_xp_reward: z.number().int(),
  min_grade: z.number().int(),
  max_grade: z.number().int(),
  default_difficulty: z.enum(DIFFICULTY_LEVELS),
  /** The setting challenge_deadline_days in force (28 unless the board changed it). */
  deadline_days: z.number().int(),
  max_tinkercad_link_length: z.number().int(),
  tinkercad_hosts: z.array(z.string()),
});
export type ChallengeRules = z.infer<typeof challengeRulesSchema>;

/** The rules with the default deadline; the server answers the deadline setting in force. */
export const CHALLENGE_RULES: ChallengeRules = {
  challenges_per_candidate: CHALLENGES_PER_CANDIDATE,
  exercises_per_challenge: EXERCISES_PER_CHALLENGE,
  xp_per_exercise: XP_PER_EXERCISE,
  max_challenge_xp: MAX_CHALLENGE_AWARDED_XP,
  challenges_xp_total: CHALLENGES_XP_TOTAL,
  default_validation_threshold: DEFAULT_VALIDATION_THRESHOLD,
  default_xp_reward: DEFAULT_XP_REWARD,
  min_xp_reward: MIN_XP_REWARD,
  max_xp_reward: MAX_XP_REWARD,
  min_grade: MIN_GRADE,
  max_grade: MAX_GRADE,
  default_difficulty: DEFAULT_DIFFICULTY,
  deadline_days: CHALLENGE_DEADLINE_DAYS,
  max_tinkercad_link_length: MAX_TINKERCAD_LINK_LENGTH,
  tinkercad_hosts: [...TINKERCAD_HOSTS],
};
