import { usePageTitle } from '../../lib/use-page-title';
import { LOGIN_URL } from '../auth/sign-in';
import { usePublicSettings } from './api';
import './public.css';

/** `/contact`: four ways to reach the club, all editable in the Settings. */
export function ContactPage() {
  usePageTitle('Contact', 'Visit, call, email or follow the 1337 Robotics Club.');
  const settings = usePublicSettings();
  return (
    <div className="wrap page">
      <header className="page-header">
        <h1>Contact the club</h1>
        <p>Questions about the process, a project idea or a sponsorship? Reach us any way you like.</p>
      </header>
      <ul className="contact-cards">
        <li className="card">
          <h2>Visit us</h2>
          <p>{settings.contact_address}</p>
          <a href={settings.contact_map_url} target="_blank" rel="noopener noreferrer">
            Open the map
          </a>
        </li>
        <li className="card">
          <h2>Call us</h2>
          <p>A board member answers during club hours.</p>
          <a href={`tel:${settings.contact_phone.replace(/[^+\d]/g, '')}`}>{settings.contact_phone}</a>
        </li>
        <li className="card">
          <h2>Email us</h2>
          <p>We answer within a few days.</p>
          <a href={`mailto:${settings.contact_email}`}>{settings.contact_email}</a>
        </li>
        <li className="card">
          <h2>Social media</h2>
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
        <h2>Ready to join?</h2>
        <p>Sign in with your 42 account to apply.</p>
        <a className="btn btn-42" href={LOGIN_URL}>
          Login with 42
        </a>
      </div>
    </div>
  );
}

export default ContactPage;
