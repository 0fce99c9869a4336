import { routes } from '../../contract/routes';
import { href } from './api-client';

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

/** The admin's home: the Users page. */
export const ADMIN_HOME = '/admin/users';

const isAdminPage = (path: string) => /^\/admin(?:[/?#]|$)/.test(path);

/**
 * Where a finished sign-in goes (docs/product/screens.md#sign-in-pages-and-the-callback-page): an admin
 * to the admin page the guard remembered, else to the Users page, wherever they started (the
 * landing's link remembers nothing); anybody else to the page remembered, else home.
 */
export function landingAfterSignIn(user: { is_admin: boolean }, remembered: string | null): string {
  if (!user.is_admin) return remembered ?? '/';
  return remembered && isAdminPage(remembered) ? remembered : ADMIN_HOME;
}

export const LOGIN_URL = href(routes.signIn);

/** Starts the OAuth flow with a full page navigation (the server redirects to the intra). */
export function startSignIn(returnTo?: string): void {
  if (returnTo) rememberReturnTo(returnTo);
  window.location.assign(LOGIN_URL);
}

/** What a failed sign-in hands the landing page (as navigation state), which shows it until dismissed. */
export type SignInFailure = { signInFailure: string };
