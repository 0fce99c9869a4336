import { auditLogExportQuerySchema, auditLogListSchema, auditLogQuerySchema } from '../../../contract/audit';
import { sendCsv } from '../../csv-writer';
import type { App, Deps } from '../../deps';
import { currentUser, requireAdmin } from '../../plugins/session';
import { createAuditService } from './audit.service';

/** The audit log (docs/product/audit.md#audit-log): its pages, and the CSV of every entry the same filters select. */
export function registerAuditLogRoutes(app: App, deps: Deps): void {
  const audit = createAuditService(deps);
  app.get(
    '/api/admin/audit-logs',
    { onRequest: requireAdmin, schema: { querystring: auditLogQuerySchema, response: { 200: auditLogListSchema } } },
    async (request) => audit.list(request.query, currentUser(request)),
  );

  app.get(
    '/api/admin/audit-logs/export.csv',
    { onRequest: requireAdmin, schema: { querystring: auditLogExportQuerySchema } },
    async (request, reply) =>
      sendCsv(reply, 'audit-log', audit.exportCsv(request.query, currentUser(request)), deps.clock.now()),
  );
}
