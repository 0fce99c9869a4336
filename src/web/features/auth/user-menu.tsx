import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { DEFAULT_CAMPUS_LABEL, DEFAULT_ROLE_LABEL } from '../../../contract/constants';
import type { User } from '../../../contract/users';
import { Avatar } from '../../components/avatar';
import { LOGOUT_FAILED, useSignOut } from './api';

export const fullName = (user: User) => [user.first_name, user.last_name].filter(Boolean).join(' ') || user.intra_login;

/**
 * The signed-in user's card (docs/product.md#top-navigation-and-footer): who they are, where they
 * stand, and Sign Out.
 */
export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const signOut = useSignOut('/');

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
        <span className="visually-hidden">Account menu of {name}</span>
      </button>
      {open && (
        <div className="user-menu-panel" id={menuId}>
          <div className="row">
            <Avatar name={name} imageUrl={user.image_url} large />
            <div>
              <strong>{name}</strong>
              <div className="muted">@{user.intra_login}</div>
              {user.is_admin && user.role === 'student' ? (
                <span className="badge badge-warning">Admin</span>
              ) : (
                <span className="badge badge-brand">{user.role || DEFAULT_ROLE_LABEL}</span>
              )}
            </div>
          </div>
          <dl className="user-facts">
            <dt>Level</dt>
            <dd>{user.level.toFixed(2)}</dd>
            <dt>XP</dt>
            <dd>{user.experience_points}</dd>
            <dt>Email</dt>
            <dd>{user.email ?? '—'}</dd>
            <dt>Campus</dt>
            <dd>{user.campus || DEFAULT_CAMPUS_LABEL}</dd>
          </dl>
          {user.is_admin && (
            <Link className="btn btn-secondary" to="/admin/users" onClick={() => setOpen(false)}>
              Admin Panel
            </Link>
          )}
          {signOut.isError && (
            <p className="alert" role="alert">
              {LOGOUT_FAILED}
            </p>
          )}
          <button
            type="button"
            className="btn btn-danger"
            disabled={signOut.isPending}
            onClick={() => signOut.mutate()}
          >
            Sign Out
          </button>
        </div>
      )}
    </div>
  );
}
