import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  CALLBACK_FAILURE_REDIRECT_MS,
  CALLBACK_SUCCESS_REDIRECT_MS,
  INTRA_SIGN_IN_SECONDS,
} from '../../../contract/constants';
import type { User } from '../../../contract/users';
import { errorMessage } from '../../lib/api-client';
import { CheckIcon } from '../../components/icons';
import { formatDuration } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { landingAfterSignIn, takeReturnTo, type SignInFailure } from '../../lib/sign-in';
import { exchange, NO_USER_MESSAGE, useSetSession, type Waiting } from './api';
import './auth-pages.css';

const LOGIN_FAILED = msg`Login failed. Please try again.`;

type Outcome =
  { state: 'processing'; waiting?: Waiting } | { state: 'success'; user: User } | { state: 'error'; message: string };

/** "Number 12 in line, about 12 seconds": the intra signs about one person in a second. */
function placeInLine({ position }: Waiting): string {
  if (position <= 1) return i18n._(msg`Many people are signing in right now. You are next in line.`);
  const seconds = position * INTRA_SIGN_IN_SECONDS;
  // The unit and its plural come from Intl, in the page's language ("12 secondes", "3 دقائق").
  const wait = seconds < 90 ? formatDuration(seconds, 'second') : formatDuration(Math.ceil(seconds / 60), 'minute');
  return i18n._(msg`Many people are signing in right now. You are number ${position} in line, about ${wait} to go.`);
}

function failure(error: unknown): string {
  if (error instanceof Error && error.message === i18n._(NO_USER_MESSAGE)) return error.message;
  return errorMessage(error, i18n._(msg`Authentication failed`));
}

/** /auth/callback: finishes the sign-in the intra sent the browser back with. */
export function CallbackPage() {
  const { t } = useLingui();
  usePageTitle(t`Signing in`);
  const navigate = useNavigate();
  const setSession = useSetSession();
  const [outcome, setOutcome] = useState<Outcome>(() => {
    const params = new URLSearchParams(window.location.search);
    // The intra sends `error` (e.g. access_denied) instead of a code when the person said no.
    if (params.get('error')) return { state: 'error', message: t(LOGIN_FAILED) };
    return params.get('code') && params.get('state')
      ? { state: 'processing' }
      : { state: 'error', message: t`Missing OAuth parameters` };
  });

  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get('code');
    const state = params.get('state');
    if (!code || !state) return;
    let live = true;
    const current = exchange(code, state);
    current.onWaiting = (waiting) => live && setOutcome({ state: 'processing', waiting });
    current.done.then(
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
      const target = landingAfterSignIn(outcome.user, takeReturnTo());
      const timer = setTimeout(() => navigate(target, { replace: true }), CALLBACK_SUCCESS_REDIRECT_MS);
      return () => clearTimeout(timer);
    }
    setSession(null);
    // The landing page keeps saying why (a ban above all): the visitor may have looked away.
    const failed: SignInFailure = { signInFailure: outcome.message };
    const timer = setTimeout(() => navigate('/', { replace: true, state: failed }), CALLBACK_FAILURE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [outcome, navigate, setSession]);

  const welcomed = outcome.state === 'success' ? (outcome.user.first_name ?? outcome.user.intra_login) : '';
  return (
    <div className="signin">
      <div className="card signin-card" role="status" aria-live="polite">
        {outcome.state === 'processing' && (
          <>
            <div className="spinner" aria-hidden="true" />
            <h1>
              <Trans>Completing Authentication</Trans>
            </h1>
            <p className="muted">
              {outcome.waiting ? (
                placeInLine(outcome.waiting)
              ) : (
                <Trans>Please wait while we sign you in with 42...</Trans>
              )}
            </p>
          </>
        )}
        {outcome.state === 'success' && (
          <>
            <div className="status-icon" aria-hidden="true">
              <CheckIcon />
            </div>
            <h1>
              <Trans>Authentication Successful</Trans>
            </h1>
            <p className="muted">
              <Trans>
                Welcome, <bdi>{welcomed}</bdi>! Redirecting...
              </Trans>
            </p>
          </>
        )}
        {outcome.state === 'error' && (
          <>
            <div className="status-icon failed" aria-hidden="true">
              !
            </div>
            <h1>
              <Trans>Authentication Failed</Trans>
            </h1>
            <p className="alert" role="alert">
              {outcome.message}
            </p>
            <p className="muted">
              <Trans>Taking you back home...</Trans>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

export default CallbackPage;
