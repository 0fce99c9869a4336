import { z } from 'zod';
import { APPLICATION_STATUSES, journeySummarySchema } from './applications';
import { challengeDeadlineSchema } from './challenges';
import { isoTimestamp, listSchema, pageQuerySchema } from './common';
import { ROLES, userSchema } from './users';
import { auditActionSchema } from './audit';

export const memberListQuerySchema = pageQuerySchema().extend({
  role: z.enum(ROLES).optional(),
  q: z.string().trim().max(100).optional(),
  /** Banned (`true`) or not (`false`) users only, counted in `total` (decision 0115). */
  banned: z
    .enum(['true', 'false'])
    .transform((value) => value === 'true')
    .optional(),
});
export type MemberListFilter = z.output<typeof memberListQuerySchema>;
export const memberListSchema = listSchema(userSchema);

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
