import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

export function NotFoundPage() {
  usePageTitle('Page not found', 'This page does not exist.');
  return (
    <div className="center-screen">
      <div>
        <p className="badge badge-warning">404</p>
        <h1>Page not found</h1>
        <p className="muted">The page you are looking for does not exist or has moved.</p>
        <Link className="btn" to="/">
          Back to Home
        </Link>
      </div>
    </div>
  );
}

export default NotFoundPage;
