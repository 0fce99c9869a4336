import { z } from 'zod';
import { idParamsSchema, isoTimestamp, listSchema, pageQuerySchema } from './common';
import { userRefSchema } from './users';
import { refusal, say, type Sentence } from './i18n';

export const PROJECT_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const;
export type ProjectStatus = (typeof PROJECT_STATUSES)[number];

export const PROJECT_STATUS_LABELS: Record<ProjectStatus, Sentence> = {
  pending: /*i18n*/ 'Pending review',
  approved: /*i18n*/ 'Approved',
  rejected: /*i18n*/ 'Rejected',
  expired: /*i18n*/ 'Expired',
};

/** What an admin may decide about a pending project. */
export const PROJECT_DECISIONS = ['approved', 'rejected'] as const;
export type ProjectDecision = (typeof PROJECT_DECISIONS)[number];

export const PROJECT_TITLE_MAX = 200;
export const PROJECT_DESCRIPTION_MAX = 5000;
export const PROJECT_NOTES_MAX = 2000;
export const PROJECT_DEADLINE_MESSAGE: Sentence = /*i18n*/ 'The deadline must be in the future.';
const DEADLINE_FORMAT_MESSAGE: Sentence =
  /*i18n*/ 'The deadline must be an ISO 8601 date and time, e.g. 2030-01-31T18:00:00.000Z.';

/** The project roles: only club members (role member or board) propose projects. */
export const PROJECT_ROLES = ['member', 'board'] as const;

/**
 * An ISO 8601 timestamp with its offset, stored as UTC (`...Z`) so that both engines compare it
 * as text and as time alike. A bare date means the end of that day (UTC).
 */
const deadline = z.union([isoTimestamp, z.iso.date()], refusal(DEADLINE_FORMAT_MESSAGE)).transform((value, context) => {
  const time = new Date(value.length === 10 ? `${value}T23:59:59.999Z` : value);
  // An offset can push 9999-12-31 into year 10000, which neither the API's format nor PostgreSQL takes.
  if (time.getUTCFullYear() > 9999) {
    context.issues.push({ code: 'custom', input: value, message: say(DEADLINE_FORMAT_MESSAGE) });
    return z.NEVER;
  }
  return time.toISOString();
});

/**
 * POST /api/projects: what a member proposes. The deadline is optional; when given it must be in
 * the future, which the server checks against its clock and the page against the browser's
 * (`isFutureDeadline`).
 */
export const projectFormSchema = z.object({
  title: z
    .string(refusal(/*i18n*/ 'Title is required.'))
    .trim()
    .min(1, refusal(/*i18n*/ 'Title is required.'))
    .max(
      PROJECT_TITLE_MAX,
      refusal(/*i18n*/ 'Title is too long ({max} characters at most).', { max: PROJECT_TITLE_MAX }),
    ),
  description: z
    .string(refusal(/*i18n*/ 'Description is required.'))
    .trim()
    .min(1, refusal(/*i18n*/ 'Description is required.'))
    .max(
      PROJECT_DESCRIPTION_MAX,
      refusal(/*i18n*/ 'Description is too long ({max} characters at most).', { max: PROJECT_DESCRIPTION_MAX }),
    ),
  deadline: deadline.nullish().transform((value) => value ?? null),
});
export type ProjectFormInput = z.input<typeof projectFormSchema>;
export type ProjectForm = z.output<typeof projectFormSchema>;

export const isFutureDeadline = (deadlineIso: string | null, now: Date): boolean =>
  deadlineIso === null || Date.parse(deadlineIso) > now.getTime();

/** PUT /api/admin/projects/{id}/validate: approve or reject a pending project, with optional notes. */
export const projectValidationSchema = z.object({
  status: z.enum(PROJECT_DECISIONS, refusal(/*i18n*/ 'Status must be approved or rejected.')),
  validation_notes: z
    .string()
    .trim()
    .max(
      PROJECT_NOTES_MAX,
      refusal(/*i18n*/ 'Notes are too long ({max} characters at most).', { max: PROJECT_NOTES_MAX }),
    )
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type ProjectValidation = z.input<typeof projectValidationSchema>;

/** A project as its owner and the admins see it. */
export const projectSchema = z.object({
  id: z.number().int(),
  owner_id: z.number().int(),
  owner: userRefSchema,
  title: z.string(),
  description: z.string(),
  deadline: isoTimestamp.nullable(),
  status: z.enum(PROJECT_STATUSES),
  /** The board's answer to the proposal: the owner reads it too. */
  validation_notes: z.string().nullable(),
  validated_at: isoTimestamp.nullable(),
  validated_by: z.number().int().nullable(),
  /** Who decided; null before a decision or once that admin's account is deleted. */
  validator: z.object({ id: z.number().int(), intra_login: z.string() }).nullable(),
  created_at: isoTimestamp,
  updated_at: isoTimestamp,
});
export type Project = z.infer<typeof projectSchema>;

export const projectListSchema = listSchema(projectSchema);

/** GET /api/projects/me: the member's own projects, newest first. */
export const myProjectsQuerySchema = pageQuerySchema();

/** GET /api/admin/projects: newest first, filtered by status, owner, and a substring of the owner's login. */
export const projectListQuerySchema = pageQuerySchema().extend({
  status: z.enum(PROJECT_STATUSES).optional(),
  owner_id: idParamsSchema.shape.id.optional(),
  q: z.string().trim().max(100).optional(),
});
export type ProjectListQuery = z.input<typeof projectListQuerySchema>;
