import { z } from 'zod';

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
