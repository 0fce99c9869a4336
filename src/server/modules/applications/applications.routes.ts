import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
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
import { currentUser } from '../../plugins/session';
import { createApplicationsService } from './applications.service';
import { createBoardReviewService } from './board-review.service';

export function registerApplicationRoutes(app: App, deps: Deps): void {
  const applications = createApplicationsService(deps);
  const board = createBoardReviewService(deps);

  app.route({
    ...endpoint(routes.apply),
    schema: { body: applicationFormSchema, response: { 201: applicationSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await applications.submit(currentUser(request), request.body)),
  });

  app.route({
    ...endpoint(routes.updateApplication),
    schema: { params: idParamsSchema, body: applicationUpdateSchema, response: { 200: applicationSchema } },
    handler: async (request) => applications.update(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(routes.withdrawApplication),
    schema: { params: idParamsSchema, response: { 200: myApplicationSchema } },
    handler: async (request) => applications.withdraw(currentUser(request), request.params.id),
  });

  app.route({
    ...endpoint(routes.myApplication),
    schema: { response: { 200: myApplicationSchema } },
    handler: async (request) => applications.mine(currentUser(request)),
  });

  app.route({
    ...endpoint(routes.applications),
    schema: { querystring: applicationListQuerySchema, response: { 200: adminApplicationListSchema } },
    handler: async (request) => board.list(request.query, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.applicationsCsv),
    schema: { querystring: applicationExportQuerySchema },
    handler: async (request, reply) =>
      sendCsv(reply, 'applications', board.exportCsv(request.query, currentUser(request)), deps.clock.now()),
  });

  // A path of its own, so find-my-way matches it before the `:id` route whatever the order.
  app.route({
    ...endpoint(routes.nextApplication),
    schema: {
      response: {
        200: applicationDetailSchema,
        204: z.null().describe('You have voted on every open application'),
      },
    },
    handler: async (request, reply) => {
      const next = await board.next(currentUser(request));
      return next ?? reply.status(204).send(null);
    },
  });

  app.route({
    ...endpoint(routes.application),
    schema: { params: idParamsSchema, response: { 200: applicationDetailSchema } },
    handler: async (request) => board.detail(request.params.id, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.voteOnApplication),
    schema: { params: idParamsSchema, body: voteBodySchema, response: { 200: applicationDetailSchema } },
    handler: async (request) => board.vote(request.params.id, request.body, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.reviewApplication),
    schema: { params: idParamsSchema, body: reviewSchema, response: { 200: adminApplicationSchema } },
    handler: async (request) => {
      const admin = currentUser(request);
      return board.seenBy(await applications.review(request.params.id, request.body, admin), admin);
    },
  });

  // Decision 0119: the deciding admin's Undo, within UNDO_WINDOW_MS of the decision.
  app.route({
    ...endpoint(routes.undoReview),
    schema: { params: idParamsSchema, response: { 200: adminApplicationSchema } },
    handler: async (request) => {
      const admin = currentUser(request);
      return board.seenBy(await applications.undoReview(request.params.id, admin), admin);
    },
  });

  app.route({
    ...endpoint(routes.bulkReviewApplications),
    schema: { body: bulkReviewSchema, response: { 200: bulkReviewResultSchema } },
    handler: async (request) => {
      const { ids, ...review } = request.body;
      return applications.bulkReview(ids, review, currentUser(request));
    },
  });
}
