import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { overviewQuerySchema, overviewSchema } from '../../../contract/overview';
import type { App, Deps } from '../../deps';
import { createOverviewService } from './overview.service';

export function registerOverviewRoutes(app: App, deps: Deps): void {
  const overview = createOverviewService(deps);

  app.route({
    ...endpoint(routes.overview),
    schema: { querystring: overviewQuerySchema, response: { 200: overviewSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return overview.overview(request.query);
    },
  });
}
