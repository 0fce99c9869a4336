import { Trans, useLingui } from '@lingui/react/macro';
import { Navigate } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { usePageTitle } from '../../lib/use-page-title';
import { ADMIN_HOME, startSignIn } from '../../lib/sign-in';
import { useSession } from './api';
import './auth-pages.css';

type Props = { admin?: boolean };

/** /login and /admin/login: one button to the 42 intra; already signed in, straight to the right place. */
export function LoginPage({ admin = false }: Props) {
  const { t } = useLingui();
  const title = admin ? t`Admin sign-in` : t`Sign in`;
  usePageTitle(title, t`Sign in to the 1337 Robotics Club with your 42 account.`);
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen title={t`Loading`} />;
  if (user) return <Navigate to={user.is_admin ? ADMIN_HOME : '/apply'} replace />;

  return (
    <div className="signin">
      <div className="card signin-card">
        <h1>{title}</h1>
        <p className="muted">
          {admin ? (
            <Trans>Board members sign in with their 42 account to open the admin panel.</Trans>
          ) : (
            <Trans>Use your 42 account to apply to the club and follow your journey.</Trans>
          )}
        </p>
        <button type="button" className="btn btn-42" onClick={() => startSignIn(admin ? ADMIN_HOME : undefined)}>
          {admin ? <Trans>Sign in with 42</Trans> : <Trans>Continue with 42</Trans>}
        </button>
      </div>
    </div>
  );
}

export default LoginPage;
