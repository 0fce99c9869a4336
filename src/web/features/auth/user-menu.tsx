import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { DEFAULT_CAMPUS_LABEL, DEFAULT_ROLE_LABEL } from '../../../contract/constants';
import type { Role, User } from '../../../contract/users';
import { Avatar } from '../../components/avatar';
import { formatNumber, fullName } from '../../lib/format';
import { myDataUrl } from './api';
import { SignOutButton } from './sign-out-button';

const EraseAccountDialog = lazy(() => import('./erase-account-dialog'));

/** The role's name as the badge shows it (the API's values, in the page's language). */
const ROLE_LABELS: Record<Role, MessageDescriptor> = { student: msg`student`, member: msg`member`, board: msg`board` };

/**
 * The signed-in user's card (docs/product/screens.md#top-navigation-and-footer): who they are, where they
 * stand, a copy of their data, the erasure of their account, and Sign Out.
 */
export function UserMenu({ user }: { user: User }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [erasing, setErasing] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const name = fullName(user);
  return (
    <div className="user-menu" ref={root}>
      <button
        type="button"
        className="user-menu-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <Avatar name={name} imageUrl={user.image_url} />
        <span className="visually-hidden">
          <Trans>Account menu of {name}</Trans>
        </span>
      </button>
      {open && (
        <div className="user-menu-panel" id={menuId}>
          <div className="row">
            <Avatar name={name} imageUrl={user.image_url} large />
            <div>
              <strong>{name}</strong>
              <div className="muted">
                <bdi>@{user.intra_login}</bdi>
              </div>
              {user.is_admin && user.role === 'student' ? (
                <span className="badge badge-warning">
                  <Trans context="badge: a person with admin rights">Admin</Trans>
                </span>
              ) : (
                <span className="badge badge-brand">{user.role ? t(ROLE_LABELS[user.role]) : DEFAULT_ROLE_LABEL}</span>
              )}
            </div>
          </div>
          <dl className="user-facts">
            <dt>
              <Trans>Level</Trans>
            </dt>
            <dd>{formatNumber(user.level, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</dd>
            <dt>
              <Trans>XP</Trans>
            </dt>
            <dd>{formatNumber(user.experience_points)}</dd>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>
              <bdi>{user.email ?? '—'}</bdi>
            </dd>
            <dt>
              <Trans>Campus</Trans>
            </dt>
            <dd>{user.campus || DEFAULT_CAMPUS_LABEL}</dd>
          </dl>
          {user.is_admin && (
            <Link className="btn btn-secondary" to="/admin/users" onClick={() => setOpen(false)}>
              <Trans>Admin Panel</Trans>
            </Link>
          )}
          <a className="btn btn-secondary" href={myDataUrl()} download>
            <Trans>Download my data</Trans>
          </a>
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              setOpen(false);
              setErasing(true);
            }}
          >
            <Trans>Delete my account</Trans>
          </button>
          <SignOutButton redirectTo="/" className="btn btn-danger">
            <Trans>Sign Out</Trans>
          </SignOutButton>
        </div>
      )}
      {/* In the page's body, not the header's: the dialog takes the page's colours. */}
      {erasing &&
        createPortal(
          <Suspense fallback={null}>
            <EraseAccountDialog user={user} onClose={() => setErasing(false)} />
          </Suspense>,
          document.body,
        )}
    </div>
  );
}
