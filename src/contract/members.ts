import { z } from 'zod';
import { APPLICATION_STATUSES, JOURNEY_STEP_FILTERS, journeySummarySchema } from './applications';
import { challengeDeadlineSchema } from './challenges';
import { isoTimestamp, listSchema, pageQuerySchema } from './common';
import { ROLES, userSchema } from './users';
import { auditActionSchema } from './audit';

/** The journey steps a list filters on (-2 withdrawn … 4 member), and `none`: never applied. */
export const STEP_FILTERS = [...JOURNEY_STEP_FILTERS, 'none'] as const;
export type StepFilter = (typeof STEP_FILTERS)[number];
/** How the users list is ordered: newest first by default, or by login or campus (`-` reverses). */
export const MEMBER_SORTS = ['-created_at', 'created_at', 'login', '-login', 'campus', '-campus'] as const;
export type MemberSort = (typeof MEMBER_SORTS)[number];

export const memberListQuerySchema = pageQuerySchema().extend({
  role: z.enum(ROLES).optional(),
  /** A part of the login, the first or last name, or the email, any case. */
  q: z.string().trim().max(100).optional(),
  step: z.enum(STEP_FILTERS).optional(),
  /** The campus's name as the intra gives it, exactly. */
  campus: z.string().trim().min(1).max(100).optional(),
  sort: z.enum(MEMBER_SORTS).default('-created_at'),
  /** Banned (`true`) or not (`false`) users only, counted in `total` (decision 0115). */
  banned: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type MemberListFilter = z.output<typeof memberListQuerySchema>;
/** A user as the board's list shows them: with the journey step of their latest application (null: never applied). */
export const memberListItemSchema = userSchema.extend({ step: z.number().int().min(-2).max(4).nullable() });
export type MemberListItem = z.infer<typeof memberListItemSchema>;
export const memberListSchema = listSchema(memberListItemSchema);

/** GET /api/admin/members/campuses: the campuses the club's users come from, for the list's filter. */
export const campusListSchema = z.object({
  data: z.array(z.object({ name: z.string(), users: z.number().int() })),
});

export const memberDetailSchema = z.object({
  user: userSchema,
  recent_activity: z.array(z.object({ id: z.number().int(), action: auditActionSchema, created_at: isoTimestamp })),
  applications: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(APPLICATION_STATUSES),
      motivation: z.string(),
      experience_level: z.string(),
      github_profile: z.string().nullable(),
      review_notes: z.string().nullable(),
      reviewed_at: isoTimestamp.nullable(),
      created_at: isoTimestamp,
    }),
  ),
  /**
   * How many of the user's applications blind review keeps out of `applications` (and their
   * entries out of `recent_activity`): those the reader has not voted on (decision 0136).
   */
  hidden_applications: z.number().int().min(0),
  journey: journeySummarySchema,
  /** The challenge deadline of an approved candidate (docs/product/communication.md#deadline-extensions); null before approval. */
  challenge_deadline: challengeDeadlineSchema.nullable(),
  /**
   * How many active challenges the board's Assign challenges would give this candidate now: the
   * ones they lack, up to the number the process requires, at step 1 only (decision 0145).
   */
  assignable_challenges: z.number().int().min(0),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;

export const roleBodySchema = z.object({ role: z.enum(ROLES) });
export const banBodySchema = z.object({ is_banned: z.boolean() });
export const adminBodySchema = z.object({ is_admin: z.boolean() });
