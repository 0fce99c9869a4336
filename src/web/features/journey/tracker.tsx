import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { isEligible } from '../../../contract/eligibility';
import type { MyApplication } from '../../../contract/applications';
import { LoadError } from '../../components/load-error';
import { LoadingScreen } from '../../components/loading-screen';
import { usePageTitle } from '../../lib/use-page-title';
import { fullName } from '../../lib/format';
import { useSession } from '../auth/api';
import { usePublicSettings } from '../public/api';
import { ApplicationForm } from './application-form';
import { ProgressBar } from './progress-bar';
import { Complete, Declined, NotEligible, SubmittedCard, WaitingForBoard, Withdrawn } from './step-views';
import { useMyApplication } from './api';
import './tracker.css';

/**
 * The panels of other features that the tracker shows (app/pages/tracker-page.tsx hands them
 * over): the board's messages above the steps, the panel of the challenges and hackathon steps,
 * and a member's projects once complete.
 */
export type TrackerPanels = { messages: ReactNode; challenges: ReactNode; hackathon: ReactNode; projects: ReactNode };

/** `/` and `/apply` for a signed-in candidate: where they stand and what to do next. */
export function Tracker({ panels }: { panels: TrackerPanels }) {
  const { t } = useLingui();
  usePageTitle(t`Your application`, t`Follow your application to the 1337 Robotics Club.`);
  const { user } = useSession();
  const application = useMyApplication();
  if (application.isPending) return <LoadingScreen title={t`Loading`} message={t`Loading your application...`} />;

  const mine = application.data ?? null;
  const step = mine?.step ?? 0;
  const name = user ? fullName(user) : '';
  return (
    <div className="wrap page tracker">
      <header className="page-header">
        <h1>
          {user ? (
            <Trans>
              Hello, <bdi>{name}</bdi>
            </Trans>
          ) : (
            <Trans>Your application</Trans>
          )}
        </h1>
        <p>
          <Trans>Your journey to the 1337 Robotics Club, step by step.</Trans>
        </p>
      </header>
      {application.error ? (
        <LoadError
          error={application.error}
          fallback={t`Failed to load your application`}
          onRetry={application.refetch}
        />
      ) : (
        <Journey application={mine} step={step} panels={panels} />
      )}
    </div>
  );
}

/** The journey for the application as loaded: the messages, the steps and the step's own panel. */
function Journey({
  application: mine,
  step,
  panels,
}: {
  application: MyApplication | null;
  step: MyApplication['step'];
  panels: TrackerPanels;
}) {
  const { user } = useSession();
  const { allowed_campuses } = usePublicSettings();
  // The form of a first application, or of a new one in a later round after a decline or a
  // withdrawal (decisions 0121, 0145).
  const form =
    user && !isEligible(allowed_campuses, user) ? <NotEligible allowed={allowed_campuses} /> : <ApplicationForm />;
  return (
    <>
      {panels.messages}
      {step !== -1 && step !== -2 && <ProgressBar step={step} />}
      {step === 0 && (mine ? <SubmittedCard application={mine} /> : form)}
      {step === 1 && panels.challenges}
      {step === 2 && panels.hackathon}
      {step === 3 && <WaitingForBoard />}
      {step === 4 && <Complete />}
      {step === 4 && panels.projects}
      {step === -1 && mine && <Declined application={mine} />}
      {step === -2 && mine && <Withdrawn application={mine} />}
      {step < 0 && mine?.may_apply_again && form}
    </>
  );
}
