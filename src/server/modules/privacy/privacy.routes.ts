import { myDataSchema } from '../../../contract/privacy';
import { routes } from '../../../contract/routes';
import type { App, Deps } from '../../deps';
import { endpoint } from '../../plugins/endpoint';
import { currentUser } from '../../plugins/session';
import { createPrivacyService } from './privacy.service';

/** A person's rights over their data (decisions §15, decision 0165). */
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
}
