import { publicSettingsSchema } from '../../../contract/settings';
import type { App, Deps } from '../../deps';
import { readSettings } from './settings.repository';

/** The club's public content (contact, board, sponsors): read by the public pages, no sign-in. */
export function registerSettingsRoutes(app: App, deps: Deps): void {
  app.get('/api/settings/public', { schema: { response: { 200: publicSettingsSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
    return readSettings(deps.db);
  });
}
