import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'react-router';
import type { MyApplication } from '../../../contract/applications';
import { MIN_MEMBER_XP } from '../../../contract/constants';
import { INTL_LOCALES } from '../../../contract/i18n';
import type { Locale } from '../../../contract/locales';
import { notEligibleMessage, type AllowedCampus } from '../../../contract/eligibility';
import { useConfirmation } from '../../components/confirm-dialog';
import { ErrorBanner } from '../../components/error-banner';
import { focusPageHeading } from '../../lib/focus';
import { clubZone } from '../../lib/format';
import { useSession } from '../auth/api';
import { useMyChallenges } from '../challenges/api';
import { TeamResults, useMyHackathon } from '../hackathon/api';
import { useWithdrawApplication } from './api';
import { ApplicationForm } from './application-form';

/**
 * The landing page, for a signed-in candidate too: `/` is their tracker, so the declined and
 * withdrawn views' Back to Home would lead back to the same view (decision 0145).
 */
const LANDING_PAGE = '/welcome';

/** A day written out in the page's language (English as written in Britain: 24 November 2026). */
function useLongDate() {
  const { i18n } = useLingui();
  const locale = i18n.locale === 'en' ? 'en-GB' : INTL_LOCALES[i18n.locale as Locale];
  // In the club's time zone, as every date of the pages (decision 0155).
  return (iso: string) =>
    new Date(iso).toLocaleDateString(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: clubZone() });
}

/** Step 0 for a student of a campus that may not apply: the server's refusal, said before they try. */
export function NotEligible({ allowed }: { allowed: readonly AllowedCampus[] }) {
  return (
    <section className="card stack" aria-labelledby="not-eligible-title">
      <h2 id="not-eligible-title">
        <Trans>Who can apply</Trans>
      </h2>
      <p className="alert alert-info">{notEligibleMessage(allowed)}</p>
      <p>
        <Link to="/process">
          <Trans>Read the Rules</Trans>
        </Link>
      </p>
    </section>
  );
}

/**
 * Step 0, once sent: the application is with the board. Until the board reviews it the candidate
 * may edit it, or withdraw it (decision 0145), asked first.
 */
export function SubmittedCard({ application }: { application: MyApplication }) {
  const { t } = useLingui();
  const formatDate = useLongDate();
  const sent = formatDate(application.created_at);
  const [editing, setEditing] = useState(false);
  const withdraw = useWithdrawApplication();
  const confirmation = useConfirmation();
  if (editing) return <ApplicationForm editing={application} onDone={() => setEditing(false)} />;
  const askToWithdraw = () =>
    confirmation.ask({
      title: t`Withdraw your application?`,
      consequence: (
        <p>
          <Trans>
            The board will no longer review it, and you cannot apply again in this recruitment round. You can apply
            again when the club opens its next round.
          </Trans>
        </p>
      ),
      confirmLabel: t`Withdraw application`,
      danger: true,
      onConfirm: () => withdraw.mutate(application.id, { onSuccess: focusPageHeading }),
    });
  return (
    <section className="card stack" aria-labelledby="submitted-title">
      {confirmation.dialog}
      <h2 id="submitted-title">
        <Trans>Application Submitted!</Trans>
      </h2>
      <p>
        <Trans>Your application is under review by the board. You sent it on {sent}.</Trans>
      </p>
      <p className="alert alert-info">
        <Trans>
          You will receive an email notification when the board has reviewed it: typically within 3-5 business days.
        </Trans>
      </p>
      <details>
        <summary>
          <Trans>Your motivation</Trans>
        </summary>
        <p className="prewrap" dir="auto">
          {application.motivation}
        </p>
      </details>
      <ErrorBanner error={withdraw.error} fallback={t`Your application could not be withdrawn.`} />
      <div className="row">
        <button type="button" className="btn btn-secondary" onClick={() => setEditing(true)}>
          <Trans>Edit application</Trans>
        </button>
        <button type="button" className="btn btn-danger" onClick={askToWithdraw} disabled={withdraw.isPending}>
          <Trans>Withdraw application</Trans>
        </button>
      </div>
    </section>
  );
}

/** Step -2: the candidate withdrew their application (decision 0145). */
/** The end of a closed application: the form below when a new round is open, else the way out. */
function ApplyAgainOrLeave({ mayApplyAgain }: { mayApplyAgain: boolean }) {
  return mayApplyAgain ? (
    <p className="alert alert-success">
      <Trans>A new recruitment round is open: you can apply again below.</Trans>
    </p>
  ) : (
    <div>
      <Link className="btn" to={LANDING_PAGE}>
        <Trans>Back to Home</Trans>
      </Link>
    </div>
  );
}

export function Withdrawn({ application }: { application: MyApplication }) {
  const formatDate = useLongDate();
  const on = formatDate(application.updated_at);
  return (
    <section className="card stack" aria-labelledby="withdrawn-title">
      <h2 id="withdrawn-title">
        <Trans>Application Withdrawn</Trans>
      </h2>
      <p>
        <Trans>You withdrew your application on {on}. The board no longer reviews it.</Trans>
      </p>
      {!application.may_apply_again && (
        <p>
          <Trans>You can apply again when the club opens its next recruitment round.</Trans>
        </p>
      )}
      <ApplyAgainOrLeave mayApplyAgain={application.may_apply_again} />
    </section>
  );
}

/** Step 3: the hackathon is over; the board decides. */
export function WaitingForBoard() {
  const { user } = useSession();
  const xp = user?.experience_points ?? 0;
  const results = useMyHackathon().data?.team?.results ?? null;
  return (
    <section className="card stack" aria-labelledby="board-title">
      <h2 id="board-title">
        <Trans>Waiting for Board Approval</Trans>
      </h2>
      <p>
        <Trans>
          You completed the challenges and the hackathon. The board is reviewing your journey: this typically takes 2-3
          business days, and you will receive the final decision by email.
        </Trans>
      </p>
      <p className={xp >= MIN_MEMBER_XP ? 'alert alert-success' : 'alert alert-info'}>
        {xp >= MIN_MEMBER_XP ? (
          <Trans>
            Your total: <strong>{xp} XP</strong>. That reaches the {MIN_MEMBER_XP} XP needed for junior member status.
          </Trans>
        ) : (
          <Trans>
            Your total: <strong>{xp} XP</strong>. Junior member status needs {MIN_MEMBER_XP} XP.
          </Trans>
        )}
      </p>
      {/* The team's published hackathon results (spec §14) stay readable while the board decides. */}
      {results && <TeamResults results={results} />}
    </section>
  );
}

/** Step 4: a member of the club. */
export function Complete() {
  const formatDate = useLongDate();
  const challenges = useMyChallenges();
  const completed = (challenges.data?.data ?? []).filter((challenge) => challenge.status === 'validated');
  return (
    <section className="card stack" aria-labelledby="complete-title">
      <h2 id="complete-title">
        <Trans>Congratulations, you are a member of the club!</Trans>
      </h2>
      <p>
        <Trans>The board approved your application. Welcome to the 1337 Robotics Club.</Trans>
      </p>
      <h3>
        <Trans>Completed challenges</Trans>
      </h3>
      {challenges.isPending ? (
        <p className="muted">
          <Trans>Loading your challenges...</Trans>
        </p>
      ) : completed.length === 0 ? (
        <p className="muted">
          <Trans>No completed challenges to show.</Trans>
        </p>
      ) : (
        <ul className="plain-list">
          {completed.map((challenge) => {
            const title = challenge.title;
            const day = formatDate(challenge.validated_at ?? challenge.updated_at);
            return (
              <li key={challenge.id}>
                <Trans>
                  <strong dir="auto">{title}</strong> — completed on {day}
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
      <h3>
        <Trans>Next steps</Trans>
      </h3>
      <ul>
        <li>
          <Trans>Join the club&apos;s next meeting and meet your team mates.</Trans>
        </li>
        <li>
          <Trans>
            <a href="#projects">Propose a club project</a> below, or join one with the board.
          </Trans>
        </li>
        <li>
          <Trans>Help the next candidates with their challenges.</Trans>
        </li>
      </ul>
      <div>
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          <Trans>Refresh page</Trans>
        </button>
      </div>
    </section>
  );
}

/** Step -1: declined, with advice. */
export function Declined({ application }: { application: MyApplication }) {
  return (
    <section className="card stack" aria-labelledby="declined-title">
      <h2 id="declined-title">
        <Trans>Application Declined</Trans>
      </h2>
      <p>
        <Trans>Thank you for your interest in the club. The board has declined your application this time.</Trans>
      </p>
      {application.review_notes && (
        <p className="alert alert-info">
          <strong>
            <Trans>The board&apos;s note:</Trans>
          </strong>{' '}
          <bdi>{application.review_notes}</bdi>
        </p>
      )}
      <p>
        <Trans>
          Keep building: practise with Tinkercad and Arduino, work on small electronics projects, and follow the
          club&apos;s events. You are welcome to try again in a later recruitment.
        </Trans>
      </p>
      <ApplyAgainOrLeave mayApplyAgain={application.may_apply_again} />
    </section>
  );
}
