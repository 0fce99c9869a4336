import { z } from 'zod';
import { csvQuerySchema, isoTimestamp, listSchema, pageQuerySchema } from './common';
import { AUDIT_LOGS_PAGE_SIZE } from './constants';
import type { Sentence } from './i18n';

/**
 * Every `entity_type` the server writes (the type of each audit entry's, so a new one must be
 * added here): the choices of the Logs page's entity filter (docs/product/audit.md#audit-log).
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

/**
 * Every action the server writes in the audit log (the type of each entry's `action`, so a new
 * one must be added here), with what it is called where people read it (the Logs page, a member's
 * recent activity), translated in the contract's catalogs. The stored key (`user.banned`) stays
 * what the filter, the CSV and the API use. audit-actions.test.ts holds this list to the server's
 * writes, both ways.
 */
export const AUDIT_ACTION_LABELS = {
  'application.approved': /*i18n*/ 'Application approved',
  'application.deadline_changed': /*i18n*/ 'Challenge deadline changed',
  'application.deadline_requested': /*i18n*/ 'More time requested',
  'application.decision_undone': /*i18n*/ 'Decision undone',
  'application.declined': /*i18n*/ 'Application declined',
  'application.submitted': /*i18n*/ 'Application submitted',
  'application.updated': /*i18n*/ 'Application edited',
  'application.voted': /*i18n*/ 'Vote cast',
  'application.withdrawn': /*i18n*/ 'Application withdrawn',
  'auth.sign_in': /*i18n*/ 'Signed in',
  'auth.sign_out': /*i18n*/ 'Signed out',
  'challenge.assigned': /*i18n*/ 'Challenges assigned',
  'challenge.created': /*i18n*/ 'Challenge created',
  'challenge.declined': /*i18n*/ 'Challenge declined',
  'challenge.deleted': /*i18n*/ 'Challenge deleted',
  'challenge.exercise_submitted': /*i18n*/ 'Exercise submitted',
  'challenge.started': /*i18n*/ 'Challenge started',
  'challenge.submitted': /*i18n*/ 'Challenge submitted',
  'challenge.updated': /*i18n*/ 'Challenge edited',
  'challenge.validated': /*i18n*/ 'Challenge validated',
  'club_event.created': /*i18n*/ 'Event created',
  'club_event.deleted': /*i18n*/ 'Event deleted',
  'club_event.updated': /*i18n*/ 'Event edited',
  'hackathon.event_created': /*i18n*/ 'Hackathon created',
  'hackathon.event_deleted': /*i18n*/ 'Hackathon deleted',
  'hackathon.check_in_undone': /*i18n*/ 'Check-in undone',
  'hackathon.checked_in': /*i18n*/ 'Checked in at the hackathon',
  'hackathon.event_updated': /*i18n*/ 'Hackathon edited',
  'hackathon.judges_set': /*i18n*/ 'Hackathon judges named',
  'hackathon.project_saved': /*i18n*/ 'Team project saved',
  'hackathon.results_published': /*i18n*/ 'Hackathon results published',
  'hackathon.rubric_set': /*i18n*/ 'Judging criteria set',
  'hackathon.scored': /*i18n*/ 'Team scored',
  'hackathon.registered': /*i18n*/ 'Registered for the hackathon',
  'hackathon.unregistered': /*i18n*/ 'Left the hackathon',
  'mail_template.restored': /*i18n*/ 'Email template restored',
  'mail_template.saved': /*i18n*/ 'Email template saved',
  'maintenance.cleanup': /*i18n*/ 'Maintenance cleanup',
  'maintenance.retention': /*i18n*/ 'Retention period applied',
  'message.sent': /*i18n*/ 'Message sent',
  'message.undone': /*i18n*/ 'Message taken back',
  'project.approved': /*i18n*/ 'Project approved',
  'project.expired': /*i18n*/ 'Project expired',
  'project.proposed': /*i18n*/ 'Project proposed',
  'project.rejected': /*i18n*/ 'Project rejected',
  'round.created': /*i18n*/ 'Round opened',
  'round.updated': /*i18n*/ 'Round changed',
  'settings.image_uploaded': /*i18n*/ 'Image uploaded',
  'settings.updated': /*i18n*/ 'Settings changed',
  'team.auto_assigned': /*i18n*/ 'Teams auto-assigned',
  'team.created': /*i18n*/ 'Team created',
  'team.deleted': /*i18n*/ 'Team deleted',
  'team.member_seated': /*i18n*/ 'Team member seated',
  'team.member_unseated': /*i18n*/ 'Team member taken out',
  'team.updated': /*i18n*/ 'Team edited',
  'team.xp_awarded': /*i18n*/ 'Team XP awarded',
  'user.admin_granted': /*i18n*/ 'Admin rights granted',
  'user.admin_revoked': /*i18n*/ 'Admin rights removed',
  'user.banned': /*i18n*/ 'User banned',
  'user.erased': /*i18n*/ 'Account erased',
  'user.role_changed': /*i18n*/ 'Role changed',
  'user.unbanned': /*i18n*/ 'User unbanned',
  'webhook.created': /*i18n*/ 'Webhook created',
  'webhook.deleted': /*i18n*/ 'Webhook deleted',
} as const satisfies Record<string, Sentence>;
export type AuditAction = keyof typeof AUDIT_ACTION_LABELS;
export const AUDIT_ACTIONS = Object.keys(AUDIT_ACTION_LABELS) as [AuditAction, ...AuditAction[]];
export const auditActionSchema = z.enum(AUDIT_ACTIONS);

export const auditLogSchema = z.object({
  id: z.number().int(),
  action: auditActionSchema,
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
