import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { idParamsSchema } from '../../../contract/common';
import {
  adminBodySchema,
  banBodySchema,
  campusListSchema,
  memberDetailSchema,
  memberListQuerySchema,
  memberListSchema,
  roleBodySchema,
} from '../../../contract/members';
import { userSchema } from '../../../contract/users';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createMembersService } from './members.service';

/**
 * The admin's members API (docs/product/api.md#api-calls); the lock-out guards
 * (docs/product/identity.md#identity-roles-and-sessions) live in the service.
 */
export function registerMemberRoutes(app: App, deps: Deps): void {
  const members = createMembersService(deps);

  app.route({
    ...endpoint(routes.members),
    schema: { querystring: memberListQuerySchema, response: { 200: memberListSchema } },
    handler: async (request) => members.list(request.query),
  });

  app.route({
    ...endpoint(routes.campuses),
    schema: { response: { 200: campusListSchema } },
    handler: async () => members.campuses(),
  });

  app.route({
    ...endpoint(routes.member),
    schema: { params: idParamsSchema, response: { 200: memberDetailSchema } },
    handler: async (request) => members.detail(request.params.id, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.setMemberRole),
    schema: { params: idParamsSchema, body: roleBodySchema, response: { 200: userSchema } },
    handler: async (request) => members.setRole(request.params.id, request.body.role, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.setMemberBan),
    schema: { params: idParamsSchema, body: banBodySchema, response: { 200: userSchema } },
    handler: async (request) => members.setBanned(request.params.id, request.body.is_banned, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.setMemberAdmin),
    schema: { params: idParamsSchema, body: adminBodySchema, response: { 200: userSchema } },
    handler: async (request) => members.setAdmin(request.params.id, request.body.is_admin, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.deleteMember),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await members.remove(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  });
}
