import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import {
  mailPreviewSchema,
  mailTemplateInputSchema,
  mailTemplateListSchema,
  mailTemplateParamsSchema,
  mailTemplateQuerySchema,
  mailTemplateSchema,
} from '../../../contract/mail-templates';
import type { FastifyRequest } from 'fastify';
import type { App, Deps } from '../../deps';
import type { Locale } from '../../../contract/locales';
import { answerLocale } from '../../i18n';
import { currentUser } from '../../plugins/session';
import { createMailTemplatesService } from './mail-templates.service';

/**
 * The board's mail templates (docs/decisions/0120-mail-templates.md), one wording per language:
 * `?locale=` names it, English without it (docs/decisions/0128-languages.md).
 */
export function registerMailTemplateRoutes(app: App, deps: Deps): void {
  const templates = createMailTemplatesService(deps);
  const querystring = mailTemplateQuerySchema;
  const one = { params: mailTemplateParamsSchema, querystring, response: { 200: mailTemplateSchema } };
  /** The wording's language, and the board member's, in which the names and descriptions are answered. */
  const languagesOf = (request: FastifyRequest<{ Querystring: { locale: Locale } }>) => ({
    locale: request.query.locale,
    reader: answerLocale(request),
  });

  app.route({
    ...endpoint(routes.mailTemplates),
    schema: { querystring, response: { 200: mailTemplateListSchema } },
    handler: async (request) => templates.list(languagesOf(request)),
  });
  app.route({
    ...endpoint(routes.saveMailTemplate),
    schema: { ...one, body: mailTemplateInputSchema },
    handler: async (request) =>
      templates.save(request.params.key, request.body, currentUser(request), languagesOf(request)),
  });
  app.route({
    ...endpoint(routes.restoreMailTemplate),
    schema: one,
    handler: async (request) => templates.restore(request.params.key, currentUser(request), languagesOf(request)),
  });
  app.route({
    ...endpoint(routes.previewMailTemplate),
    schema: {
      params: mailTemplateParamsSchema,
      querystring,
      body: mailTemplateInputSchema,
      response: { 200: mailPreviewSchema },
    },
    handler: async (request) => templates.preview(request.params.key, request.body, request.query.locale),
  });
}
