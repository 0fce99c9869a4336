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
import { currentUser, requireAdmin, requireUser } from '../../plugins/session';
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
  app.get(
    '/api/challenges/admin/challenges',
    { onRequest: requireAdmin, schema: { querystring: catalogQuerySchema, response: { 200: challengeListSchema } } },
    async (request) => catalog.listCatalog({ activeOnly: false, ...request.query }),
  );

  app.post(
    '/api/challenges/admin/challenges',
    { onRequest: requireAdmin, schema: { body: challengeFormSchema, response: { 201: savedChallengeSchema } } },
    async (request, reply) => reply.status(201).send(await catalog.createChallenge(currentUser(request), request.body)),
  );

  app.put(
    '/api/challenges/admin/challenges/:id',
    {
      onRequest: requireAdmin,
      schema: { params: idParamsSchema, body: challengeUpdateSchema, response: { 200: savedChallengeSchema } },
    },
    async (request) => catalog.updateChallenge(currentUser(request), request.params.id, request.body),
  );

  app.delete(
    '/api/challenges/admin/challenges/:id',
    { onRequest: requireAdmin, schema: { params: idParamsSchema } },
    async (request, reply) => {
      await catalog.deleteChallenge(currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );

  // Review queue (admins)
  app.get(
    '/api/challenges/admin/user-challenges',
    {
      onRequest: requireAdmin,
      schema: { querystring: userChallengeListQuerySchema, response: { 200: adminUserChallengeListSchema } },
    },
    async (request) => review.listForReview(request.query),
  );

  app.post(
    '/api/challenges/:id/validate',
    {
      onRequest: requireAdmin,
      schema: {
        params: userChallengeParamsSchema,
        body: validateUserChallengeSchema,
        response: { 200: adminUserChallengeSchema },
      },
    },
    async (request) => review.decide(currentUser(request), request.params.id, request.body),
  );

  // Candidates
  app.get(
    '/api/challenges/me',
    { onRequest: requireUser, schema: { response: { 200: myChallengesSchema } } },
    async (request) => candidate.myChallenges(currentUser(request)),
  );

  app.get(
    '/api/challenges/catalog',
    { onRequest: requireUser, schema: { querystring: catalogQuerySchema, response: { 200: challengeListSchema } } },
    async (request) => catalog.listCatalog({ activeOnly: true, ...request.query }),
  );

  app.get(
    '/api/challenges/rules',
    { onRequest: requireUser, schema: { response: { 200: challengeRulesSchema } } },
    async () => candidate.rules(),
  );

  app.post(
    '/api/challenges/:id/start',
    { onRequest: requireUser, schema: { params: userChallengeParamsSchema, response: { 200: userChallengeSchema } } },
    async (request) => candidate.start(currentUser(request), request.params.id),
  );

  app.post(
    '/api/challenges/:id/exercise/:n/submit',
    {
      onRequest: requireUser,
      schema: { params: exerciseParamsSchema, body: exerciseSubmitSchema, response: { 200: userChallengeSchema } },
    },
    async (request) =>
      candidate.submitExercise(currentUser(request), request.params.id, request.params.n, request.body.tinkercad_link),
  );

  app.post(
    '/api/challenges/:id/submit',
    { onRequest: requireUser, schema: { params: userChallengeParamsSchema, response: { 200: userChallengeSchema } } },
    async (request) => candidate.submitForReview(currentUser(request), request.params.id),
  );

  // Deadlines (docs/product/communication.md#deadline-extensions)
  app.post(
    '/api/challenges/deadline-request',
    { onRequest: requireUser, schema: { body: deadlineRequestBodySchema, response: { 201: challengeDeadlineSchema } } },
    async (request, reply) =>
      reply.status(201).send(await deadlines.requestMoreTime(currentUser(request), request.body.reason)),
  );

  app.put(
    '/api/admin/members/:id/challenge-deadline',
    {
      onRequest: requireAdmin,
      schema: { params: idParamsSchema, body: challengeDeadlineBodySchema, response: { 200: challengeDeadlineSchema } },
    },
    async (request) => deadlines.setDeadline(request.params.id, request.body.deadline_at, currentUser(request)),
  );

  // The candidates a challenge's activation did not reach (decision 0145).
  app.post(
    '/api/admin/members/:id/challenges',
    { onRequest: requireAdmin, schema: { params: idParamsSchema, response: { 201: assignedChallengesSchema } } },
    async (request, reply) =>
      reply.status(201).send(await assignment.assignTo(request.params.id, currentUser(request))),
  );
}
