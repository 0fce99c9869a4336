import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import {
  cleanupResultSchema,
  expiredProjectsResultSchema,
  retentionPreviewQuerySchema,
  retentionPreviewSchema,
  retentionResultSchema,
} from '../../../contract/maintenance';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createMaintenanceService } from './maintenance.service';

/** The maintenance jobs on demand (docs/product/settings.md#maintenance); the server also runs them every hour. */
export function registerMaintenanceRoutes(app: App, deps: Deps): void {
  const maintenance = createMaintenanceService(deps);

  app.route({
    ...endpoint(routes.expireProjects),
    schema: { response: { 200: expiredProjectsResultSchema } },
    handler: async (request) => maintenance.expireProjects(currentUser(request)),
  });

  app.route({
    ...endpoint(routes.cleanUp),
    schema: { response: { 200: cleanupResultSchema } },
    handler: async (request) => maintenance.cleanup(currentUser(request)),
  });

  app.route({
    ...endpoint(routes.retentionPreview),
    schema: { querystring: retentionPreviewQuerySchema, response: { 200: retentionPreviewSchema } },
    handler: async (request) => maintenance.previewRetention(request.query.months),
  });

  app.route({
    ...endpoint(routes.runRetention),
    schema: { response: { 200: retentionResultSchema } },
    handler: async (request) => maintenance.applyRetention(currentUser(request)),
  });
}
