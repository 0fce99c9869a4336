import { idParamsSchema } from '../../../contract/common';
import {
  createdWebhookSchema,
  deliveryListQuerySchema,
  deliveryListSchema,
  webhookInputSchema,
  webhookListSchema,
} from '../../../contract/webhooks';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { createWebhooksService } from './webhooks.service';

export function registerWebhookRoutes(app: App, deps: Deps): void {
  const webhooks = createWebhooksService(deps);
  const admin = { onRequest: requireAdmin };

  app.get('/api/admin/webhooks', { ...admin, schema: { response: { 200: webhookListSchema } } }, async () =>
    webhooks.list(),
  );
  app.post(
    '/api/admin/webhooks',
    { ...admin, schema: { body: webhookInputSchema, response: { 201: createdWebhookSchema } } },
    async (request, reply) => reply.status(201).send(await webhooks.create(request.body, currentUser(request))),
  );
  app.delete('/api/admin/webhooks/:id', { ...admin, schema: { params: idParamsSchema } }, async (request, reply) => {
    await webhooks.remove(request.params.id, currentUser(request));
    return reply.status(204).send();
  });
  app.get(
    '/api/admin/webhooks/:id/deliveries',
    {
      ...admin,
      schema: { params: idParamsSchema, querystring: deliveryListQuerySchema, response: { 200: deliveryListSchema } },
    },
    async (request) => webhooks.deliveries(request.params.id, request.query),
  );
}
