import { routes } from '../../../contract/routes';
import { adminKeys } from '../../app/query-client';
import { usePagedQuery } from '../../lib/queries';

type LogFilter = { action?: string; entity_type?: string; offset: number; limit: number };

export const auditLogKeys = {
  all: [...adminKeys.all, 'audit-logs'] as const,
  list: (filter: LogFilter) => [...auditLogKeys.all, filter] as const,
};

export function useAuditLogs(filter: LogFilter) {
  return usePagedQuery(auditLogKeys.list(filter), routes.auditLogs, { query: filter });
}
