import { publicSettingsSchema, settingsResponseSchema, settingsUpdateSchema } from '../../../contract/settings';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { createSettingsService } from './settings.service';

export function registerSettingsRoutes(app: App, deps: Deps): void {
  const settings = createSettingsService(deps);

  // The club's public content (contact, board, sponsors, who may apply): read by the public pages, no sign-in.
  app.get('/api/settings/public', { schema: { response: { 200: publicSettingsSchema } } }, async (_request, reply) => {
    // Revalidated on every visit: a change the board saves shows at once, without a deploy.
    reply.header('cache-control', 'no-cache');
    return settings.readPublic();
  });

  app.get(
    '/api/admin/settings',
    { onRequest: requireAdmin, schema: { response: { 200: settingsResponseSchema } } },
    async () => ({ settings: await settings.read() }),
  );

  app.put(
    '/api/admin/settings',
    { onRequest: requireAdmin, schema: { body: settingsUpdateSchema, response: { 200: settingsResponseSchema } } },
    async (request) => ({ settings: await settings.update(request.body.settings, currentUser(request)) }),
  );
}
