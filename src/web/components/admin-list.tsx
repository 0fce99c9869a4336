import type { ReactNode } from 'react';
import { LoadError } from './load-error';
import { Spinner } from './loading-screen';
import { Pager } from './pager';

type ListQuery<T> = {
  data?: { data: T[]; total: number };
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
};

type Props<T> = {
  title: string;
  /** A sentence under the title. */
  lead?: string;
  /** The filters of the toolbar (TextFilter, SelectFilter), bound to the address with useListParams. */
  filters?: ReactNode;
  /** Buttons of the toolbar (Add, Refresh). */
  actions?: ReactNode;
  list: ListQuery<T>;
  /** The rows to show when the page keeps only some of those it fetched; all of them otherwise. */
  rows?: T[];
  /** What the spinner and the load error say: "Loading users", "Failed to load users". */
  loading: string;
  failed: string;
  /** Panels above the list, then the outcomes of the page's changes (banners, alerts), then the list or its load error. */
  above?: ReactNode;
  notices?: ReactNode;
  empty: ReactNode;
  /** Prev/Next when the list is paged: the position and move of useListParams().pager(limit). */
  pager?: { offset: number; limit: number; onChange: (offset: number) => void };
  /** The page's open dialog, if any (view, edit). */
  dialog?: ReactNode;
  children: (rows: T[]) => ReactNode;
};

/**
 * An admin list page: the toolbar with its title, filters and actions, the load error, the
 * spinner, the empty state, the rows and the pager, in the one order every admin list uses.
 */
export function AdminList<T>(props: Props<T>) {
  const { title, lead, filters, actions, list, loading, failed, above, notices, empty, pager, dialog, children } =
    props;
  const rows = props.rows ?? list.data?.data;
  return (
    <div>
      <div className="admin-toolbar">
        {lead ? (
          <div>
            <h1>{title}</h1>
            <p className="muted">{lead}</p>
          </div>
        ) : (
          <h1>{title}</h1>
        )}
        {actions && <div className="admin-toolbar-actions">{actions}</div>}
        {filters && <div className="filters">{filters}</div>}
      </div>
      {above}
      {notices}
      {list.error ? (
        // A failed load stands alone: no stale rows, no "nothing matches", no pager.
        <LoadError error={list.error} fallback={failed} onRetry={list.refetch} />
      ) : list.isPending ? (
        <Spinner label={loading} />
      ) : !rows || !list.data ? null : rows.length === 0 ? (
        empty
      ) : (
        children(rows)
      )}
      {pager && !list.error && <Pager {...pager} total={list.data?.total ?? 0} />}
      {dialog}
    </div>
  );
}
