import {
  clubEventBodySchema,
  clubEventListQuerySchema,
  clubEventListSchema,
  clubEventSchema,
  clubEventUpdateSchema,
} from '../../../contract/club-events';
import { idParamsSchema } from '../../../contract/common';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { createClubEventsService } from './club-events.service';

export function registerClubEventRoutes(app: App, deps: Deps): void {
  const events = createClubEventsService(deps);
  const admin = { onRequest: requireAdmin };

  // The landing page's list: anyone may read it, signed in or not.
  app.get(
    '/api/events',
    { schema: { querystring: clubEventListQuerySchema, response: { 200: clubEventListSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-cache');
      return events.upcoming(request.query);
    },
  );

  app.get(
    '/api/admin/events',
    { ...admin, schema: { querystring: clubEventListQuerySchema, response: { 200: clubEventListSchema } } },
    async (request) => events.list(request.query),
  );
  app.post(
    '/api/admin/events',
    { ...admin, schema: { body: clubEventBodySchema, response: { 201: clubEventSchema } } },
    async (request, reply) => reply.status(201).send(await events.create(request.body, currentUser(request))),
  );
  app.put(
    '/api/admin/events/:id',
    { ...admin, schema: { params: idParamsSchema, body: clubEventUpdateSchema, response: { 200: clubEventSchema } } },
    async (request) => events.update(request.params.id, request.body, currentUser(request)),
  );
  app.delete('/api/admin/events/:id', { ...admin, schema: { params: idParamsSchema } }, async (request, reply) => {
    await events.remove(request.params.id, currentUser(request));
    return reply.status(204).send();
  });
}
