import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { LOGIN_URL } from '../../lib/sign-in';
import { LanguageMenu } from '../../features/auth/language-menu';
import { UserMenu } from '../../features/auth/user-menu';
import { useSession } from '../../features/auth/api';
import { DebugPanel } from '../../features/health/debug-panel';
import { ThemeToggle } from '../../components/theme-toggle';
import { CloseIcon, MenuIcon } from '../../components/icons';
import { usePublicSettings } from '../../features/public/api';
import './site-layout.css';

function Logo() {
  return (
    <svg viewBox="0 0 64 64" width="36" height="36" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#00a8ab" />
      <rect x="14" y="20" width="36" height="28" rx="8" fill="#0b1220" />
      <circle cx="25" cy="33" r="5" fill="#00a8ab" />
      <circle cx="39" cy="33" r="5" fill="#00a8ab" />
      <rect x="29" y="8" width="6" height="12" rx="3" fill="#f5b941" />
    </svg>
  );
}

function NavItems({ onNavigate }: { onNavigate?: () => void }) {
  const { user } = useSession();
  return (
    <>
      <NavLink to="/" end onClick={onNavigate}>
        <Trans>Home</Trans>
      </NavLink>
      <NavLink to="/process" onClick={onNavigate}>
        <Trans>Rules</Trans>
      </NavLink>
      {user && !user.is_admin && (
        <NavLink to="/apply" onClick={onNavigate}>
          <Trans>Apply</Trans>
        </NavLink>
      )}
      {(user?.is_admin || user?.is_judge) && (
        <NavLink to="/judge" onClick={onNavigate}>
          <Trans>Judging</Trans>
        </NavLink>
      )}
      {user?.is_admin && (
        <NavLink to="/admin/users" onClick={onNavigate}>
          <Trans>Admin</Trans>
        </NavLink>
      )}
    </>
  );
}

function TopNav() {
  const { t } = useLingui();
  const { user, loading } = useSession();
  const menuId = useId();
  const { pathname } = useLocation();
  // The menu belongs to the page it was opened on: any navigation closes it.
  const [openedOn, setOpenedOn] = useState<string | null>(null);
  const menuOpen = openedOn === pathname;
  const setMenuOpen = (open: boolean) => setOpenedOn(open ? pathname : null);

  return (
    <header className="topbar">
      <nav className="wrap topbar-inner" aria-label={t`Main`}>
        <Link to="/" className="brand">
          <Logo />
          {/* A Latin name: isolated, or Arabic's right-to-left order would read it "Robotics 1337". */}
          <bdi>
            <Trans>1337 Robotics</Trans>
          </bdi>
        </Link>
        <div className="nav-links">
          <NavItems />
        </div>
        <div className="nav-account">
          <div className="nav-theme">
            <LanguageMenu />
            <ThemeToggle compact />
          </div>
          {!loading &&
            (user ? (
              <UserMenu user={user} />
            ) : (
              <a className="btn btn-42 nav-login" href={LOGIN_URL}>
                <Trans>Login with 42</Trans>
              </a>
            ))}
          <button
            type="button"
            className="menu-toggle"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
            <span className="visually-hidden">
              <Trans>Menu</Trans>
            </span>
          </button>
        </div>
      </nav>
      {menuOpen && (
        <div className="mobile-menu" id={menuId}>
          <NavItems onNavigate={() => setMenuOpen(false)} />
          <LanguageMenu />
          <ThemeToggle />
          {/* Signed in, the menu's Apply or Admin item is the way in: no "Join Now" for a member. */}
          {!user && (
            <a className="btn btn-42" href={LOGIN_URL}>
              <Trans>Join Now</Trans>
            </a>
          )}
        </div>
      )}
    </header>
  );
}

function Footer() {
  const { contact_email } = usePublicSettings();
  // A year, not a quantity: a plain string, never grouped as "2,026".
  const year = String(new Date().getFullYear());
  return (
    <footer className="footer">
      <div className="wrap footer-inner">
        <p>
          <Trans>
            Questions? Write to <a href={`mailto:${contact_email}`}>{contact_email}</a> or see all the ways to{' '}
            <Link to="/contact">contact the club</Link>.
          </Trans>
        </p>
        <p>
          <Link to="/privacy">
            <Trans>Privacy notice</Trans>
          </Link>
        </p>
        <p>
          <Trans>© {year} 1337 Robotics Club</Trans>
        </p>
      </div>
    </footer>
  );
}

/** Every page: skip link, top navigation, the page, the footer. */
export function SiteLayout() {
  return (
    <>
      <a className="skip-link" href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <TopNav />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
      <DebugPanel />
    </>
  );
}
