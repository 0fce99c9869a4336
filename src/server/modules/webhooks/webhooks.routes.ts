import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { idParamsSchema } from '../../../contract/common';
import {
  createdWebhookSchema,
  deliveryListQuerySchema,
  deliveryListSchema,
  webhookInputSchema,
  webhookListSchema,
} from '../../../contract/webhooks';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createWebhooksService } from './webhooks.service';

export function registerWebhookRoutes(app: App, deps: Deps): void {
  const webhooks = createWebhooksService(deps);

  app.route({
    ...endpoint(routes.webhooks),
    schema: { response: { 200: webhookListSchema } },
    handler: async () => webhooks.list(),
  });
  app.route({
    ...endpoint(routes.createWebhook),
    schema: { body: webhookInputSchema, response: { 201: createdWebhookSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await webhooks.create(request.body, currentUser(request))),
  });
  app.route({
    ...endpoint(routes.deleteWebhook),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await webhooks.remove(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  });
  app.route({
    ...endpoint(routes.webhookDeliveries),
    schema: { params: idParamsSchema, querystring: deliveryListQuerySchema, response: { 200: deliveryListSchema } },
    handler: async (request) => webhooks.deliveries(request.params.id, request.query),
  });
}
