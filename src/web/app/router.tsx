import { createBrowserRouter } from 'react-router';
import { CallbackPage } from '../features/auth/callback-page';
import { LoginPage } from '../features/auth/login-page';
import { probablySignedIn, useSession } from '../features/auth/api';
import { LandingPage } from '../features/public/landing-page';
import { NotFoundPage } from '../features/public/not-found-page';
import { LoadingScreen } from '../components/loading-screen';
import { AUTH_LOADING_MESSAGE, AUTH_LOADING_TITLE, RequireAuth } from './guards';
import { SiteLayout } from './layouts/site-layout';
import { lazy, Suspense, type ComponentType } from 'react';

const TrackerPage = lazy(() => import('../features/journey/tracker-page'));

function Lazy({ component: Component }: { component: ComponentType }) {
  return (
    <Suspense fallback={<LoadingScreen title="Loading" />}>
      <Component />
    </Suspense>
  );
}

function Tracker() {
  return (
    <RequireAuth>
      <Lazy component={TrackerPage} />
    </RequireAuth>
  );
}

/** `/`: the tracker for a signed-in user, the landing page for everyone else. */
function Home() {
  const { user, loading } = useSession();
  if (loading && probablySignedIn()) return <LoadingScreen title={AUTH_LOADING_TITLE} message={AUTH_LOADING_MESSAGE} />;
  return user ? <Tracker /> : <LandingPage />;
}

/** Admin pages load on demand, so the public bundle stays small. */
const admin = (load: () => Promise<{ default: ComponentType }>) => ({
  lazy: async () => ({ Component: (await load()).default }),
});

export const router = createBrowserRouter([
  {
    Component: SiteLayout,
    children: [
      { path: '/', Component: Home },
      { path: '/apply', Component: Tracker },
      {
        path: '/process',
        lazy: async () => ({ Component: (await import('../features/public/process-page')).default }),
      },
      {
        path: '/contact',
        lazy: async () => ({ Component: (await import('../features/public/contact-page')).default }),
      },
      { path: '/login', element: <LoginPage /> },
      { path: '/admin/login', element: <LoginPage admin /> },
      { path: '/auth/callback', Component: CallbackPage },
      {
        path: '/admin',
        ...admin(() => import('./layouts/admin-layout')),
        children: [
          { index: true, ...admin(() => import('../features/admin-members/users-page')) },
          { path: 'overview', ...admin(() => import('../features/admin-overview/overview-page')) },
          { path: 'users', ...admin(() => import('../features/admin-members/users-page')) },
          { path: 'applications', ...admin(() => import('../features/admin-applications/applications-page')) },
          { path: 'applications/:id', ...admin(() => import('../features/admin-applications/review-page')) },
          { path: 'review', ...admin(() => import('../features/admin-applications/review-page')) },
          { path: 'rounds', ...admin(() => import('../features/admin-rounds/rounds-page')) },
          { path: 'challenges', ...admin(() => import('../features/admin-challenges/challenges-page')) },
          { path: 'submissions', ...admin(() => import('../features/admin-challenges/submissions-page')) },
          { path: 'hackathon', ...admin(() => import('../features/admin-hackathon/hackathon-page')) },
          { path: 'projects', ...admin(() => import('../features/admin-projects/projects-page')) },
          { path: 'logs', ...admin(() => import('../features/admin-audit/logs-page')) },
          { path: 'settings', ...admin(() => import('../features/admin-settings/settings-page')) },
          { path: 'events', ...admin(() => import('../features/admin-club-events/events-page')) },
          { path: 'messages', ...admin(() => import('../features/admin-messages/messages-page')) },
          { path: 'webhooks', ...admin(() => import('../features/admin-webhooks/webhooks-page')) },
          { path: 'emails', ...admin(() => import('../features/admin-mail-templates/emails-page')) },
        ],
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
]);
