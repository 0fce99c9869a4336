import { useState } from 'react';
import { USERS_PAGE_SIZE } from '../../../contract/constants';
import { ROLES, type Role } from '../../../contract/users';
import { Avatar } from '../../components/avatar';
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

/** The name of each role on the page; a role added to the contract must be named here. */
const ROLE_NAMES = { student: 'Student', member: 'Member', board: 'Board' } satisfies Record<Role, string>;

const ROLE_FILTERS = [{ value: '', label: 'All' }, ...ROLES.map((role) => ({ value: role, label: ROLE_NAMES[role] }))];

/** The values of the contract's `banned` filter, as the address and the select write them. */
const BANNED_FILTERS = [
  { value: '', label: 'All' },
  { value: 'true', label: 'Banned' },
  { value: 'false', label: 'Not banned' },
];

/** The address of the Users page: the contract's member filters, all done by the server (so the total is true). */
const USERS_LIST = memberListQuerySchema.omit({ limit: true });

/** Users page (docs/product.md#users-page): cards, badges, actions, search, role and banned filters, 20 a page. */
export function UsersPage() {
  usePageTitle('Users');
  const { user: me } = useSession();
  const list = useListParams(USERS_LIST);
  const { role, q, offset, banned } = list.values;
  const [viewing, setViewing] = useState<number | null>(null);
  const members = useMembers({ role, q: q || undefined, banned, offset, limit: USERS_PAGE_SIZE });
  const actions = useMemberActions();

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
                    {/* An admin is not a candidate: their "student" role says nothing (docs/product.md#users-page). */}
                    {!(user.is_admin && user.role === 'student') && (
                      <span className="badge badge-brand">{user.role}</span>
                    )}
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
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={actions.pending}
                  onClick={() => (user.is_admin ? actions.removeAdmin(user) : actions.grantAdmin(user))}
                >
                  {user.is_admin ? 'Remove admin' : 'Grant admin'}
                </button>
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
