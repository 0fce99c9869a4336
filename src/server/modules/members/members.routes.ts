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
import { currentUser, requireAdmin } from '../../plugins/session';
import { createMembersService } from './members.service';

/**
 * The admin's members API (docs/product/api.md#api-calls); the lock-out guards
 * (docs/product/identity.md#identity-roles-and-sessions) live in the service.
 */
export function registerMemberRoutes(app: App, deps: Deps): void {
  const members = createMembersService(deps);
  const guarded = { onRequest: requireAdmin };

  app.get(
    '/api/admin/members',
    { ...guarded, schema: { querystring: memberListQuerySchema, response: { 200: memberListSchema } } },
    async (request) => members.list(request.query),
  );

  app.get('/api/admin/members/campuses', { ...guarded, schema: { response: { 200: campusListSchema } } }, async () =>
    members.campuses(),
  );

  app.get(
    '/api/admin/members/:id',
    { ...guarded, schema: { params: idParamsSchema, response: { 200: memberDetailSchema } } },
    async (request) => members.detail(request.params.id, currentUser(request)),
  );

  app.put(
    '/api/admin/members/:id/role',
    { ...guarded, schema: { params: idParamsSchema, body: roleBodySchema, response: { 200: userSchema } } },
    async (request) => members.setRole(request.params.id, request.body.role, currentUser(request)),
  );

  app.put(
    '/api/admin/members/:id/ban',
    { ...guarded, schema: { params: idParamsSchema, body: banBodySchema, response: { 200: userSchema } } },
    async (request) => members.setBanned(request.params.id, request.body.is_banned, currentUser(request)),
  );

  app.put(
    '/api/admin/members/:id/admin',
    { ...guarded, schema: { params: idParamsSchema, body: adminBodySchema, response: { 200: userSchema } } },
    async (request) => members.setAdmin(request.params.id, request.body.is_admin, currentUser(request)),
  );

  app.delete('/api/admin/members/:id', { ...guarded, schema: { params: idParamsSchema } }, async (request, reply) => {
    await members.remove(request.params.id, currentUser(request));
    return reply.status(204).send();
  });
}
