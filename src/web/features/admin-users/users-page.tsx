import { useState } from 'react';
import { USERS_PAGE_SIZE } from '../../../contract/constants';
import type { Role } from '../../../contract/users';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { SelectFilter, TextFilter } from '../../components/filters';
import { Spinner } from '../../components/loading-screen';
import { Pager } from '../../components/pager';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/api';
import { UserDetailModal } from './user-detail-modal';
import { useMemberChange, useMembers } from './api';
import '../admin-shared.css';

type BannedFilter = 'all' | 'banned' | 'not-banned';

const ROLE_FILTERS = [
  { value: '', label: 'All' },
  { value: 'member', label: 'Member' },
  { value: 'board', label: 'Board' },
] as const satisfies readonly { value: Role | ''; label: string }[];

const BANNED_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'banned', label: 'Banned' },
  { value: 'not-banned', label: 'Not banned' },
] as const satisfies readonly { value: BannedFilter; label: string }[];

/** Users page (docs/product.md#users-page): cards, badges, actions, role and banned filters, 20 a page. */
export function UsersPage() {
  usePageTitle('Users');
  const { user: me } = useSession();
  const [role, setRole] = useState<Role | ''>('');
  const [banned, setBanned] = useState<BannedFilter>('all');
  const [q, setQ] = useState('');
  const [offset, setOffset] = useState(0);
  const [viewing, setViewing] = useState<number | null>(null);
  const members = useMembers({ role: role || undefined, q: q.trim() || undefined, offset, limit: USERS_PAGE_SIZE });
  const change = useMemberChange();

  // The banned filter works on the fetched page only (docs/product.md#users-page).
  const shown = (members.data?.data ?? []).filter((user) =>
    banned === 'all' ? true : banned === 'banned' ? user.is_banned : !user.is_banned,
  );

  return (
    <div>
      <div className="admin-toolbar">
        <h1>Users</h1>
        <div className="filters">
          <TextFilter
            label="Search"
            value={q}
            placeholder="Login or name"
            onChange={(value) => {
              setQ(value);
              setOffset(0);
            }}
          />
          <SelectFilter
            label="Role"
            value={role}
            options={ROLE_FILTERS}
            onChange={(value) => {
              setRole(value);
              setOffset(0);
            }}
          />
          <SelectFilter label="Banned" value={banned} options={BANNED_FILTERS} onChange={setBanned} />
        </div>
      </div>
      <ErrorBanner error={members.error} fallback="Failed to load users" />
      <ErrorBanner error={change.error} fallback="The change could not be saved" />
      {members.isPending ? (
        <Spinner label="Loading users" />
      ) : shown.length === 0 ? (
        <p className="empty-state">No users match these filters.</p>
      ) : (
        <ul className="card-grid">
          {shown.map((user) => (
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
                {!user.is_admin && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    disabled={change.isPending}
                    onClick={() => change.mutate({ id: user.id, kind: 'admin', is_admin: true })}
                  >
                    Grant admin
                  </button>
                )}
                {user.id !== me?.id && (
                  <>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      disabled={change.isPending}
                      onClick={() => change.mutate({ id: user.id, kind: 'ban', is_banned: !user.is_banned })}
                    >
                      {user.is_banned ? 'Unban' : 'Ban'}
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      disabled={change.isPending}
                      onClick={() => {
                        if (window.confirm('Are you sure you want to delete this user?'))
                          change.mutate({ id: user.id, kind: 'delete' });
                      }}
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
      <Pager offset={offset} limit={USERS_PAGE_SIZE} total={members.data?.total ?? 0} onChange={setOffset} />
      {viewing !== null && <UserDetailModal userId={viewing} onClose={() => setViewing(null)} />}
    </div>
  );
}

export default UsersPage;
