import { idParamsSchema } from '../../../contract/common';
import { roundBodySchema, roundListSchema, roundSchema, roundUpdateSchema } from '../../../contract/rounds';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { createRoundsService } from './rounds.service';

export function registerRoundRoutes(app: App, deps: Deps): void {
  const rounds = createRoundsService(deps);
  const admin = { onRequest: requireAdmin };

  app.get('/api/admin/rounds', { ...admin, schema: { response: { 200: roundListSchema } } }, async () => rounds.list());
  app.post(
    '/api/admin/rounds',
    { ...admin, schema: { body: roundBodySchema, response: { 201: roundSchema } } },
    async (request, reply) => reply.status(201).send(await rounds.create(request.body, currentUser(request))),
  );
  app.put(
    '/api/admin/rounds/:id',
    { ...admin, schema: { params: idParamsSchema, body: roundUpdateSchema, response: { 200: roundSchema } } },
    async (request) => rounds.update(request.params.id, request.body, currentUser(request)),
  );
}
