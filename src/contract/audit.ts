import { z } from 'zod';
import { isoTimestamp, listSchema, pageQuerySchema } from './common';
import { AUDIT_LOGS_PAGE_SIZE } from './constants';

export const auditLogSchema = z.object({
  id: z.number().int(),
  action: z.string(),
  entity_type: z.string(),
  entity_id: z.number().int().nullable(),
  user_id: z.number().int().nullable(),
  user_name: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  created_at: isoTimestamp,
});
export type AuditLog = z.infer<typeof auditLogSchema>;

export const auditLogQuerySchema = pageQuerySchema(AUDIT_LOGS_PAGE_SIZE).extend({
  action: z.string().trim().max(100).optional(),
  entity_type: z.string().trim().max(100).optional(),
});
export const auditLogListSchema = listSchema(auditLogSchema);
