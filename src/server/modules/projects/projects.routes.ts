import { idParamsSchema } from '../../../contract/common';
import {
  myProjectsQuerySchema,
  projectFormSchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  projectValidationSchema,
} from '../../../contract/projects';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin, requireMember } from '../../plugins/session';
import { createProjectsService } from './projects.service';

/** Club projects (docs/product/settings.md#projects): members propose, admins list, view and validate. */
export function registerProjectRoutes(app: App, deps: Deps): void {
  const projects = createProjectsService(deps);

  app.post(
    '/api/projects',
    { onRequest: requireMember, schema: { body: projectFormSchema, response: { 201: projectSchema } } },
    async (request, reply) => reply.status(201).send(await projects.propose(currentUser(request), request.body)),
  );

  app.get(
    '/api/projects/me',
    { onRequest: requireMember, schema: { querystring: myProjectsQuerySchema, response: { 200: projectListSchema } } },
    async (request) => projects.mine(currentUser(request), request.query),
  );

  app.get(
    '/api/admin/projects',
    { onRequest: requireAdmin, schema: { querystring: projectListQuerySchema, response: { 200: projectListSchema } } },
    async (request) => projects.list(request.query),
  );

  app.get(
    '/api/admin/projects/:id',
    { onRequest: requireAdmin, schema: { params: idParamsSchema, response: { 200: projectSchema } } },
    async (request) => projects.detail(request.params.id),
  );

  app.put(
    '/api/admin/projects/:id/validate',
    {
      onRequest: requireAdmin,
      schema: { params: idParamsSchema, body: projectValidationSchema, response: { 200: projectSchema } },
    },
    async (request) => projects.validate(currentUser(request), request.params.id, request.body),
  );
}
