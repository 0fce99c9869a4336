import { z } from 'zod';
import { refusal } from './i18n';
import { RETENTION_MONTHS, retentionMonthsSchema } from './settings';

/** POST /api/admin/maintenance/expired-projects: the approved projects this run marked expired. */
export const expiredProjectsResultSchema = z.object({
  expired_projects: z.number().int(),
  project_ids: z.array(z.number().int()),
});
export type ExpiredProjectsResult = z.infer<typeof expiredProjectsResultSchema>;

/** POST /api/admin/maintenance/cleanup: the expired sessions and sign-in states this run deleted. */
export const cleanupResultSchema = z.object({
  sessions_deleted: z.number().int(),
  oauth_states_deleted: z.number().int(),
});
export type CleanupResult = z.infer<typeof cleanupResultSchema>;

/**
 * GET /api/admin/maintenance/retention: `months` a value the board is about to choose (default:
 * the saved `retention_months`), read as the setting's rule reads it.
 */
export const retentionPreviewQuerySchema = z.object({
  months: z.coerce.number(refusal(RETENTION_MONTHS)).pipe(retentionMonthsSchema).optional(),
});

/** How many accounts a retention period of `months` would erase if the hourly run came now. */
export const retentionPreviewSchema = z.object({
  months: z.number().int(),
  would_erase: z.number().int(),
});
export type RetentionPreview = z.infer<typeof retentionPreviewSchema>;

/** POST /api/admin/maintenance/retention: how many accounts this run erased. */
export const retentionResultSchema = z.object({ erased: z.number().int() });
export type RetentionResult = z.infer<typeof retentionResultSchema>;
