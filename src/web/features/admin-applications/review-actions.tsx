import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Ref } from 'react';
import { VOTE_COMMENT_MAX, type ApplicationDetail, type Vote } from '../../../contract/applications';
import { KeyButton, Panel } from './review-sections';

/** What the Decision panel's buttons and keys ask for; the screen names the decision of the stage. */
export type Choice = 'approve' | 'decline';

const VOTE_BUTTONS: readonly { vote: Vote; label: MessageDescriptor }[] = [
  { vote: 'yes', label: msg`Vote yes` },
  { vote: 'no', label: msg`Vote no` },
  { vote: 'abstain', label: msg`Abstain` },
];

type VotePanelProps = {
  application: ApplicationDetail;
  mine: Vote | null;
  comment: string;
  onComment: (comment: string) => void;
  onVote: (vote: Vote) => void;
  saving: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  commentRef: Ref<HTMLTextAreaElement>;
};

/** This admin's vote on the open decision, with an optional comment sent along. */
export function VotePanel({ headingRef, commentRef, ...props }: VotePanelProps) {
  const { t } = useLingui();
  const { application } = props;
  return (
    <Panel id="review-vote" title={t`Your vote`} headingRef={headingRef}>
      {application.stage === null ? (
        <p className="muted">
          <Trans>Votes are closed: no decision is open on this application.</Trans>
        </p>
      ) : (
        <>
          <p className="muted">
            {application.stage === 'review'
              ? t`The board votes on the application; votes advise, the decision is separate.`
              : t`The board votes on the final decision: making the candidate a member.`}
          </p>
          <div className="field">
            <label htmlFor="review-comment">
              <Trans>Comment (optional, sent with your vote)</Trans>
            </label>
            <textarea
              id="review-comment"
              ref={commentRef}
              value={props.comment}
              maxLength={VOTE_COMMENT_MAX}
              aria-describedby="review-comment-hint"
              onChange={(event) => props.onComment(event.target.value)}
            />
            <p className="hint" id="review-comment-hint">
              <Trans>Press Escape to leave the box, then a vote key.</Trans>
            </p>
          </div>
          <div className="row" role="group" aria-label={t`Vote`}>
            {VOTE_BUTTONS.map(({ vote, label }) => (
              <KeyButton
                key={vote}
                action={vote}
                pressed={props.mine === vote}
                disabled={props.saving}
                onClick={() => props.onVote(vote)}
              >
                {t(label)}
              </KeyButton>
            ))}
          </div>
        </>
      )}
    </Panel>
  );
}

/** Why the final approval waits under blind review: it makes a person a member, whom the admin cannot see yet. */
export const MEMBER_NEEDS_VOTE = msg`Vote first: blind review hides who the candidate is, and approving makes that person a member.`;

const DECIDED: Record<ApplicationDetail['status'], MessageDescriptor> = {
  pending: msg`Waiting for the review.`,
  approved: msg`Approved: the candidate is on the journey. The final decision opens at the board approval step.`,
  declined: msg`Declined.`,
  withdrawn: msg`Withdrawn by the candidate: nothing is left to decide. They may apply again in a later round.`,
};

type DecisionPanelProps = {
  application: ApplicationDetail;
  note: string;
  onNote: (note: string) => void;
  onDecide: (choice: Choice) => void;
  saving: boolean;
  headingRef: Ref<HTMLHeadingElement>;
};

/** The decision open on the application: the review, or the final decision at step 3. */
export function DecisionPanel({ headingRef, ...props }: DecisionPanelProps) {
  const { t } = useLingui();
  const { application } = props;
  const final = application.stage === 'final';
  const memberHidden = final && application.identity_hidden;
  return (
    <Panel id="review-decision" title={t`Decision`} headingRef={headingRef}>
      {application.stage === null ? (
        <p>{application.journey.step === 4 ? t`The candidate is a member.` : t(DECIDED[application.status])}</p>
      ) : (
        <>
          <p className="muted">
            {final
              ? t`Final decision: approving makes the candidate a member; declining ends the application.`
              : t`Approving starts the challenges; declining ends the application. The candidate is emailed.`}
          </p>
          {!final && application.active_challenges === 0 && (
            <p className="alert alert-warning" role="note">
              <Trans>
                No challenge is active yet: approved now, the candidate starts with none while their deadline runs. Each
                challenge goes to them as the board activates it in Challenges.
              </Trans>
            </p>
          )}
          <div className="field">
            <label htmlFor="review-note">
              {final
                ? t`Note to the candidate (optional, sent with a decline)`
                : t`Note to the candidate (optional, sent with the decision's email)`}
            </label>
            <textarea
              id="review-note"
              value={props.note}
              maxLength={2000}
              onChange={(event) => props.onNote(event.target.value)}
            />
          </div>
          {memberHidden && (
            <p className="hint" id="review-member-hidden">
              {t(MEMBER_NEEDS_VOTE)}
            </p>
          )}
          <div className="row">
            <KeyButton
              action="approve"
              className="btn"
              disabled={props.saving || memberHidden}
              describedBy={memberHidden ? 'review-member-hidden' : undefined}
              onClick={() => props.onDecide('approve')}
            >
              {final ? t`Approve as member` : t`Approve`}
            </KeyButton>
            <KeyButton
              action="decline"
              className="btn btn-danger"
              disabled={props.saving}
              onClick={() => props.onDecide('decline')}
            >
              <Trans>Decline</Trans>
            </KeyButton>
          </div>
        </>
      )}
    </Panel>
  );
}
