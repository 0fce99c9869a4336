import { z } from 'zod';
import {
  adminApplicationListSchema,
  adminApplicationSchema,
  applicationDetailSchema,
  applicationExportQuerySchema,
  applicationFormSchema,
  applicationListQuerySchema,
  applicationSchema,
  applicationUpdateSchema,
  bulkReviewResultSchema,
  bulkReviewSchema,
  myApplicationSchema,
  reviewSchema,
  voteBodySchema,
} from '../../../contract/applications';
import { idParamsSchema } from '../../../contract/common';
import { sendCsv } from '../../csv-writer';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin, requireUser } from '../../plugins/session';
import { createApplicationsService } from './applications.service';
import { createBoardReviewService } from './board-review.service';

export function registerApplicationRoutes(app: App, deps: Deps): void {
  const applications = createApplicationsService(deps);
  const board = createBoardReviewService(deps);

  app.post(
    '/api/applications',
    { onRequest: requireUser, schema: { body: applicationFormSchema, response: { 201: applicationSchema } } },
    async (request, reply) => reply.status(201).send(await applications.submit(currentUser(request), request.body)),
  );

  app.put(
    '/api/applications/:id',
    {
      onRequest: requireUser,
      schema: { params: idParamsSchema, body: applicationUpdateSchema, response: { 200: applicationSchema } },
    },
    async (request) => applications.update(currentUser(request), request.params.id, request.body),
  );

  app.post(
    '/api/applications/:id/withdraw',
    { onRequest: requireUser, schema: { params: idParamsSchema, response: { 200: myApplicationSchema } } },
    async (request) => applications.withdraw(currentUser(request), request.params.id),
  );

  app.get(
    '/api/applications/me',
    { onRequest: requireUser, schema: { response: { 200: myApplicationSchema } } },
    async (request) => applications.mine(currentUser(request)),
  );

  app.get(
    '/api/admin/applications',
    {
      onRequest: requireAdmin,
      schema: { querystring: applicationListQuerySchema, response: { 200: adminApplicationListSchema } },
    },
    async (request) => board.list(request.query, currentUser(request)),
  );

  app.get(
    '/api/admin/applications/export.csv',
    { onRequest: requireAdmin, schema: { querystring: applicationExportQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, 'applications', board.exportCsv(request.query, currentUser(request)), deps.clock.now()),
  );

  // A path of its own, so find-my-way matches it before the `:id` route whatever the order.
  app.get(
    '/api/admin/applications/next',
    {
      onRequest: requireAdmin,
      schema: {
        response: {
          200: applicationDetailSchema,
          204: z.null().describe('You have voted on every open application'),
        },
      },
    },
    async (request, reply) => {
      const next = await board.next(currentUser(request));
      return next ?? reply.status(204).send(null);
    },
  );

  app.get(
    '/api/admin/applications/:id',
    { onRequest: requireAdmin, schema: { params: idParamsSchema, response: { 200: applicationDetailSchema } } },
    async (request) => board.detail(request.params.id, currentUser(request)),
  );

  app.put(
    '/api/admin/applications/:id/vote',
    {
      onRequest: requireAdmin,
      schema: { params: idParamsSchema, body: voteBodySchema, response: { 200: applicationDetailSchema } },
    },
    async (request) => board.vote(request.params.id, request.body, currentUser(request)),
  );

  app.put(
    '/api/admin/applications/:id/review',
    {
      onRequest: requireAdmin,
      schema: { params: idParamsSchema, body: reviewSchema, response: { 200: adminApplicationSchema } },
    },
    async (request) => {
      const admin = currentUser(request);
      return board.seenBy(await applications.review(request.params.id, request.body, admin), admin);
    },
  );

  // Decision 0119: the deciding admin's Undo, within UNDO_WINDOW_MS of the decision.
  app.post(
    '/api/admin/applications/:id/review/undo',
    { onRequest: requireAdmin, schema: { params: idParamsSchema, response: { 200: adminApplicationSchema } } },
    async (request) => {
      const admin = currentUser(request);
      return board.seenBy(await applications.undoReview(request.params.id, admin), admin);
    },
  );

  app.post(
    '/api/admin/applications/bulk-review',
    { onRequest: requireAdmin, schema: { body: bulkReviewSchema, response: { 200: bulkReviewResultSchema } } },
    async (request) => {
      const { ids, ...review } = request.body;
      return applications.bulkReview(ids, review, currentUser(request));
    },
  );
}
