import { useDeferredValue, useState } from 'react';
import { AUDIT_LOGS_PAGE_SIZE } from '../../../contract/constants';
import { ErrorBanner } from '../../components/error-banner';
import { TextFilter } from '../../components/filters';
import { Spinner } from '../../components/loading-screen';
import { Pager } from '../../components/pager';
import { formatDateTime } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useAuditLogs } from './api';
import '../admin-shared.css';

/** Logs page (docs/product.md#logs-page): the audit log as a table, filtered by action and entity, 50 a page. */
export function LogsPage() {
  usePageTitle('Logs');
  const [action, setAction] = useState('');
  const [entity, setEntity] = useState('');
  const [offset, setOffset] = useState(0);
  const query = {
    action: useDeferredValue(action.trim()) || undefined,
    entity_type: useDeferredValue(entity.trim()) || undefined,
    offset,
    limit: AUDIT_LOGS_PAGE_SIZE,
  };
  const logs = useAuditLogs(query);

  return (
    <div>
      <div className="admin-toolbar">
        <h1>Logs</h1>
        <div className="filters">
          <TextFilter
            label="Action"
            value={action}
            placeholder="e.g. approved"
            onChange={(value) => {
              setAction(value);
              setOffset(0);
            }}
          />
          <TextFilter
            label="Entity"
            value={entity}
            placeholder="e.g. application"
            onChange={(value) => {
              setEntity(value);
              setOffset(0);
            }}
          />
        </div>
      </div>
      <ErrorBanner error={logs.error} fallback="Failed to load logs" />
      {logs.isPending ? (
        <Spinner label="Loading logs" />
      ) : logs.data?.data.length === 0 ? (
        <p className="empty-state">No log entries match these filters.</p>
      ) : (
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
              {logs.data?.data.map((entry) => (
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
      <Pager offset={offset} limit={AUDIT_LOGS_PAGE_SIZE} total={logs.data?.total ?? 0} onChange={setOffset} />
    </div>
  );
}

export default LogsPage;
