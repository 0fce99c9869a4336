import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { useSignOut } from './api';

const LOGOUT_FAILED = msg`Logout failed. Please try again.`;

/**
 * The sign-out action of every menu: the button, busy while the request runs, and the error above
 * it when the request fails. On success the browser loads `redirectTo` afresh (`useSignOut`).
 */
export function SignOutButton({
  redirectTo,
  className,
  children,
}: {
  redirectTo: string;
  className: string;
  children: ReactNode;
}) {
  const { t } = useLingui();
  const signOut = useSignOut(redirectTo);
  return (
    <>
      {signOut.isError && (
        <p className="alert" role="alert">
          {t(LOGOUT_FAILED)}
        </p>
      )}
      <button type="button" className={className} disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {children}
      </button>
    </>
  );
}
