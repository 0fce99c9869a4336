import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { healthSchema } from '../../../contract/auth';
import { errorBodySchema } from '../../../contract/errors';
import type { Sentence } from '../../../contract/i18n';
import { pingDatabase } from '../../db/database';
import type { App, Deps } from '../../deps';
import { answerLocale, speaking, tell } from '../../i18n';
import type { IntraStatus } from '../auth';

const UNREACHABLE: Sentence = /*i18n*/ 'The database is not reachable.';

export function registerHealthRoutes(app: App, deps: Deps, intraStatus: IntraStatus): void {
  app.route({
    ...endpoint(routes.health),
    schema: { response: { 200: healthSchema, 503: errorBodySchema } },
    handler: async (request, reply) => {
      let intra;
      try {
        await pingDatabase(deps.db);
        intra = await intraStatus.read();
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        // Answered here, not thrown: the error handler would log it a second time. In the asker's
        // language like every other error (docs/decisions/0128-languages.md): the health page shows it.
        return reply
          .status(503)
          .header('cache-control', 'no-store')
          .send({ error: speaking(answerLocale(request), () => tell(UNREACHABLE)), code: 'UNAVAILABLE' as const });
      }
      return reply.header('cache-control', 'no-store').send({
        status: intra.credentialsRefused ? 'degraded' : 'ok',
        ...(intra.credentialsRefused && { intra: 'credentials_refused' as const }),
        ...(intra.secretExpiresAt && { intra_secret_expires_at: intra.secretExpiresAt }),
      });
    },
  });
}
