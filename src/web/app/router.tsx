import { useLingui } from '@lingui/react/macro';
import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, useRoutes, type RouteObject } from 'react-router';
import { CallbackPage } from '../features/auth/callback-page';
import { probablySignedIn, useSession } from '../features/auth/api';
import { ContactPage } from '../features/public/contact-page';
import { LandingPage } from '../features/public/landing-page';
import { NotFoundPage } from '../features/public/not-found-page';
import { ProcessPage } from '../features/public/process-page';
import { LoadingScreen } from '../components/loading-screen';
import { withArea } from '../lib/i18n';
import { AUTH_LOADING_MESSAGE, AUTH_LOADING_TITLE, RequireAuth, RequireJudge } from './guards';
import { SiteLayout } from './layouts/site-layout';

const TrackerPage = lazy(withArea('member', () => import('./pages/tracker-page')));

/** The wait while a page's code (and its messages) load. */
function PageLoading() {
  const { t } = useLingui();
  return <LoadingScreen title={t`Loading`} />;
}

function Lazy({ component: Component }: { component: ComponentType }) {
  return (
    <Suspense fallback={<PageLoading />}>
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
  const { t } = useLingui();
  const { user, loading } = useSession();
  if (loading && probablySignedIn()) {
    return <LoadingScreen title={t(AUTH_LOADING_TITLE)} message={t(AUTH_LOADING_MESSAGE)} />;
  }
  return user ? <Tracker /> : <LandingPage />;
}

/**
 * The public pages (`/`, `/process`, `/contact`) come in the first bundle; the others load on
 * demand, so that the landing's bundle stays small (docs/decisions/0126-a-lighter-landing.md).
 * Their Suspense sits above the pages: on a change of page (a transition) the page on screen
 * stays until the next one has loaded.
 */
function Pages() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Outlet />
    </Suspense>
  );
}

/** An admin page: its module and the admin area's messages (docs/decisions/0128-languages.md). */
const adminPage = (load: () => Promise<{ default: ComponentType }>): Pick<RouteObject, 'Component'> => ({
  Component: lazy(withArea('admin', load)),
});
const LoginPage = lazy(() => import('../features/auth/login-page'));
const PrivacyPage = lazy(() => import('../features/public/privacy-page'));
// One component for two addresses, as one module was before: going from one to the other keeps its state.
const UsersPage = adminPage(() => import('../features/admin-members/users-page'));
const ReviewPage = adminPage(() => import('../features/admin-applications/review-page'));
// Judging (spec §14): for judges and admins, outside the admin panel, which a judge does not see.
const JudgePage = lazy(withArea('member', () => import('../features/judging/judge-page')));
const CheckInPage = lazy(withArea('member', () => import('../features/judging/check-in-page')));
const ScorePage = lazy(withArea('member', () => import('../features/judging/score-page')));

const routes: RouteObject[] = [
  {
    Component: SiteLayout,
    children: [
      {
        Component: Pages,
        children: [
          { path: '/', Component: Home },
          { path: '/welcome', Component: LandingPage },
          { path: '/apply', Component: Tracker },
          { path: '/process', Component: ProcessPage },
          { path: '/contact', Component: ContactPage },
          { path: '/privacy', element: <PrivacyPage /> },
          { path: '/login', element: <LoginPage /> },
          { path: '/admin/login', element: <LoginPage admin /> },
          // In the first bundle: a sign-in waiting in line asks for its place at once.
          { path: '/auth/callback', Component: CallbackPage },
          {
            path: '/judge',
            element: (
              <RequireJudge>
                <JudgePage />
              </RequireJudge>
            ),
          },
          {
            path: '/judge/score',
            element: (
              <RequireJudge>
                <ScorePage />
              </RequireJudge>
            ),
          },
          {
            path: '/admin/hackathon/check-in',
            element: (
              <RequireJudge>
                <CheckInPage />
              </RequireJudge>
            ),
          },
          {
            path: '/admin',
            ...adminPage(() => import('./layouts/admin-layout')),
            children: [
              { index: true, ...UsersPage },
              { path: 'overview', ...adminPage(() => import('../features/admin-overview/overview-page')) },
              { path: 'users', ...UsersPage },
              {
                path: 'applications',
                ...adminPage(() => import('../features/admin-applications/applications-page')),
              },
              { path: 'applications/:id', ...ReviewPage },
              { path: 'review', ...ReviewPage },
              { path: 'rounds', ...adminPage(() => import('../features/admin-rounds/rounds-page')) },
              { path: 'challenges', ...adminPage(() => import('../features/admin-challenges/challenges-page')) },
              { path: 'submissions', ...adminPage(() => import('../features/admin-challenges/submissions-page')) },
              { path: 'hackathon', ...adminPage(() => import('../features/admin-hackathon/hackathon-page')) },
              { path: 'projects', ...adminPage(() => import('./pages/projects-page')) },
              { path: 'logs', ...adminPage(() => import('../features/admin-audit/logs-page')) },
              { path: 'settings', ...adminPage(() => import('../features/admin-settings/settings-page')) },
              { path: 'events', ...adminPage(() => import('../features/admin-club-events/events-page')) },
              { path: 'messages', ...adminPage(() => import('../features/admin-messages/messages-page')) },
              { path: 'webhooks', ...adminPage(() => import('../features/admin-webhooks/webhooks-page')) },
              { path: 'emails', ...adminPage(() => import('../features/admin-mail-templates/emails-page')) },
            ],
          },
          { path: '*', Component: NotFoundPage },
        ],
      },
    ],
  },
];

/** The app's pages, by address (rendered inside lib/browser-router.tsx's BrowserRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}
