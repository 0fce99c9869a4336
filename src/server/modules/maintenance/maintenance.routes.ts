import { cleanupResultSchema, expiredProjectsResultSchema } from '../../../contract/maintenance';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { createMaintenanceService } from './maintenance.service';

/** The maintenance jobs on demand (docs/product/settings.md#maintenance); the server also runs them every hour. */
export function registerMaintenanceRoutes(app: App, deps: Deps): void {
  const maintenance = createMaintenanceService(deps);

  app.post(
    '/api/admin/maintenance/expired-projects',
    { onRequest: requireAdmin, schema: { response: { 200: expiredProjectsResultSchema } } },
    async (request) => maintenance.expireProjects(currentUser(request)),
  );

  app.post(
    '/api/admin/maintenance/cleanup',
    { onRequest: requireAdmin, schema: { response: { 200: cleanupResultSchema } } },
    async (request) => maintenance.cleanup(currentUser(request)),
  );
}
