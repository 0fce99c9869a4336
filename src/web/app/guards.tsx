import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '../../contract/users';
import { LoadingScreen } from '../components/loading-screen';
import { rememberReturnTo } from '../lib/sign-in';
import { useSession } from '../features/auth/api';

export const AUTH_LOADING_TITLE = msg`Loading`;
export const AUTH_LOADING_MESSAGE = msg`Please wait while we verify your authentication...`;

function RedirectHome() {
  const location = useLocation();
  rememberReturnTo(`${location.pathname}${location.search}`);
  return <Navigate to="/" replace />;
}

export function AccessDenied({ requiredRole }: { requiredRole: string }) {
  return (
    <div className="center-screen">
      <div>
        <h1>
          <Trans>Access Denied</Trans>
        </h1>
        <p>
          <Trans>You don&apos;t have permission to access this page.</Trans>
        </p>
        <p className="muted">
          <Trans>
            Required role: <bdi>{requiredRole}</bdi>
          </Trans>
        </p>
      </div>
    </div>
  );
}

/** Signed-in users only; signed-out visitors go home, and sign-in brings them back here. */
export function RequireAuth({ children, requiredRole }: { children: ReactNode; requiredRole?: Role }) {
  const { t } = useLingui();
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen title={t(AUTH_LOADING_TITLE)} message={t(AUTH_LOADING_MESSAGE)} />;
  if (!user) return <RedirectHome />;
  if (requiredRole && user.role !== requiredRole) return <AccessDenied requiredRole={requiredRole} />;
  return children;
}

/** Admins only: others go to /apply, signed-out visitors home. The server checks again on every call. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen title={t`Verifying Admin Access`} message={t(AUTH_LOADING_MESSAGE)} />;
  if (!user) return <RedirectHome />;
  if (!user.is_admin) return <Navigate to="/apply" replace />;
  return children;
}

/**
 * Judges and admins (spec §14): `/judge` and the door of an event. A judge who is not an admin
 * reaches nothing else of the admin panel; the server checks, per event, on every call.
 */
export function RequireJudge({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen title={t(AUTH_LOADING_TITLE)} message={t(AUTH_LOADING_MESSAGE)} />;
  if (!user) return <RedirectHome />;
  if (!user.is_admin && !user.is_judge) return <Navigate to="/apply" replace />;
  return children;
}
