import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { NavLink, Outlet } from 'react-router';
import { useSession } from '../../features/auth/api';
import { SignOutButton } from '../../features/auth/sign-out-button';
import { IntraBanner } from '../../features/health/intra-banner';
import { UndoProvider } from '../../components/undo-toast';
import { RequireAdmin } from '../guards';
import './admin-layout.css';

export const ADMIN_SECTIONS = [
  { to: '/admin/overview', label: msg`Overview` },
  { to: '/admin/users', label: msg`Users` },
  { to: '/admin/applications', label: msg`Applications` },
  { to: '/admin/rounds', label: msg`Rounds` },
  { to: '/admin/challenges', label: msg`Challenges` },
  { to: '/admin/submissions', label: msg`Submissions` },
  { to: '/admin/hackathon', label: msg`Hackathon` },
  { to: '/admin/projects', label: msg`Projects` },
  { to: '/admin/logs', label: msg`Logs` },
  { to: '/admin/settings', label: msg`Settings` },
  { to: '/admin/events', label: msg`Events` },
  { to: '/admin/messages', label: msg`Messages` },
  { to: '/admin/emails', label: msg`Emails` },
  { to: '/admin/webhooks', label: msg`Webhooks` },
] as const;

function Sidebar() {
  const { t } = useLingui();
  const { user } = useSession();
  const who = user?.intra_login ?? user?.email;
  return (
    <aside className="admin-sidebar" aria-label={t`Admin`}>
      <p className="admin-who">
        <Trans>
          Signed in as{' '}
          <strong>
            <bdi>{who}</bdi>
          </strong>
        </Trans>
      </p>
      <nav aria-label={t`Admin sections`}>
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to}>{t(section.label)}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <SignOutButton redirectTo="/admin/login" className="btn btn-secondary admin-logout">
        <Trans>Logout</Trans>
      </SignOutButton>
    </aside>
  );
}

/** The admin panel: the sidebar of docs/product/screens.md#admin-layout beside the section, for admins only. */
export function AdminLayout() {
  return (
    <RequireAdmin>
      <UndoProvider>
        <div className="wrap admin-shell">
          <Sidebar />
          <div className="admin-content">
            <IntraBanner />
            <Outlet />
          </div>
        </div>
      </UndoProvider>
    </RequireAdmin>
  );
}

export default AdminLayout;
