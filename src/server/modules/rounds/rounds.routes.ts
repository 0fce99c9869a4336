import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { idParamsSchema } from '../../../contract/common';
import { roundBodySchema, roundListSchema, roundSchema, roundUpdateSchema } from '../../../contract/rounds';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createRoundsService } from './rounds.service';

export function registerRoundRoutes(app: App, deps: Deps): void {
  const rounds = createRoundsService(deps);

  app.route({
    ...endpoint(routes.rounds),
    schema: { response: { 200: roundListSchema } },
    handler: async () => rounds.list(),
  });
  app.route({
    ...endpoint(routes.createRound),
    schema: { body: roundBodySchema, response: { 201: roundSchema } },
    handler: async (request, reply) => reply.status(201).send(await rounds.create(request.body, currentUser(request))),
  });
  app.route({
    ...endpoint(routes.updateRound),
    schema: { params: idParamsSchema, body: roundUpdateSchema, response: { 200: roundSchema } },
    handler: async (request) => rounds.update(request.params.id, request.body, currentUser(request)),
  });
}
