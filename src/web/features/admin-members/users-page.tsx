import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { USERS_PAGE_SIZE } from '../../../contract/constants';
import { ROLES } from '../../../contract/users';
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
import { ROLE_BADGES, ROLE_NAMES } from './role-names';
import { useMemberActions } from './member-actions';
import '../admin-shared.css';

const ALL = msg`All`;

/** The values of the contract's `banned` filter, as the address and the select write them. */
const BANNED_FILTERS = [
  { value: '', label: ALL },
  { value: 'true', label: msg`Banned` },
  { value: 'false', label: msg`Not banned` },
];

/** The address of the Users page: the contract's member filters, all done by the server (so the total is true). */
const USERS_LIST = memberListQuerySchema.omit({ limit: true });

function Joined({ date }: { date: string }) {
  return <Trans>Joined {date}</Trans>;
}

/** Users page (docs/product/screens.md#users-page): cards, badges, actions, search, role and banned filters, 20 a page. */
export function UsersPage() {
  const { t } = useLingui();
  usePageTitle(t`Users`);
  const roleFilters = [
    { value: '', label: t(ALL) },
    ...ROLES.map((role) => ({ value: role, label: t(ROLE_NAMES[role]) })),
  ];
  const bannedFilters = BANNED_FILTERS.map(({ value, label }) => ({ value, label: t(label) }));
  const { user: me } = useSession();
  const list = useListParams(USERS_LIST);
  const { role, q, offset, banned } = list.values;
  const [viewing, setViewing] = useState<number | null>(null);
  const members = useMembers({ role, q: q || undefined, banned, offset, limit: USERS_PAGE_SIZE });
  const actions = useMemberActions();

  return (
    <AdminList
      title={t`Users`}
      filters={
        <>
          <TextFilter label={t`Search`} placeholder={t`Login or name`} {...list.text('q')} />
          <SelectFilter label={t`Role`} options={roleFilters} {...list.choice('role')} />
          <SelectFilter label={t`Banned`} options={bannedFilters} {...list.choice('banned')} />
        </>
      }
      list={members}
      loading={t`Loading users`}
      failed={t`Failed to load users`}
      notices={<ErrorBanner error={actions.error} fallback={t`The change could not be saved`} />}
      empty={
        <p className="empty-state">
          <Trans>No users match these filters.</Trans>
        </p>
      }
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
                  <strong>
                    <bdi>{user.intra_login}</bdi>
                  </strong>
                  <div className="row badges">
                    {/* An admin is not a candidate: their "student" role says nothing (docs/product/screens.md#users-page). */}
                    {!(user.is_admin && user.role === 'student') && (
                      <span className="badge badge-brand">{t(ROLE_BADGES[user.role])}</span>
                    )}
                    {user.is_admin && (
                      <span className="badge badge-warning">
                        <Trans context="badge: a person with admin rights">Admin</Trans>
                      </span>
                    )}
                    {user.is_banned && (
                      <span className="badge badge-danger">
                        <Trans>Banned</Trans>
                      </span>
                    )}
                  </div>
                </div>
              </div>
              <p className="muted person-meta">
                {user.email ? <bdi>{user.email}</bdi> : '—'}
                <br />
                <Joined date={formatDate(user.created_at)} />
              </p>
              <div className="row">
                <button type="button" className="btn btn-secondary btn-small" onClick={() => setViewing(user.id)}>
                  <Trans>View</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary btn-small"
                  disabled={actions.pending}
                  onClick={() => (user.is_admin ? actions.removeAdmin(user) : actions.grantAdmin(user))}
                >
                  {user.is_admin ? t`Remove admin` : t`Grant admin`}
                </button>
                {user.id !== me?.id && (
                  <>
                    <button
                      type="button"
                      className="btn btn-secondary btn-small"
                      disabled={actions.pending}
                      onClick={() => (user.is_banned ? actions.unban(user) : actions.ban(user))}
                    >
                      {user.is_banned ? t`Unban` : t`Ban`}
                    </button>
                    <button
                      type="button"
                      className="btn btn-danger btn-small"
                      disabled={actions.pending}
                      onClick={() => actions.remove(user)}
                    >
                      <Trans>Delete</Trans>
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
