import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { preferencesBodySchema, userSchema } from '../../../contract/users';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createUsersService } from './users.service';

/** What signed-in users set for themselves (docs/decisions/0128-languages.md). */
export function registerUserRoutes(app: App, deps: Deps): void {
  const users = createUsersService(deps);

  app.route({
    ...endpoint(routes.setMyPreferences),
    schema: { body: preferencesBodySchema, response: { 200: userSchema } },
    handler: async (request) => users.setLocale(currentUser(request).id, request.body.locale),
  });
}
