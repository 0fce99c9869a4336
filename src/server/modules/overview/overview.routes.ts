import { overviewQuerySchema, overviewSchema } from '../../../contract/overview';
import type { App, Deps } from '../../deps';
import { requireAdmin } from '../../plugins/session';
import { createOverviewService } from './overview.service';

export function registerOverviewRoutes(app: App, deps: Deps): void {
  const overview = createOverviewService(deps);

  app.get(
    '/api/admin/overview',
    { onRequest: requireAdmin, schema: { querystring: overviewQuerySchema, response: { 200: overviewSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return overview.overview(request.query);
    },
  );
}
