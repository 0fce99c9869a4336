import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { usePublicSettings } from './api';
import { RetentionNotice } from './retention-notice';
import './public.css';

/**
 * `/privacy`: what the app keeps about a person, why, for how long, who sees it, where it is
 * stored and how to get a copy or an erasure (decisions §15, decision 0169). The place, the
 * retention period and the contact come from the settings.
 */
export function PrivacyPage() {
  const { t } = useLingui();
  usePageTitle(t`Privacy notice`, t`What the 1337 Robotics Club keeps about you, why, and how to get it or erase it.`);
  const settings = usePublicSettings();
  const location = settings.data_location;
  const email = settings.contact_email;
  return (
    <div className="wrap page privacy-page">
      <header className="page-header">
        <h1>
          <Trans>Privacy notice</Trans>
        </h1>
        <p>
          <Trans>
            The 1337 Robotics Club keeps some data about the students who sign in to this app. Moroccan law 09-08 (and
            the GDPR for campuses in the European Union) gives you the right to know what is kept, to get a copy of it
            and to have it erased. Here is all of it.
          </Trans>
        </p>
      </header>

      <section className="card">
        <h2>
          <Trans>What we keep</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              From your 42 profile, when you sign in: your login, first and last names, email address, picture, campus
              and level.
            </Trans>
          </li>
          <li>
            <Trans>
              What you write: your application (motivation, experience level, GitHub and portfolio links), your
              Tinkercad exercise links, your hackathon project and any request for more time.
            </Trans>
          </li>
          <li>
            <Trans>
              What the board decides and writes: its votes and comments on your application, its decisions, the notes
              and feedback it sends you, your XP, your hackathon team and scores, and the messages and emails sent to
              you.
            </Trans>
          </li>
          <li>
            <Trans>
              When you sign in, and a record of the actions taken on your account, so that the board can tell who did
              what.
            </Trans>
          </li>
        </ul>
      </section>

      <section className="card">
        <h2>
          <Trans>Why</Trans>
        </h2>
        <p>
          <Trans>
            Only to run the club: to review your application, follow your challenges and hackathon, tell you by email
            what happens next, and keep the club's records of its decisions and XP. Nothing is sold or used for
            advertising.
          </Trans>
        </p>
        <p>
          <Trans>
            When you apply, the form asks you to confirm that you have read this notice; the application keeps the date
            you did.
          </Trans>
        </p>
      </section>

      <section className="card">
        <h2>
          <Trans>Who sees it</Trans>
        </h2>
        <p>
          <Trans>
            The club's board, who run this app, see all of it. The judges of a hackathon see the teams and projects they
            score. If the board has connected a chat, it receives your 42 login when something happens to your
            application. Emails to you go through the club's mail service.
          </Trans>
        </p>
      </section>

      <section className="card">
        <h2>
          <Trans>Where it is stored</Trans>
        </h2>
        <p>
          <Trans>
            On <bdi>{location}</bdi>.
          </Trans>
        </p>
      </section>

      <section className="card">
        <h2>
          <Trans>For how long</Trans>
        </h2>
        <p>
          <RetentionNotice months={settings.retention_months} />
        </p>
      </section>

      <section className="card">
        <h2>
          <Trans>A copy or an erasure</Trans>
        </h2>
        <ul>
          <li>
            <Trans>
              A copy: once signed in, choose “Download my data” in your account menu. You get a file with everything the
              app holds about you (the board's votes and comments without the names of those who wrote them).
            </Trans>
          </li>
          <li>
            <Trans>
              An erasure: choose “Delete my account” in your account menu and type your login to confirm. Your names,
              email, picture and 42 account are removed, and so is what you wrote and what the board wrote about you.
              The club's decisions, XP and teams stay, shown under “deleted user”. Signing in again later makes a new
              account.
            </Trans>
          </li>
        </ul>
      </section>

      <section className="card">
        <h2>
          <Trans>Questions</Trans>
        </h2>
        <p>
          <Trans>
            Write to <a href={`mailto:${email}`}>{email}</a>, or see all the ways to{' '}
            <Link to="/contact">contact the club</Link>.
          </Trans>
        </p>
      </section>
    </div>
  );
}

export default PrivacyPage;
