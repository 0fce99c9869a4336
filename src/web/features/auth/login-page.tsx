import { Navigate } from 'react-router';
import { LoadingScreen } from '../../components/loading-screen';
import { usePageTitle } from '../../lib/use-page-title';
import { ADMIN_HOME, startSignIn } from './sign-in';
import { useSession } from './api';
import './auth-pages.css';

type Props = { admin?: boolean };

/** /login and /admin/login: one button to the 42 intra; already signed in, straight to the right place. */
export function LoginPage({ admin = false }: Props) {
  usePageTitle(admin ? 'Admin sign-in' : 'Sign in', 'Sign in to the 1337 Robotics Club with your 42 account.');
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen title="Loading" />;
  if (user) return <Navigate to={user.is_admin ? ADMIN_HOME : '/apply'} replace />;

  return (
    <div className="signin">
      <div className="card signin-card">
        <h1>{admin ? 'Admin sign-in' : 'Sign in'}</h1>
        <p className="muted">
          {admin
            ? 'Board members sign in with their 42 account to open the admin panel.'
            : 'Use your 42 account to apply to the club and follow your journey.'}
        </p>
        <button type="button" className="btn btn-42" onClick={() => startSignIn(admin ? ADMIN_HOME : undefined)}>
          {admin ? 'Sign in with 42' : 'Continue with 42'}
        </button>
      </div>
    </div>
  );
}

export default LoginPage;
