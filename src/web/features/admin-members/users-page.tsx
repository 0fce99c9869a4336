import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { JOURNEY_STEPS } from '../../../contract/applications';
import { memberListQuerySchema, type MemberListItem } from '../../../contract/members';
import { ROLES } from '../../../contract/users';
import { AdminList } from '../../components/admin-list';
import { Avatar } from '../../components/avatar';
import { ErrorBanner } from '../../components/error-banner';
import { PageSizeFilter, SelectFilter, TextFilter } from '../../components/filters';
import { Notice } from '../../components/notice';
import { RowMenu } from '../../components/row-menu';
import { SortHeader } from '../../components/sort-header';
import { formatDate } from '../../lib/format';
import { pageSizeParam, useListParams } from '../../lib/list-params';
import { usePageTitle } from '../../lib/use-page-title';
import { STEP_NAMES } from '../../lib/journey-names';
import { MessageSelectedDialog } from '../admin-messages/message-selected';
import { useSession } from '../auth/api';
import { UserDetailModal } from './user-detail-modal';
import { useCampuses } from '../../lib/campuses';
import { useMembers } from './api';
import { ROLE_BADGES, ROLE_NAMES } from './role-names';
import { useMemberActions } from './member-actions';
import '../../components/admin.css';

const ALL = msg`All`;

/** The values of the contract's `banned` filter, as the address and the select write them. */
const BANNED_FILTERS = [
  { value: '', label: ALL },
  { value: 'true', label: msg`Banned` },
  { value: 'false', label: msg`Not banned` },
];

/**
 * The address of the Users page: the contract's member filters and order, all done by the server
 * (so the total is true), and the page size (20, 50 or 100).
 */
const USERS_LIST = memberListQuerySchema.omit({ limit: true }).extend({ limit: pageSizeParam });

/** A user's step in the language spoken now, or a dash for who never applied. */
function StepName({ step }: { step: number | null }) {
  const { t } = useLingui();
  const name = step === null ? undefined : STEP_NAMES[step];
  return name ? <>{t(name)}</> : <span className="muted">—</span>;
}

/**
 * Users page (docs/product/screens.md#users-page): a table made for 500 people (issue 28), a card per user
 * on a phone: search on login, names and email, filters on role, step, campus and ban, sorts, 20,
 * 50 or 100 a page, a message to a selection, and the changes that weigh in each row's menu.
 */
export function UsersPage() {
  const { t } = useLingui();
  usePageTitle(t`Users`);
  const { user: me } = useSession();
  const list = useListParams(USERS_LIST);
  const { role, q, offset, banned, step, campus, sort, limit } = list.values;
  const [viewing, setViewing] = useState<number | null>(null);
  const [selected, setSelected] = useState<ReadonlyMap<number, string>>(new Map());
  const [messaging, setMessaging] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const members = useMembers({ role, q: q || undefined, banned, step, campus, sort, offset, limit });
  const campuses = useCampuses();
  const actions = useMemberActions();
  const roleFilters = [{ value: '', label: t(ALL) }, ...ROLES.map((value) => ({ value, label: t(ROLE_NAMES[value]) }))];
  const stepFilters = [
    { value: '', label: t(ALL) },
    ...JOURNEY_STEPS.map((value) => ({ value: String(value), label: t(STEP_NAMES[value]!) })),
    { value: 'none', label: t`Never applied` },
  ];
  const campusFilters = [
    { value: '', label: t(ALL) },
    ...(campuses.data?.data ?? []).map(({ name }) => ({ value: name, label: name })),
  ];
  const bannedFilters = BANNED_FILTERS.map(({ value, label }) => ({ value, label: t(label) }));
  // A change of filter or page starts a new selection: what is chosen stays in view.
  const filter = (key: 'role' | 'step' | 'campus' | 'banned' | 'limit') => ({
    ...list.choice(key),
    onChange: (value: string) => {
      setSelected(new Map());
      list.set({ [key]: value });
    },
  });
  const rows = members.data?.data ?? [];
  const toggle = (user: MemberListItem) => {
    const next = new Map(selected);
    if (next.has(user.id)) next.delete(user.id);
    else next.set(user.id, user.intra_login);
    setSelected(next);
  };
  const allChosen = rows.length > 0 && rows.every((user) => selected.has(user.id));
  const sortBy = { sort, onSort: (value: string) => list.set({ sort: value }) };
  const count = selected.size;

  return (
    <AdminList
      title={t`Users`}
      filters={
        <>
          <TextFilter label={t`Search`} placeholder={t`Login, name or email`} {...list.text('q')} />
          <SelectFilter label={t`Role`} options={roleFilters} {...filter('role')} />
          <SelectFilter label={t`Step`} options={stepFilters} {...filter('step')} />
          <SelectFilter label={t`Campus`} options={campusFilters} {...filter('campus')} />
          <SelectFilter label={t`Banned`} options={bannedFilters} {...filter('banned')} />
          <PageSizeFilter {...filter('limit')} />
        </>
      }
      list={members}
      loading={t`Loading users`}
      failed={t`Failed to load users`}
      notices={
        <>
          <ErrorBanner error={actions.error} fallback={t`The change could not be saved`} />
          <Notice text={sent} success />
          {count > 0 && (
            <div className="card row bulk-bar">
              <strong>{plural(count, { one: '# user selected', other: '# users selected' })}</strong>
              <button type="button" className="btn btn-small" onClick={() => setMessaging(true)}>
                <Trans>Message the selected</Trans>
              </button>
              <button type="button" className="btn btn-secondary btn-small" onClick={() => setSelected(new Map())}>
                <Trans>Clear the selection</Trans>
              </button>
            </div>
          )}
        </>
      }
      empty={
        <p className="empty-state">
          <Trans>No users match these filters.</Trans>
        </p>
      }
      pager={{
        ...list.pager(limit),
        onChange: (next) => {
          setSelected(new Map());
          list.set({ offset: next });
        },
      }}
      dialog={
        actions.dialog ??
        (messaging ? (
          <MessageSelectedDialog
            userIds={[...selected.keys()]}
            onClose={() => setMessaging(false)}
            onSent={(sentence) => {
              setMessaging(false);
              setSelected(new Map());
              setSent(sentence);
            }}
          />
        ) : (
          viewing !== null && <UserDetailModal userId={viewing} onClose={() => setViewing(null)} />
        ))
      }
    >
      {(shown) => (
        <div className="table-wrap data-table" role="region" aria-label={t`Users`} tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col" className="select-cell">
                  <input
                    type="checkbox"
                    className="select-box"
                    aria-label={t`Select every user of this page`}
                    checked={allChosen}
                    onChange={() =>
                      setSelected(allChosen ? new Map() : new Map(shown.map((user) => [user.id, user.intra_login])))
                    }
                  />
                </th>
                <SortHeader label={t`User`} ascending="login" descending="-login" {...sortBy} />
                <SortHeader label={t`Campus`} ascending="campus" descending="-campus" {...sortBy} />
                <th scope="col">
                  <Trans>Step</Trans>
                </th>
                <th scope="col">
                  <Trans>Role</Trans>
                </th>
                <SortHeader
                  label={t`Joined`}
                  ascending="created_at"
                  descending="-created_at"
                  first="descending"
                  {...sortBy}
                />
                <th scope="col">
                  <span className="visually-hidden">
                    <Trans>Actions</Trans>
                  </span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((user) => {
                const login = user.intra_login;
                return (
                  <tr key={user.id}>
                    <td className="select-cell">
                      <input
                        type="checkbox"
                        className="select-box"
                        aria-label={t`Select @${login}`}
                        checked={selected.has(user.id)}
                        onChange={() => toggle(user)}
                      />
                    </td>
                    <td className="person-cell">
                      <Avatar name={login} imageUrl={user.image_url} />
                      <div className="cell-text">
                        <strong>
                          <bdi>{login}</bdi>
                        </strong>
                        {(user.first_name || user.last_name) && (
                          <div>
                            <bdi>{[user.first_name, user.last_name].filter(Boolean).join(' ')}</bdi>
                          </div>
                        )}
                        {user.email && (
                          <div className="muted">
                            <bdi>{user.email}</bdi>
                          </div>
                        )}
                      </div>
                    </td>
                    <td data-label={t`Campus`}>{user.campus ? <bdi>{user.campus}</bdi> : '—'}</td>
                    <td data-label={t`Step`}>
                      <StepName step={user.step} />
                    </td>
                    <td data-label={t`Role`}>
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
                    </td>
                    <td data-label={t`Joined`} className="nowrap">
                      {formatDate(user.created_at)}
                    </td>
                    <td className="actions-cell">
                      <button
                        type="button"
                        className="btn btn-secondary btn-small"
                        aria-label={t`View @${login}`}
                        onClick={() => setViewing(user.id)}
                      >
                        <Trans>View</Trans>
                      </button>
                      <RowMenu label={t`More actions for @${login}`}>
                        <button
                          type="button"
                          disabled={actions.pending}
                          onClick={() => (user.is_admin ? actions.removeAdmin(user) : actions.grantAdmin(user))}
                        >
                          {user.is_admin ? t`Remove admin` : t`Grant admin`}
                        </button>
                        {user.id !== me?.id && (
                          <>
                            <button
                              type="button"
                              disabled={actions.pending}
                              onClick={() => (user.is_banned ? actions.unban(user) : actions.ban(user))}
                            >
                              {user.is_banned ? t`Unban` : t`Ban`}
                            </button>
                            <button
                              type="button"
                              className="danger-text"
                              disabled={actions.pending}
                              onClick={() => actions.remove(user)}
                            >
                              <Trans>Delete</Trans>
                            </button>
                          </>
                        )}
                      </RowMenu>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </AdminList>
  );
}

export default UsersPage;
