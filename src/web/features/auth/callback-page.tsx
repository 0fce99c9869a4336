import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { CALLBACK_FAILURE_REDIRECT_MS, CALLBACK_SUCCESS_REDIRECT_MS } from '../../../contract/constants';
import type { User } from '../../../contract/users';
import { api, errorMessage } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { LOGIN_FAILED, takeReturnTo } from './sign-in';
import { useSetSession } from './use-session';
import './auth-pages.css';

type Outcome = { state: 'processing' } | { state: 'success'; user: User } | { state: 'error'; message: string };

// The code is single-use: React's development double effects must not send it twice.
const exchanges = new Map<string, Promise<User>>();

function exchange(code: string, state: string): Promise<User> {
  const key = `${code}:${state}`;
  if (!exchanges.has(key)) {
    exchanges.set(
      key,
      api<User | null>('/auth/callback', { query: { code, state } }).then((user) => {
        if (!user?.id) throw new Error('No user data received from callback');
        return user;
      }),
    );
  }
  return exchanges.get(key)!;
}

function failure(error: unknown): string {
  if (error instanceof Error && error.message === 'No user data received from callback') return error.message;
  return errorMessage(error, 'Authentication failed');
}

/** /auth/callback: finishes the sign-in the intra sent the browser back with. */
export function CallbackPage() {
  usePageTitle('Signing in');
  const navigate = useNavigate();
  const setSession = useSetSession();
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const params = new URLSearchParams(window.location.search);
    // The intra sends `error` (e.g. access_denied) instead of a code when the person said no.
    if (params.get('error')) return { state: 'error', message: LOGIN_FAILED };
    return params.get('code') && params.get('state')
      ? { state: 'processing' }
      : { state: 'error', message: 'Missing OAuth parameters' };
  });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) return;
    let live = true;
    exchange(code, state).then(
      (user) => live && setOutcome({ state: 'success', user }),
      (error: unknown) => live && setOutcome({ state: 'error', message: failure(error) }),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (outcome.state === 'processing') return;
    if (outcome.state === 'success') {
      setSession(outcome.user);
      const target = takeReturnTo() ?? '/';
      const timer = setTimeout(() => navigate(target, { replace: true }), CALLBACK_SUCCESS_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    setSession(null);
    const timer = setTimeout(() => navigate('/', { replace: true }), CALLBACK_FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, setSession]);

  return (
    <div className="signin">
      <div className="card signin-card" role="status" aria-live="polite">
        {outcome.state === 'processing' && (
          <>
            <div className="spinner" aria-hidden="true" />
            <h1>Completing Authentication</h1>
            <p className="muted">Please wait while we sign you in with 42...</p>
          </>
        )}
        {outcome.state === 'success' && (
          <>
            <div className="status-icon" aria-hidden="true">
              ✓
            </div>
            <h1>Authentication Successful</h1>
            <p className="muted">Welcome, {outcome.user.first_name ?? outcome.user.intra_login}! Redirecting...</p>
          </>
        )}
        {outcome.state === 'error' && (
          <>
            <div className="status-icon failed" aria-hidden="true">
              !
            </div>
            <h1>Authentication Failed</h1>
            <p className="alert" role="alert">
              {outcome.message}
            </p>
            <p className="muted">Taking you back home...</p>
          </>
        )}
      </div>
    </div>
  );
}

export default CallbackPage;
