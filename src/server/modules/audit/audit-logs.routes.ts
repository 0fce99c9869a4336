import { auditLogListSchema, auditLogQuerySchema } from '../../../contract/audit';
import type { App, Deps } from '../../deps';
import { requireAdmin } from '../../plugins/session';
import { listAuditLogs } from './audit.repository';

export function registerAuditLogRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/admin/audit-logs',
    { onRequest: requireAdmin, schema: { querystring: auditLogQuerySchema, response: { 200: auditLogListSchema } } },
    async (request) => listAuditLogs(deps.db, request.query),
  );
}
