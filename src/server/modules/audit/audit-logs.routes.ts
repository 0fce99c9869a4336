import {
  AUDIT_CSV_COLUMNS,
  auditLogExportQuerySchema,
  auditLogListSchema,
  auditLogQuerySchema,
} from '../../../contract/audit';
import { csvStream, sendCsv } from '../../csv-writer';
import type { App, Deps } from '../../deps';
import { requireAdmin } from '../../plugins/session';
import { eachAuditLogForExport, listAuditLogs } from './audit.repository';

/** The audit log (docs/product.md#audit-log): its pages, and the CSV of every entry the same filters select. */
export function registerAuditLogRoutes(app: App, deps: Deps): void {
  app.get(
    '/api/admin/audit-logs',
    { onRequest: requireAdmin, schema: { querystring: auditLogQuerySchema, response: { 200: auditLogListSchema } } },
    async (request) => listAuditLogs(deps.db, request.query),
  );

  app.get(
    '/api/admin/audit-logs/export.csv',
    { onRequest: requireAdmin, schema: { querystring: auditLogExportQuerySchema } },
    async (request, reply) => {
      const { separator, ...filter } = request.query;
      async function* rows() {
        for await (const page of eachAuditLogForExport(deps.db, filter)) {
          yield page.map((entry) => AUDIT_CSV_COLUMNS.map((column) => entry[column]));
        }
      }
      return sendCsv(reply, 'audit-log', csvStream(AUDIT_CSV_COLUMNS, rows(), separator), deps.clock.now());
    },
  );
}
