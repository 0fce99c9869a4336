import { idParamsSchema } from '../../../contract/common';
import {
  assignBodySchema,
  assignPreviewSchema,
  assignResultSchema,
  eventBodySchema,
  eventListSchema,
  eventSchema,
  eventUpdateSchema,
  myHackathonSchema,
  publicEventListSchema,
  registerBodySchema,
  registrationListQuerySchema,
  registrationListSchema,
  registrationSchema,
  teamBodySchema,
  teamListQuerySchema,
  teamListSchema,
  teamSchema,
  teamUpdateSchema,
  unregisterQuerySchema,
} from '../../../contract/hackathon';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin, requireUser } from '../../plugins/session';
import { createHackathonEventsService } from './hackathon-events.service';
import { createHackathonTeamsService } from './hackathon-teams.service';

export function registerHackathonRoutes(app: App, deps: Deps): void {
  const events = createHackathonEventsService(deps);
  const teams = createHackathonTeamsService(deps);
  const admin = { onRequest: requireAdmin };
  const user = { onRequest: requireUser };

  app.get('/api/hackathon/events', { ...admin, schema: { response: { 200: eventListSchema } } }, async () => {
    const data = await events.listEvents();
    return { data, total: data.length };
  });
  app.post(
    '/api/hackathon/events',
    { ...admin, schema: { body: eventBodySchema, response: { 201: eventSchema } } },
    async (request, reply) => reply.status(201).send(await events.createEvent(request.body, currentUser(request))),
  );
  app.put(
    '/api/hackathon/events/:id',
    { ...admin, schema: { params: idParamsSchema, body: eventUpdateSchema, response: { 200: eventSchema } } },
    async (request) => events.updateEvent(request.params.id, request.body, currentUser(request)),
  );
  app.delete('/api/hackathon/events/:id', { ...admin, schema: { params: idParamsSchema } }, async (request, reply) => {
    await events.deleteEvent(request.params.id, currentUser(request));
    return reply.status(204).send();
  });
  app.get(
    '/api/hackathon/events/public',
    { ...user, schema: { response: { 200: publicEventListSchema } } },
    async (request) => {
      const data = await events.publicEvents(currentUser(request));
      return { data, total: data.length };
    },
  );

  app.post(
    '/api/hackathon/register',
    { ...user, schema: { body: registerBodySchema, response: { 201: registrationSchema } } },
    async (request, reply) =>
      reply.status(201).send(await events.register(currentUser(request), request.body.event_id)),
  );
  app.delete(
    '/api/hackathon/register',
    { ...user, schema: { querystring: unregisterQuerySchema } },
    async (request, reply) => {
      await events.unregister(currentUser(request), request.query.event_id);
      return reply.status(204).send();
    },
  );
  app.get('/api/hackathon/me', { ...user, schema: { response: { 200: myHackathonSchema } } }, async (request) =>
    events.mine(currentUser(request)),
  );
  app.get(
    '/api/hackathon/registrations',
    { ...admin, schema: { querystring: registrationListQuerySchema, response: { 200: registrationListSchema } } },
    async (request) => events.registrations(request.query),
  );

  app.get(
    '/api/hackathon/teams',
    { ...admin, schema: { querystring: teamListQuerySchema, response: { 200: teamListSchema } } },
    async (request) => {
      const data = await teams.list(request.query.event_id);
      return { data, total: data.length };
    },
  );
  app.post(
    '/api/hackathon/teams',
    { ...admin, schema: { body: teamBodySchema, response: { 201: teamSchema } } },
    async (request, reply) => reply.status(201).send(await teams.createTeam(request.body, currentUser(request))),
  );
  app.put(
    '/api/hackathon/teams/:id',
    { ...admin, schema: { params: idParamsSchema, body: teamUpdateSchema, response: { 200: teamSchema } } },
    async (request) => teams.updateTeam(request.params.id, request.body, currentUser(request)),
  );
  app.delete('/api/hackathon/teams/:id', { ...admin, schema: { params: idParamsSchema } }, async (request, reply) => {
    await teams.deleteTeam(request.params.id, currentUser(request));
    return reply.status(204).send();
  });
  app.get(
    '/api/hackathon/events/:id/assign-preview',
    { ...admin, schema: { params: idParamsSchema, response: { 200: assignPreviewSchema } } },
    async (request) => teams.assignPreview(request.params.id),
  );
  app.post(
    '/api/hackathon/assign',
    { ...admin, schema: { body: assignBodySchema, response: { 200: assignResultSchema } } },
    async (request) => teams.autoAssign(request.body.event_id, currentUser(request)),
  );
}
