import { routes } from '../../../contract/routes';
import { href } from '../../lib/api-client';

const RETURN_KEY = 'club.returnTo';

/** The guard remembers where a visitor was going; the callback page takes them back there. */
export function rememberReturnTo(path: string): void {
  try {
    sessionStorage.setItem(RETURN_KEY, path);
  } catch {
    // Storage can be unavailable (private mode); sign-in then returns home.
  }
}

export function takeReturnTo(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    // Only a path of this site: never an absolute URL, nor `//host` or `/\host`, which browsers read as one.
    return path && /^\/(?![/\\])/.test(path) ? path : null;
  } catch {
    return null;
  }
}

export const LOGIN_URL = href(routes.signIn);
export const LOGIN_FAILED = 'Login failed. Please try again.';

/** Starts the OAuth flow with a full page navigation (the server redirects to the intra). */
export function startSignIn(returnTo?: string): void {
  if (returnTo) rememberReturnTo(returnTo);
  window.location.assign(LOGIN_URL);
}
