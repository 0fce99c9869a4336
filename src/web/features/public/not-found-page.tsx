import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  const { t } = useLingui();
  usePageTitle(t`Page not found`, t`This page does not exist.`);
  return (
    <div className="center-screen">
      <div>
        <p className="badge badge-warning">404</p>
        <h1>
          <Trans>Page not found</Trans>
        </h1>
        <p className="muted">
          <Trans>The page you are looking for does not exist or has moved.</Trans>
        </p>
        <Link className="btn" to="/">
          <Trans>Back to Home</Trans>
        </Link>
      </div>
    </div>
  );
}

export default NotFoundPage;
