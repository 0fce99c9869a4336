import { z } from 'zod';
import { csvQuerySchema, isoTimestamp, listSchema, pageQuerySchema } from './common';
import { AUDIT_LOGS_PAGE_SIZE } from './constants';

/**
 * Every `entity_type` the server writes (the type of each audit entry's, so a new one must be
 * added here): the choices of the Logs page's entity filter (docs/product.md#audit-log).
 */
export const AUDIT_ENTITY_TYPES = [
  'application',
  'challenge',
  'club_event',
  'hackathon_event',
  'hackathon_registration',
  'mail_template',
  'maintenance',
  'message',
  'project',
  'round',
  'settings',
  'team',
  'user',
  'user_challenge',
  'webhook',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

export const auditLogSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  /**
   * Blind review (decision 0136): the entry is a candidate's own about an application the reader
   * has not voted on, so who acted (`user_id`, `user_name`) and `details` are null.
   */
  actor_hidden: z.boolean(),
  created_at: isoTimestamp,
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogQuerySchema = pageQuerySchema(AUDIT_LOGS_PAGE_SIZE).extend({
  action: z.string().trim().max(100).optional(),
  // Exact. Any text is taken (another matches nothing), so a link or a filter kept from an older
  // page still answers; the known types are AUDIT_ENTITY_TYPES.
  entity_type: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe(`Exact: one of ${AUDIT_ENTITY_TYPES.join(', ')}`),
});
export const auditLogListSchema = listSchema(auditLogSchema);

/** The columns of the audit log's CSV, in order; `details` is the entry's JSON (before → after). */
export const AUDIT_CSV_COLUMNS = [
  'id',
  'created_at',
  'action',
  'entity_type',
  'entity_id',
  'user_id',
  'user_name',
  'details',
] as const;

/** GET /admin/audit-logs/export.csv: the list's filters (every entry they select, newest first) and the separator. */
export const auditLogExportQuerySchema = auditLogQuerySchema
  .omit({ limit: true, offset: true })
  .extend(csvQuerySchema.shape);
