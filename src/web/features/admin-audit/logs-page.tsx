import { auditLogQuerySchema } from '../../../contract/audit';
import { AUDIT_LOGS_PAGE_SIZE } from '../../../contract/constants';
import { AdminList } from '../../components/admin-list';
import { TextFilter } from '../../components/filters';
import { formatDateTime } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useAuditLogs } from './api';
import '../admin-shared.css';

/** The address of the Logs page: the contract's audit filters. */
const LOGS_LIST = auditLogQuerySchema.omit({ limit: true });

/** Logs page (docs/product.md#logs-page): the audit log as a table, filtered by action and entity, 50 a page. */
export function LogsPage() {
  usePageTitle('Logs');
  const list = useListParams(LOGS_LIST);
  const { action, entity_type, offset } = list.values;
  const logs = useAuditLogs({
    action: action || undefined,
    entity_type: entity_type || undefined,
    offset,
    limit: AUDIT_LOGS_PAGE_SIZE,
  });

  return (
    <AdminList
      title="Logs"
      filters={
        <>
          <TextFilter label="Action" placeholder="e.g. approved" {...list.text('action')} />
          <TextFilter label="Entity" placeholder="e.g. application" {...list.text('entity_type')} />
        </>
      }
      list={logs}
      loading="Loading logs"
      failed="Failed to load logs"
      empty={<p className="empty-state">No log entries match these filters.</p>}
      pager={list.pager(AUDIT_LOGS_PAGE_SIZE)}
    >
      {(rows) => (
        // Focusable so that keyboard users can scroll it sideways on a narrow screen.
        <div className="table-wrap" role="region" aria-label="Audit log entries" tabIndex={0}>
          <table>
            <caption className="visually-hidden">Audit log, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Action</th>
                <th scope="col">Entity</th>
                <th scope="col">Entity ID</th>
                <th scope="col">Username</th>
                <th scope="col">User ID</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((entry) => (
                <tr key={entry.id}>
                  <td className="nowrap">{formatDateTime(entry.created_at)}</td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>{entry.entity_type}</td>
                  <td>{entry.entity_id ?? '—'}</td>
                  <td>{entry.user_name ?? '—'}</td>
                  <td>{entry.user_id ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminList>
  );
}

export default LogsPage;
