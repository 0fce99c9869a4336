import type { Readable } from 'node:stream';
import type { z } from 'zod';
import { AUDIT_CSV_COLUMNS, type auditLogExportQuerySchema, type auditLogQuerySchema } from '../../../contract/audit';
import { csvStream } from '../../csv-writer';
import type { Deps } from '../../deps';
import { eachAuditLogForExport, listAuditLogs } from './audit.repository';

/** The audit log as the admins read it; each service writes its entries in its own transaction. */
export function createAuditService(deps: Deps) {
  return {
    list: (query: z.output<typeof auditLogQuerySchema>) => listAuditLogs(deps.db, query),

    /** The CSV of every entry the filters select, read a page at a time as the client reads. */
    exportCsv(query: z.output<typeof auditLogExportQuerySchema>): Readable {
      const { separator, ...filter } = query;
      async function* rows() {
        for await (const page of eachAuditLogForExport(deps.db, filter)) {
          yield page.map((entry) => AUDIT_CSV_COLUMNS.map((column) => entry[column]));
        }
      }
      return csvStream(AUDIT_CSV_COLUMNS, rows(), separator);
    },
  };
}
