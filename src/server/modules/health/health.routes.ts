import { healthSchema } from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/errors';
import { pingDatabase } from '../../db/database';
import type { App, Deps } from '../../deps';

export function registerHealthRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema, 503: errorBodySchema } } },
    async (request, reply) => {
      try {
        await pingDatabase(deps.db);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .send({ error: 'The database is not reachable.', code: 'UNAVAILABLE' as const });
      }
      return reply.header('cache-control', 'no-store').send({ status: 'ok' as const });
    },
  );
}
