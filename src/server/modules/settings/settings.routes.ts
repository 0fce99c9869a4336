import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { publicSettingsSchema, settingsResponseSchema, settingsUpdateSchema } from '../../../contract/settings';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createSettingsService } from './settings.service';

export function registerSettingsRoutes(app: App, deps: Deps): void {
  const settings = createSettingsService(deps);

  // The club's public content (contact, board, sponsors, who may apply): read by the public pages, no sign-in.
  app.route({
    ...endpoint(routes.publicSettings),
    schema: { response: { 200: publicSettingsSchema } },
    handler: async (_request, reply) => {
      // Revalidated on every visit: a change the board saves shows at once, without a deploy.
      reply.header('cache-control', 'no-cache');
      return settings.readPublic();
    },
  });

  app.route({
    ...endpoint(routes.settings),
    schema: { response: { 200: settingsResponseSchema } },
    handler: async () => ({ settings: await settings.read() }),
  });

  app.route({
    ...endpoint(routes.saveSettings),
    schema: { body: settingsUpdateSchema, response: { 200: settingsResponseSchema } },
    handler: async (request) => ({ settings: await settings.update(request.body.settings, currentUser(request)) }),
  });
}
