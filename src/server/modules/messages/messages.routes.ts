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
import { currentUser, requireAdmin, requireUser } from '../../plugins/session';
import { createMessagesService } from './messages.service';

export function registerMessageRoutes(app: App, deps: Deps): void {
  const messages = createMessagesService(deps);

  app.post(
    '/api/admin/messages',
    { onRequest: requireAdmin, schema: { body: messageInputSchema, response: { 201: sentMessageSchema } } },
    async (request, reply) => reply.status(201).send(await messages.send(request.body, currentUser(request))),
  );
  app.post(
    '/api/admin/messages/preview',
    { onRequest: requireAdmin, schema: { body: audiencePreviewSchema, response: { 200: audienceCountSchema } } },
    async (request) => messages.preview(request.body),
  );
  app.post(
    '/api/admin/messages/:id/undo',
    { onRequest: requireAdmin, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await messages.undo(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );
  app.get(
    '/api/admin/messages',
    {
      onRequest: requireAdmin,
      schema: { querystring: adminMessageListQuerySchema, response: { 200: adminMessageListSchema } },
    },
    async (request) => messages.sent(request.query),
  );
  app.get(
    '/api/messages/me',
    { onRequest: requireUser, schema: { response: { 200: myMessagesSchema } } },
    async (request) => messages.mine(currentUser(request)),
  );
  app.put(
    '/api/messages/:id/read',
    { onRequest: requireUser, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await messages.markRead(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
}
