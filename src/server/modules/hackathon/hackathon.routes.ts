import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { idParamsSchema } from '../../../contract/common';
import {
  assignBodySchema,
  assignPreviewQuerySchema,
  assignPreviewSchema,
  assignResultSchema,
  checkInBodySchema,
  checkInParamsSchema,
  checkInSchema,
  eventBodySchema,
  eventListSchema,
  eventSchema,
  eventUpdateSchema,
  judgeListSchema,
  judgesBodySchema,
  judgingSchema,
  rubricBodySchema,
  rubricSchema,
  scoreBodySchema,
  scoreSchema,
  teamProjectBodySchema,
  teamProjectSchema,
  judgingEventListSchema,
  myHackathonSchema,
  publicEventListSchema,
  resultsSchema,
  registerBodySchema,
  registrationListQuerySchema,
  registrationListSchema,
  registrationSchema,
  teamBodySchema,
  teamListQuerySchema,
  teamListSchema,
  teamMemberParamsSchema,
  teamSchema,
  teamSeatSchema,
  teamUpdateSchema,
  unregisterQuerySchema,
} from '../../../contract/hackathon';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createHackathonDayService } from './hackathon-day.service';
import { createHackathonEventsService } from './hackathon-events.service';
import { createHackathonJudgingService } from './hackathon-judging.service';
import { createHackathonResultsService } from './hackathon-results.service';
import { createHackathonTeamsService } from './hackathon-teams.service';

export function registerHackathonRoutes(app: App, deps: Deps): void {
  const events = createHackathonEventsService(deps);
  const teams = createHackathonTeamsService(deps);
  const day = createHackathonDayService(deps);
  const judging = createHackathonJudgingService(deps);
  const results = createHackathonResultsService(deps, teams);

  app.route({
    ...endpoint(routes.hackathonEvents),
    schema: { response: { 200: eventListSchema } },
    handler: async () => {
      const data = await events.listEvents();
      return { data, total: data.length };
    },
  });
  app.route({
    ...endpoint(routes.createHackathonEvent),
    schema: { body: eventBodySchema, response: { 201: eventSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await events.createEvent(request.body, currentUser(request))),
  });
  app.route({
    ...endpoint(routes.updateHackathonEvent),
    schema: { params: idParamsSchema, body: eventUpdateSchema, response: { 200: eventSchema } },
    handler: async (request) => events.updateEvent(request.params.id, request.body, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.deleteHackathonEvent),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await events.deleteEvent(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  });
  app.route({
    ...endpoint(routes.openHackathonEvents),
    schema: { response: { 200: publicEventListSchema } },
    handler: async (request) => {
      const data = await events.publicEvents(currentUser(request));
      return { data, total: data.length };
    },
  });

  app.route({
    ...endpoint(routes.registerForHackathon),
    schema: { body: registerBodySchema, response: { 201: registrationSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await events.register(currentUser(request), request.body.event_id)),
  });
  app.route({
    ...endpoint(routes.unregisterFromHackathon),
    schema: { querystring: unregisterQuerySchema },
    handler: async (request, reply) => {
      await events.unregister(currentUser(request), request.query.event_id);
      return reply.status(204).send();
    },
  });
  app.route({
    ...endpoint(routes.myHackathon),
    schema: { response: { 200: myHackathonSchema } },
    handler: async (request) => events.mine(currentUser(request)),
  });
  app.route({
    ...endpoint(routes.registrations),
    schema: { querystring: registrationListQuerySchema, response: { 200: registrationListSchema } },
    handler: async (request) => events.registrations(request.query),
  });

  app.route({
    ...endpoint(routes.teams),
    schema: { querystring: teamListQuerySchema, response: { 200: teamListSchema } },
    handler: async (request) => {
      const data = await teams.list(request.query.event_id);
      return { data, total: data.length };
    },
  });
  app.route({
    ...endpoint(routes.createTeam),
    schema: { body: teamBodySchema, response: { 201: teamSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await teams.createTeam(request.body, currentUser(request))),
  });
  app.route({
    ...endpoint(routes.updateTeam),
    schema: { params: idParamsSchema, body: teamUpdateSchema, response: { 200: teamSchema } },
    handler: async (request) => teams.updateTeam(request.params.id, request.body, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.deleteTeam),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await teams.deleteTeam(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  });
  app.route({
    ...endpoint(routes.seatTeamMember),
    schema: { params: teamMemberParamsSchema, response: { 200: teamSeatSchema } },
    handler: async (request) => teams.seatMember(request.params.id, request.params.user_id, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.unseatTeamMember),
    schema: { params: teamMemberParamsSchema, response: { 200: teamSchema } },
    handler: async (request) => teams.unseatMember(request.params.id, request.params.user_id, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.assignPreview),
    schema: { params: idParamsSchema, querystring: assignPreviewQuerySchema, response: { 200: assignPreviewSchema } },
    handler: async (request) =>
      teams.assignPreview(request.params.id, { checkedInOnly: request.query.checked_in_only ?? false }),
  });
  app.route({
    ...endpoint(routes.assignTeams),
    schema: { body: assignBodySchema, response: { 200: assignResultSchema } },
    handler: async (request) =>
      teams.autoAssign(request.body.event_id, currentUser(request), { checkedInOnly: request.body.checked_in_only }),
  });

  app.route({
    ...endpoint(routes.hackathonJudges),
    schema: { params: idParamsSchema, response: { 200: judgeListSchema } },
    handler: async (request) => day.judges(request.params.id),
  });
  app.route({
    ...endpoint(routes.setHackathonJudges),
    schema: { params: idParamsSchema, body: judgesBodySchema, response: { 200: judgeListSchema } },
    handler: async (request) => day.setJudges(request.params.id, request.body.user_ids, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.judgingEvents),
    schema: { response: { 200: judgingEventListSchema } },
    handler: async (request) => day.judgingEvents(currentUser(request)),
  });
  app.route({
    ...endpoint(routes.checkIn),
    schema: { params: idParamsSchema, body: checkInBodySchema, response: { 200: checkInSchema } },
    handler: async (request) => day.checkIn(request.params.id, request.body.code, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.undoCheckIn),
    schema: { params: checkInParamsSchema },
    handler: async (request, reply) => {
      await day.undoCheckIn(request.params.id, request.params.registration_id, currentUser(request));
      return reply.status(204).send();
    },
  });

  app.route({
    ...endpoint(routes.saveTeamProject),
    schema: { params: idParamsSchema, body: teamProjectBodySchema, response: { 200: teamProjectSchema } },
    handler: async (request) => judging.saveProject(request.params.id, request.body, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.hackathonRubric),
    schema: { params: idParamsSchema, response: { 200: rubricSchema } },
    handler: async (request) => judging.rubric(request.params.id, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.setHackathonRubric),
    schema: { params: idParamsSchema, body: rubricBodySchema, response: { 200: rubricSchema } },
    handler: async (request) => judging.setRubric(request.params.id, request.body, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.scoreHackathonTeam),
    schema: { params: idParamsSchema, body: scoreBodySchema, response: { 200: scoreSchema } },
    handler: async (request) => judging.score(request.params.id, request.body, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.hackathonJudging),
    schema: { params: idParamsSchema, response: { 200: judgingSchema } },
    handler: async (request) => judging.judging(request.params.id, currentUser(request)),
  });
  app.route({
    ...endpoint(routes.hackathonResults),
    schema: { params: idParamsSchema, response: { 200: resultsSchema } },
    handler: async (request) => results.results(request.params.id),
  });
  app.route({
    ...endpoint(routes.publishHackathonResults),
    schema: { params: idParamsSchema, response: { 200: resultsSchema } },
    handler: async (request) => results.publish(request.params.id, currentUser(request)),
  });
}
