import {
  mailPreviewSchema,
  mailTemplateInputSchema,
  mailTemplateListSchema,
  mailTemplateParamsSchema,
  mailTemplateSchema,
} from '../../../contract/mail-templates';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { createMailTemplatesService } from './mail-templates.service';

/** The board's mail templates (docs/decisions/0120-mail-templates.md). */
export function registerMailTemplateRoutes(app: App, deps: Deps): void {
  const templates = createMailTemplatesService(deps);
  const one = { params: mailTemplateParamsSchema, response: { 200: mailTemplateSchema } };

  app.get(
    '/api/admin/mail-templates',
    { onRequest: requireAdmin, schema: { response: { 200: mailTemplateListSchema } } },
    async () => templates.list(),
  );
  app.put(
    '/api/admin/mail-templates/:key',
    { onRequest: requireAdmin, schema: { ...one, body: mailTemplateInputSchema } },
    async (request) => templates.save(request.params.key, request.body, currentUser(request)),
  );
  app.delete('/api/admin/mail-templates/:key', { onRequest: requireAdmin, schema: one }, async (request) =>
    templates.restore(request.params.key, currentUser(request)),
  );
  app.post(
    '/api/admin/mail-templates/:key/preview',
    {
      onRequest: requireAdmin,
      schema: { params: mailTemplateParamsSchema, body: mailTemplateInputSchema, response: { 200: mailPreviewSchema } },
    },
    async (request) => templates.preview(request.params.key, request.body),
  );
}
