import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
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
import { currentUser } from '../../plugins/session';
import { createProjectsService } from './projects.service';

/** Club projects (docs/product/settings.md#projects): members propose, admins list, view and validate. */
export function registerProjectRoutes(app: App, deps: Deps): void {
  const projects = createProjectsService(deps);

  app.route({
    ...endpoint(routes.propose),
    schema: { body: projectFormSchema, response: { 201: projectSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await projects.propose(currentUser(request), request.body)),
  });

  app.route({
    ...endpoint(routes.myProjects),
    schema: { querystring: myProjectsQuerySchema, response: { 200: projectListSchema } },
    handler: async (request) => projects.mine(currentUser(request), request.query),
  });

  app.route({
    ...endpoint(routes.projects),
    schema: { querystring: projectListQuerySchema, response: { 200: projectListSchema } },
    handler: async (request) => projects.list(request.query),
  });

  app.route({
    ...endpoint(routes.project),
    schema: { params: idParamsSchema, response: { 200: projectSchema } },
    handler: async (request) => projects.detail(request.params.id),
  });

  app.route({
    ...endpoint(routes.validateProject),
    schema: { params: idParamsSchema, body: projectValidationSchema, response: { 200: projectSchema } },
    handler: async (request) => projects.validate(currentUser(request), request.params.id, request.body),
  });
}
