import { routes } from '../../../contract/routes';
import { endpoint } from '../../plugins/endpoint';
import { auditLogExportQuerySchema, auditLogListSchema, auditLogQuerySchema } from '../../../contract/audit';
import { sendCsv } from '../../csv-writer';
import type { App, Deps } from '../../deps';
import { currentUser } from '../../plugins/session';
import { createAuditService } from './audit.service';

/** The audit log (docs/product/audit.md#audit-log): its pages, and the CSV of every entry the same filters select. */
export function registerAuditLogRoutes(app: App, deps: Deps): void {
  const audit = createAuditService(deps);
  app.route({
    ...endpoint(routes.auditLogs),
    schema: { querystring: auditLogQuerySchema, response: { 200: auditLogListSchema } },
    handler: async (request) => audit.list(request.query, currentUser(request)),
  });

  app.route({
    ...endpoint(routes.auditLogsCsv),
    schema: { querystring: auditLogExportQuerySchema },
    handler: async (request, reply) =>
      sendCsv(reply, 'audit-log', audit.exportCsv(request.query, currentUser(request)), deps.clock.now()),
  });
}
