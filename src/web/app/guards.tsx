import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../contract/users';
import { LoadingScreen } from '../components/loading-screen';
import { rememberReturnTo } from '../features/auth/sign-in';
import { useSession } from '../features/auth/api';

export const AUTH_LOADING_TITLE = 'Loading';
export const AUTH_LOADING_MESSAGE = 'Please wait while we verify your authentication...';

function RedirectHome() {
  const location = useLocation();
  rememberReturnTo(`${location.pathname}${location.search}`);
  return <Navigate to="/" replace />;
}

export function AccessDenied({ requiredRole }: { requiredRole: string }) {
  return (
    <div className="center-screen">
      <div>
        <h1>Access Denied</h1>
        <p>You don&apos;t have permission to access this page.</p>
        <p className="muted">Required role: {requiredRole}</p>
      </div>
    </div>
  );
}

/** Signed-in users only; signed-out visitors go home, and sign-in brings them back here. */
export function RequireAuth({ children, requiredRole }: { children: ReactNode; requiredRole?: Role }) {
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen title={AUTH_LOADING_TITLE} message={AUTH_LOADING_MESSAGE} />;
  if (!user) return <RedirectHome />;
  if (requiredRole && user.role !== requiredRole) return <AccessDenied requiredRole={requiredRole} />;
  return children;
}

/** Admins only: others go to /apply, signed-out visitors home. The server checks again on every call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen title="Verifying Admin Access" message={AUTH_LOADING_MESSAGE} />;
  if (!user) return <RedirectHome />;
  if (!user.is_admin) return <Navigate to="/apply" replace />;
  return children;
}
