import { routes } from '../../../contract/routes';
import { adminKeys } from '../../lib/query-keys';
import { href } from '../../lib/api-client';
import { usePagedQuery } from '../../lib/queries';

type LogFilter = { action?: string; entity_type?: string };
type LogPage = LogFilter & { offset: number; limit: number };

export const auditLogKeys = {
  all: [...adminKeys.all, 'audit-logs'] as const,
  list: (filter: LogPage) => [...auditLogKeys.all, filter] as const,
};

export function useAuditLogs(filter: LogPage) {
  return usePagedQuery(auditLogKeys.list(filter), routes.auditLogs, { query: filter });
}

/** The CSV of every entry the same filters select, newest first (docs/product/audit.md#audit-log). */
export const auditLogsCsvUrl = (filter: LogFilter): string => href(routes.auditLogsCsv, {}, filter);
