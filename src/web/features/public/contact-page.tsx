import { Trans, useLingui } from '@lingui/react/macro';
import { usePageTitle } from '../../lib/use-page-title';
import { LOGIN_URL } from '../../lib/sign-in';
import { usePublicSettings } from './api';
import './public.css';

/** `/contact`: four ways to reach the club, all editable in the Settings. */
export function ContactPage() {
  const { t } = useLingui();
  usePageTitle(t`Contact`, t`Visit, call, email or follow the 1337 Robotics Club.`);
  const settings = usePublicSettings();
  return (
    <div className="wrap page">
      <header className="page-header">
        <h1>
          <Trans>Contact the club</Trans>
        </h1>
        <p>
          <Trans>Questions about the process, a project idea or a sponsorship? Reach us any way you like.</Trans>
        </p>
      </header>
      <ul className="contact-cards">
        <li className="card">
          <h2>
            <Trans>Visit us</Trans>
          </h2>
          <p>{settings.contact_address}</p>
          <a href={settings.contact_map_url} target="_blank" rel="noopener noreferrer">
            <Trans>Open the map</Trans>
          </a>
        </li>
        <li className="card">
          <h2>
            <Trans>Call us</Trans>
          </h2>
          <p>
            <Trans>A board member answers during club hours.</Trans>
          </p>
          <a href={`tel:${settings.contact_phone.replace(/[^+\d]/g, '')}`}>
            <bdi>{settings.contact_phone}</bdi>
          </a>
        </li>
        <li className="card">
          <h2>
            <Trans>Email us</Trans>
          </h2>
          <p>
            <Trans>We answer within a few days.</Trans>
          </p>
          <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
        </li>
        <li className="card">
          <h2>
            <Trans>Social media</Trans>
          </h2>
          <ul>
            {settings.social_links.map((link) => (
              <li key={link.url}>
                <a href={link.url} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </li>
      </ul>
      <div className="card cta-card">
        <h2>
          <Trans>Ready to join?</Trans>
        </h2>
        <p>
          <Trans>Sign in with your 42 account to apply.</Trans>
        </p>
        <a className="btn btn-42" href={LOGIN_URL}>
          <Trans>Login with 42</Trans>
        </a>
      </div>
    </div>
  );
}

export default ContactPage;
