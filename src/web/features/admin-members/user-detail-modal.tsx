import { useRef } from 'react';
import { MIN_MEMBER_XP } from '../../../contract/constants';
import { ErrorBanner } from '../../components/error-banner';
import { Spinner } from '../../components/loading-screen';
import { Modal } from '../../components/modal';
import { formatDate, formatDateTime } from '../../lib/format';
import { useDecisions, type Decision, type DecisionSubject } from '../admin-applications/decisions';
import { useMember } from './api';
import { ChallengeDeadlineSection } from './challenge-deadline';

const STEP_NAMES: Record<number, string> = {
  [-1]: 'Declined',
  0: 'Application',
  1: '4 Challenges',
  2: 'Hackathon',
  3: 'Board Approval',
  4: 'Complete',
};

/** The two answers to one decision; each asks first (useDecisions). */
function ApproveDecline(props: {
  approveLabel: string;
  disabled: boolean;
  onApprove: () => void;
  onDecline: () => void;
}) {
  return (
    <>
      <button type="button" className="btn btn-small" disabled={props.disabled} onClick={props.onApprove}>
        {props.approveLabel}
      </button>
      <button type="button" className="btn btn-danger btn-small" disabled={props.disabled} onClick={props.onDecline}>
        Decline
      </button>
    </>
  );
}

/** The member's profile, activity, applications and journey, with the board's decisions. */
export function UserDetailModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const detail = useMember(userId);
  const decisions = useDecisions();
  // A decision takes its buttons away: the applications' heading keeps the focus inside the dialog.
  const applicationsHeading = useRef<HTMLHeadingElement>(null);
  const decide = (applicationId: number, decision: Decision) =>
    decisions.decide(subjectOf(applicationId), decision, { onDone: () => applicationsHeading.current?.focus() });
  const data = detail.data;
  const pendingFinal = data?.journey.step === 3;
  const subjectOf = (applicationId: number): DecisionSubject => ({
    applicationId,
    userId,
    login: data?.user.intra_login ?? null,
    role: data?.user.role,
  });
  const application = data?.applications[0];

  return (
    <Modal title={data ? `@${data.user.intra_login}` : 'User'} onClose={onClose}>
      {detail.isPending && <Spinner label="Loading the user" />}
      <ErrorBanner error={detail.error} fallback="Failed to load users" />
      <ErrorBanner error={decisions.error} fallback="The change could not be saved" />
      {decisions.dialog}
      {data && (
        <div className="stack">
          <dl className="detail-grid">
            <dt>Login</dt>
            <dd>{data.user.intra_login}</dd>
            <dt>Email</dt>
            <dd>{data.user.email ?? '—'}</dd>
            <dt>Role</dt>
            <dd>{data.user.role}</dd>
            <dt>Admin</dt>
            <dd>{data.user.is_admin ? 'Yes' : 'No'}</dd>
            <dt>Banned</dt>
            <dd>{data.user.is_banned ? 'Yes' : 'No'}</dd>
            <dt>Journey</dt>
            <dd>{data.journey.step === null ? 'Not applied' : STEP_NAMES[data.journey.step]}</dd>
            <dt>XP</dt>
            <dd>
              {data.journey.experience_points} ({data.journey.challenges_validated}/{data.journey.challenges_total}{' '}
              challenges validated)
            </dd>
          </dl>
          {pendingFinal && application && (
            <div className="alert alert-info stack">
              <p>
                <strong>Final decision.</strong> {data.journey.experience_points} XP{' '}
                {data.journey.experience_points >= MIN_MEMBER_XP
                  ? `reaches the ${MIN_MEMBER_XP} XP of junior member status.`
                  : `is under the ${MIN_MEMBER_XP} XP of junior member status.`}
              </p>
              <div className="row">
                <ApproveDecline
                  approveLabel="Approve as member"
                  disabled={decisions.pending}
                  onApprove={() => decide(application.id, 'member')}
                  onDecline={() => decide(application.id, 'final-declined')}
                />
              </div>
            </div>
          )}
          {data.challenge_deadline && (
            <ChallengeDeadlineSection
              userId={userId}
              login={data.user.intra_login}
              deadline={data.challenge_deadline}
            />
          )}
          <section>
            <h3 ref={applicationsHeading} tabIndex={-1}>
              Applications
            </h3>
            {data.applications.length === 0 ? (
              <p className="muted">No application.</p>
            ) : (
              <ul className="plain-list">
                {data.applications.map((item) => (
                  <li key={item.id} className="row">
                    <span>
                      #{item.id} · <span className="badge">{item.status}</span> · {formatDate(item.created_at)}
                    </span>
                    {item.status === 'pending' && (
                      <ApproveDecline
                        approveLabel="Approve"
                        disabled={decisions.pending}
                        onApprove={() => decide(item.id, 'approved')}
                        onDecline={() => decide(item.id, 'declined')}
                      />
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3>Recent activity</h3>
            {data.recent_activity.length === 0 ? (
              <p className="muted">No activity yet.</p>
            ) : (
              <ul className="plain-list">
                {data.recent_activity.map((entry) => (
                  <li key={entry.id}>
                    <code>{entry.action}</code> · {formatDateTime(entry.created_at)}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
