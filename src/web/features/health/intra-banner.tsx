import { Trans } from '@lingui/react/macro';
import { formatDate } from '../../lib/format';
import { useIntraWarnings } from './api';

/**
 * Tells every admin, on every admin page, when sign-in with 42 is refused for the club's own
 * credentials, or when its 42 secret ends within 14 days (decisions §13): nothing else shows
 * that nobody can sign in, and a secret that expires unnoticed stops every sign-in.
 */
export function IntraBanner() {
  const { data } = useIntraWarnings();
  if (!data) return null;
  const date = data.secretExpiresAt && formatDate(data.secretExpiresAt);
  return (
    <>
      {data.credentialsRefused && (
        <p className="alert" role="alert">
          <Trans>
            The 42 intra refuses the club's 42 application secret: nobody can sign in. Replace FT_CLIENT_SECRET with the
            application's current secret (README: Replacing the 42 secret).
          </Trans>
        </p>
      )}
      {date && (
        <p className="alert alert-warning" role="status">
          <Trans>The club's 42 secret expires on {date}: replace it</Trans>
        </p>
      )}
    </>
  );
}
