import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { idParamsSchema } from '../../../contract/common';
import {
  adminMessageListQuerySchema,
  adminMessageListSchema,
  audienceCountSchema,
  audiencePreviewSchema,
  messageInputSchema,
  myMessagesSchema,
  sentMessageSchema,
} from '../../../contract/messages';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createMessagesService } from './messages.service';

export function registerMessageRoutes(app: App, deps: Deps): void {
  const messages = createMessagesService(deps);

  app.route({
    ...endpoint(routes.sendMessage),
    schema: { body: messageInputSchema, response: { 201: sentMessageSchema } },
    handler: async (request, reply) => reply.status(201).send(await messages.send(request.body, currentUser(request))),
  });
  app.route({
    ...endpoint(routes.messageAudienceCount),
    schema: { body: audiencePreviewSchema, response: { 200: audienceCountSchema } },
    handler: async (request) => messages.preview(request.body),
  });
  app.route({
    ...endpoint(routes.undoMessage),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await messages.undo(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  });
  app.route({
    ...endpoint(routes.sentMessages),
    schema: { querystring: adminMessageListQuerySchema, response: { 200: adminMessageListSchema } },
    handler: async (request) => messages.sent(request.query),
  });
  app.route({
    ...endpoint(routes.myMessages),
    schema: { response: { 200: myMessagesSchema } },
    handler: async (request) => messages.mine(currentUser(request)),
  });
  app.route({
    ...endpoint(routes.readMessage),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await messages.markRead(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  });
}
