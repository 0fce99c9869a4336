import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import {
  clubEventBodySchema,
  clubEventListQuerySchema,
  clubEventListSchema,
  clubEventSchema,
  clubEventUpdateSchema,
} from '../../../contract/club-events';
import { idParamsSchema } from '../../../contract/common';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createClubEventsService } from './club-events.service';

export function registerClubEventRoutes(app: App, deps: Deps): void {
  const events = createClubEventsService(deps);

  // The landing page's list: anyone may read it, signed in or not.
  app.route({
    ...endpoint(routes.clubEvents),
    schema: { querystring: clubEventListQuerySchema, response: { 200: clubEventListSchema } },
    handler: async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return events.upcoming(request.query);
    },
  });

  app.route({
    ...endpoint(routes.adminClubEvents),
    schema: { querystring: clubEventListQuerySchema, response: { 200: clubEventListSchema } },
    handler: async (request) => events.list(request.query),
  });
  app.route({
    ...endpoint(routes.createClubEvent),
    schema: { body: clubEventBodySchema, response: { 201: clubEventSchema } },
    handler: async (request, reply) => reply.status(201).send(await events.create(request.body, currentUser(request))),
  });
  app.route({
    ...endpoint(routes.updateClubEvent),
    schema: { params: idParamsSchema, body: clubEventUpdateSchema, response: { 200: clubEventSchema } },
    handler: async (request) => events.update(request.params.id, request.body, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.deleteClubEvent),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await events.remove(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  });
}
