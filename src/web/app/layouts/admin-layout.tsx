import { NavLink, Outlet } from 'react-router';
import { LOGOUT_FAILED, useSession, useSignOut } from '../../features/auth/api';
import { UndoProvider } from '../../components/undo-toast';
import { RequireAdmin } from '../guards';
import './admin-layout.css';

export const ADMIN_SECTIONS = [
  { to: '/admin/overview', label: 'Overview' },
  { to: '/admin/users', label: 'Users' },
  { to: '/admin/applications', label: 'Applications' },
  { to: '/admin/rounds', label: 'Rounds' },
  { to: '/admin/challenges', label: 'Challenges' },
  { to: '/admin/submissions', label: 'Submissions' },
  { to: '/admin/hackathon', label: 'Hackathon' },
  { to: '/admin/projects', label: 'Projects' },
  { to: '/admin/logs', label: 'Logs' },
  { to: '/admin/settings', label: 'Settings' },
  { to: '/admin/events', label: 'Events' },
  { to: '/admin/messages', label: 'Messages' },
  { to: '/admin/emails', label: 'Emails' },
  { to: '/admin/webhooks', label: 'Webhooks' },
] as const;

function Sidebar() {
  const { user } = useSession();
  const signOut = useSignOut('/admin/login');
  return (
    <aside className="admin-sidebar" aria-label="Admin">
      <p className="admin-who">
        Signed in as <strong>{user?.intra_login ?? user?.email}</strong>
      </p>
      <nav aria-label="Admin sections">
        <ul>
          {ADMIN_SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {signOut.isError && (
        <p className="alert" role="alert">
          {LOGOUT_FAILED}
        </p>
      )}
      <button
        type="button"
        className="btn btn-secondary admin-logout"
        disabled={signOut.isPending}
        onClick={() => signOut.mutate()}
      >
        Logout
      </button>
    </aside>
  );
}

/** The admin panel: the sidebar of docs/product.md#admin-layout beside the section, for admins only. */
export function AdminLayout() {
  return (
    <RequireAdmin>
      <UndoProvider>
        <div className="wrap admin-shell">
          <Sidebar />
          <div className="admin-content">
            <Outlet />
          </div>
        </div>
      </UndoProvider>
    </RequireAdmin>
  );
}

export default AdminLayout;
