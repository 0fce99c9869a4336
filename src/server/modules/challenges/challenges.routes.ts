import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import {
  adminUserChallengeListSchema,
  adminUserChallengeSchema,
  assignedChallengesSchema,
  catalogQuerySchema,
  challengeFormSchema,
  challengeListSchema,
  challengeRulesSchema,
  challengeDeadlineBodySchema,
  challengeDeadlineSchema,
  challengeUpdateSchema,
  deadlineRequestBodySchema,
  exerciseParamsSchema,
  exerciseSubmitSchema,
  myChallengesSchema,
  savedChallengeSchema,
  userChallengeListQuerySchema,
  userChallengeParamsSchema,
  userChallengeSchema,
  validateUserChallengeSchema,
} from '../../../contract/challenges';
import { idParamsSchema } from '../../../contract/common';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createChallengeAssignmentService } from './challenge-assignment.service';
import { createChallengeDeadlineService } from './challenge-deadline.service';
import { createChallengesCandidateService } from './challenges-candidate.service';
import { createChallengesCatalogService } from './challenges-catalog.service';
import { createChallengesReviewService } from './challenges-review.service';

/** Challenges (docs/product/challenges.md#challenges). `{id}` on candidate and review routes is a user challenge id. */
export function registerChallengesRoutes(app: App, deps: Deps): void {
  const catalog = createChallengesCatalogService(deps);
  const candidate = createChallengesCandidateService(deps);
  const review = createChallengesReviewService(deps);
  const deadlines = createChallengeDeadlineService(deps);
  const assignment = createChallengeAssignmentService(deps);

  // Catalog (admins)
  app.route({
    ...endpoint(routes.adminChallenges),
    schema: { querystring: catalogQuerySchema, response: { 200: challengeListSchema } },
    handler: async (request) => catalog.listCatalog({ activeOnly: false, ...request.query }),
  });

  app.route({
    ...endpoint(routes.createChallenge),
    schema: { body: challengeFormSchema, response: { 201: savedChallengeSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await catalog.createChallenge(currentUser(request), request.body)),
  });

  app.route({
    ...endpoint(routes.updateChallenge),
    schema: { params: idParamsSchema, body: challengeUpdateSchema, response: { 200: savedChallengeSchema } },
    handler: async (request) => catalog.updateChallenge(currentUser(request), request.params.id, request.body),
  });

  app.route({
    ...endpoint(routes.deleteChallenge),
    schema: { params: idParamsSchema },
    handler: async (request, reply) => {
      await catalog.deleteChallenge(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  });

  // Review queue (admins)
  app.route({
    ...endpoint(routes.submissions),
    schema: { querystring: userChallengeListQuerySchema, response: { 200: adminUserChallengeListSchema } },
    handler: async (request) => review.listForReview(request.query),
  });

  app.route({
    ...endpoint(routes.validateSubmission),
    schema: {
      params: userChallengeParamsSchema,
      body: validateUserChallengeSchema,
      response: { 200: adminUserChallengeSchema },
    },
    handler: async (request) => review.decide(currentUser(request), request.params.id, request.body),
  });

  // Candidates
  app.route({
    ...endpoint(routes.myChallenges),
    schema: { response: { 200: myChallengesSchema } },
    handler: async (request) => candidate.myChallenges(currentUser(request)),
  });

  app.route({
    ...endpoint(routes.catalog),
    schema: { querystring: catalogQuerySchema, response: { 200: challengeListSchema } },
    handler: async (request) => catalog.listCatalog({ activeOnly: true, ...request.query }),
  });

  app.route({
    ...endpoint(routes.challengeRules),
    schema: { response: { 200: challengeRulesSchema } },
    handler: async () => candidate.rules(),
  });

  app.route({
    ...endpoint(routes.startChallenge),
    schema: { params: userChallengeParamsSchema, response: { 200: userChallengeSchema } },
    handler: async (request) => candidate.start(currentUser(request), request.params.id),
  });

  app.route({
    ...endpoint(routes.submitExercise),
    schema: { params: exerciseParamsSchema, body: exerciseSubmitSchema, response: { 200: userChallengeSchema } },
    handler: async (request) =>
      candidate.submitExercise(currentUser(request), request.params.id, request.params.n, request.body.tinkercad_link),
  });

  app.route({
    ...endpoint(routes.submitChallenge),
    schema: { params: userChallengeParamsSchema, response: { 200: userChallengeSchema } },
    handler: async (request) => candidate.submitForReview(currentUser(request), request.params.id),
  });

  // Deadlines (docs/product/communication.md#deadline-extensions)
  app.route({
    ...endpoint(routes.requestMoreTime),
    schema: { body: deadlineRequestBodySchema, response: { 201: challengeDeadlineSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await deadlines.requestMoreTime(currentUser(request), request.body.reason)),
  });

  app.route({
    ...endpoint(routes.setChallengeDeadline),
    schema: { params: idParamsSchema, body: challengeDeadlineBodySchema, response: { 200: challengeDeadlineSchema } },
    handler: async (request) =>
      deadlines.setDeadline(request.params.id, request.body.deadline_at, currentUser(request)),
  });

  // The candidates a challenge's activation did not reach (decision 0145).
  app.route({
    ...endpoint(routes.assignChallenges),
    schema: { params: idParamsSchema, response: { 201: assignedChallengesSchema } },
    handler: async (request, reply) =>
      reply.status(201).send(await assignment.assignTo(request.params.id, currentUser(request))),
  });
}
