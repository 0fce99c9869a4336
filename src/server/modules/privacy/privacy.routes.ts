import { eraseMyAccountBodySchema, myDataSchema } from '../../../contract/privacy';
import { routes } from '../../../contract/routes';
import type { App, Deps } from '../../deps';
import { endpoint } from '../../plugins/endpoint';

import { clearSessionCookie, currentUser } from '../../plugins/session';
import { createPrivacyService } from './privacy.service';

/** A person's rights over their data (decisions §15, decisions 0165 and 0166). */
export function registerPrivacyRoutes(app: App, deps: Deps): void {
  const privacy = createPrivacyService(deps);

  app.route({
    ...endpoint(routes.exportMyData),
    schema: { response: { 200: myDataSchema } },
    handler: async (request, reply) => {
      const user = currentUser(request);
      const data = await privacy.exportMyData(user.id);
      const day = data.exported_at.slice(0, 10);
      return reply
        .header('content-disposition', `attachment; filename="robotics-club-${user.intra_login}-${day}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  });

  app.route({
    ...endpoint(routes.eraseMyAccount),
    schema: { body: eraseMyAccountBodySchema },
    handler: async (request, reply) => {
      await privacy.eraseMyAccount(currentUser(request), request.body.confirm);
      clearSessionCookie(reply, deps);
      return reply.status(204).send();
    },
  });
}
