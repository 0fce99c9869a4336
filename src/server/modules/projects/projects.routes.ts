import type { FastifyRequest } from 'fastify';
import { idParamsSchema } from '../../../contract/common';
import {
  myProjectsQuerySchema,
  PROJECT_ROLES,
  projectFormSchema,
  projectListQuerySchema,
  projectListSchema,
  projectSchema,
  projectValidationSchema,
} from '../../../contract/projects';
import type { App, Deps } from '../../deps';
import { forbidden } from '../../errors';
import { currentUser, requireAdmin, requireUser } from '../../plugins/session';
import { createProjectsService } from './projects.service';

/**
 * Guard: a club member (role member or board). It runs on request, like the other guards, so a
 * candidate is refused before their body is even read.
 */
async function requireMember(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!(PROJECT_ROLES as readonly string[]).includes(request.user!.role)) {
    throw forbidden('Projects are for club members: they open once the board has approved your membership.');
  }
}

/** Club projects of decisions §8: members propose, admins list, view and validate. */
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
