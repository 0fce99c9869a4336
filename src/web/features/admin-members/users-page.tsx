import { useState } from 'react';
import { USERS_PAGE_SIZE } from '../../../contract/constants';
import type { Role } from '../../../contract/users';
import { Avatar } from '../../components/avatar';
import { z } from 'zod';
import { memberListQuerySchema } from '../../../contract/members';
import { AdminList } from '../../components/admin-list';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter, TextFilter } from '../../components/filters';
import { formatDate } from '../../lib/format';
import { useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/api';
import { UserDetailModal } from './user-detail-modal';
import { useMembers } from './api';
import { useMemberActions } from './member-actions';
import '../admin-shared.css';

const BANNED_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'banned', label: 'Banned' },
  { value: 'not-banned', label: 'Not banned' },
] as const;

const ROLE_FILTERS = [
  { value: '', label: 'All' },
  { value: 'member', label: 'Member' },
  { value: 'board', label: 'Board' },
] as const satisfies readonly { value: Role | ''; label: string }[];

/** The address of the Users page: the contract's member filters, and the banned filter of this page. */
const USERS_LIST = memberListQuerySchema
  .omit({ limit: true })
  .extend({ banned: z.enum(BANNED_FILTERS.map((filter) => filter.value)).default('all') });

/** Users page (docs/product.md#users-page): cards, badges, actions, role and banned filters, 20 a page. */
export function UsersPage() {
  usePageTitle('Users');
  const { user: me } = useSession();
  const list = useListParams(USERS_LIST);
  const { role, q, offset, banned } = list.values;
  const [viewing, setViewing] = useState<number | null>(null);
  const members = useMembers({ role, q: q || undefined, offset, limit: USERS_PAGE_SIZE });
  const actions = useMemberActions();

  // The banned filter works on the fetched page only (docs/product.md#users-page).
  const shown = (members.data?.data ?? []).filter((user) =>
    banned === 'all' ? true : banned === 'banned' ? user.is_banned : !user.is_banned,
  );

  return (
    <AdminList
      title="Users"
      filters={
        <>
          <TextFilter label="Search" placeholder="Login or name" {...list.text('q')} />
          <SelectFilter label="Role" options={ROLE_FILTERS} {...list.choice('role')} />
          <SelectFilter label="Banned" options={BANNED_FILTERS} {...list.choice('banned')} />
        </>
      }
      list={members}
      rows={shown}
      loading="Loading users"
      failed="Failed to load users"
      notices={<ErrorBanner error={actions.error} fallback="The change could not be saved" />}
      empty={<p className="empty-state">No users match these filters.</p>}
      pager={list.pager(USERS_PAGE_SIZE)}
      dialog={
        actions.dialog ?? (viewing !== null && <UserDetailModal userId={viewing} onClose={() => setViewing(null)} />)
      }
    >
      {(rows) => (
        <ul className="card-grid">
          {rows.map((user) => (
            <li key={user.id} className="card person-card">
              <div className="row">
                <Avatar name={user.intra_login} imageUrl={user.image_url} />
                <div className="person-name">
                  <strong>{user.intra_login}</strong>
                  <div className="row badges">
                    <span className="badge badge-brand">{user.role}</span>
                    {user.is_admin && <span className="badge badge-warning">Admin</span>}
                    {user.is_banned && <span className="badge badge-danger">Banned</span>}
                  </div>
                </div>
              </div>
              <p className="muted person-meta">
                {user.email ?? '—'}
                <br />
                Joined {formatDate(user.created_at)}
              </p>
              <div className="row">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setViewing(user.id)}>
                  View
                </button>
                {user.is_admin ? (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={actions.pending}
                    onClick={() => actions.removeAdmin(user)}
                  >
                    Remove admin
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={actions.pending}
                    onClick={() => actions.grantAdmin(user)}
                  >
                    Grant admin
                  </button>
                )}
                {user.id !== me?.id && (
                  <>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      disabled={actions.pending}
                      onClick={() => (user.is_banned ? actions.unban(user) : actions.ban(user))}
                    >
                      {user.is_banned ? 'Unban' : 'Ban'}
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      disabled={actions.pending}
                      onClick={() => actions.remove(user)}
                    >
                      Delete
                    </button>
                  </>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminList>
  );
}

export default UsersPage;
