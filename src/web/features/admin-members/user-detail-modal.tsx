import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useRef } from 'react';
import { MIN_MEMBER_XP } from '../../../contract/constants';
import { AUDIT_ACTION_LABELS } from '../../../contract/audit';
import { isolated, say } from '../../../contract/i18n';
import { ErrorBanner } from '../../components/error-banner';
import { Spinner } from '../../components/loading-screen';
import { Modal } from '../../components/modal';
import { formatDate, formatDateTime } from '../../lib/format';
import { APPLICATION_STATUS_NAMES, STEP_NAMES } from '../../lib/journey-names';
import { useDecisions, type Decision, type DecisionSubject } from '../admin-applications/decisions';
import { useMember } from './api';
import { AssignChallengesSection } from './assign-challenges';
import { ChallengeDeadlineSection } from './challenge-deadline';
import { ROLE_BADGES } from './role-names';

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
        <Trans>Decline</Trans>
      </button>
    </>
  );
}

/** The member's profile, activity, applications and journey, with the board's decisions. */
export function UserDetailModal({ userId, onClose }: { userId: number; onClose: () => void }) {
  const { t } = useLingui();
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
  const xp = data?.journey.experience_points ?? 0;
  const validated = data?.journey.challenges_validated ?? 0;
  const total = data?.journey.challenges_total ?? 0;

  return (
    <Modal title={data ? isolated(`@${data.user.intra_login}`) : t`User`} onClose={onClose}>
      {detail.isPending && <Spinner label={t`Loading the user`} />}
      <ErrorBanner error={detail.error} fallback={t`Failed to load users`} />
      <ErrorBanner error={decisions.error} fallback={t`The change could not be saved`} />
      {decisions.dialog}
      {data && (
        <div className="stack">
          <dl className="detail-grid">
            <dt>
              <Trans>Login</Trans>
            </dt>
            <dd>
              <bdi>{data.user.intra_login}</bdi>
            </dd>
            <dt>
              <Trans>Email</Trans>
            </dt>
            <dd>{data.user.email ? <bdi>{data.user.email}</bdi> : '—'}</dd>
            <dt>
              <Trans>Role</Trans>
            </dt>
            <dd>{t(ROLE_BADGES[data.user.role])}</dd>
            <dt>
              <Trans context="badge: a person with admin rights">Admin</Trans>
            </dt>
            <dd>{data.user.is_admin ? t`Yes` : t`No`}</dd>
            <dt>
              <Trans>Banned</Trans>
            </dt>
            <dd>{data.user.is_banned ? t`Yes` : t`No`}</dd>
            <dt>
              <Trans>Journey</Trans>
            </dt>
            <dd>{data.journey.step === null ? t`Not applied` : t(STEP_NAMES[data.journey.step]!)}</dd>
            <dt>XP</dt>
            <dd>
              <Trans>
                {xp} ({validated}/{total} challenges validated)
              </Trans>
            </dd>
          </dl>
          {pendingFinal && application && (
            <div className="alert alert-info stack">
              <p>
                {xp >= MIN_MEMBER_XP ? (
                  <Trans>
                    <strong>Final decision.</strong> {xp} XP reaches the {MIN_MEMBER_XP} XP of junior member status.
                  </Trans>
                ) : (
                  <Trans>
                    <strong>Final decision.</strong> {xp} XP is under the {MIN_MEMBER_XP} XP of junior member status.
                  </Trans>
                )}
              </p>
              <div className="row">
                <ApproveDecline
                  approveLabel={t`Approve as member`}
                  disabled={decisions.pending}
                  onApprove={() => decide(application.id, 'member')}
                  onDecline={() => decide(application.id, 'final-declined')}
                />
              </div>
            </div>
          )}
          {data.journey.step === 1 && (
            <AssignChallengesSection
              userId={userId}
              login={data.user.intra_login}
              held={total}
              assignable={data.assignable_challenges}
            />
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
              <Trans>Applications</Trans>
            </h3>
            {data.hidden_applications > 0 && (
              <p className="muted">
                <Plural
                  value={data.hidden_applications}
                  one="# application is hidden until you vote on it (blind review)."
                  other="# applications are hidden until you vote on them (blind review)."
                />
              </p>
            )}
            {data.applications.length === 0 ? (
              data.hidden_applications === 0 && (
                <p className="muted">
                  <Trans>No application.</Trans>
                </p>
              )
            ) : (
              <ul className="plain-list">
                {data.applications.map((item) => (
                  <li key={item.id} className="row">
                    <span>
                      #{item.id} · <span className="badge">{t(APPLICATION_STATUS_NAMES[item.status])}</span> ·{' '}
                      {formatDate(item.created_at)}
                    </span>
                    {item.status === 'pending' && (
                      <ApproveDecline
                        approveLabel={t`Approve`}
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
            <h3>
              <Trans>Recent activity</Trans>
            </h3>
            {data.recent_activity.length === 0 ? (
              <p className="muted">
                <Trans>No activity yet.</Trans>
              </p>
            ) : (
              <ul className="plain-list">
                {data.recent_activity.map((entry) => {
                  return (
                    <li key={entry.id}>
                      {say(AUDIT_ACTION_LABELS[entry.action])} <code>{entry.action}</code> ·{' '}
                      {formatDateTime(entry.created_at)}
                    </li>
                  );
                })}
              </ul>
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
