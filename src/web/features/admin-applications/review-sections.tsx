import { useLingui } from '@lingui/react';
import type { ReactNode, Ref } from 'react';
import type { ApplicationDetail, ApplicationStatus, Vote } from '../../../contract/applications';
import { MIN_MEMBER_XP } from '../../../contract/constants';
import { Avatar } from '../../components/avatar';
import { formatDate, formatDateTime } from '../../lib/format';
import { JOURNEY } from '../journey/progress-bar';
import { keyOf, shortcutsOf, type ReviewAction } from './review-keys';

export const STATUS_BADGE: Record<ApplicationStatus, string> = {
  pending: 'badge badge-warning',
  approved: 'badge badge-success',
  declined: 'badge badge-danger',
};

/** Said where blind review keeps who the candidate is from this admin. */
export const HIDDEN_CANDIDATE = 'Candidate hidden until you vote';

/** A button of the screen with the key that does the same, shown and given to assistive technology. */
export function KeyButton(props: {
  action: ReviewAction;
  onClick: () => void;
  className?: string;
  pressed?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.className ?? 'btn btn-secondary'}
      aria-keyshortcuts={shortcutsOf(props.action)}
      aria-pressed={props.pressed}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.children}
      <kbd aria-hidden="true">{keyOf(props.action)}</kbd>
    </button>
  );
}

/** A titled card of the screen; its heading takes the focus when its own buttons go away. */
export function Panel({
  id,
  title,
  headingRef,
  children,
}: {
  id: string;
  title: string;
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}) {
  return (
    <section className="card stack review-panel" aria-labelledby={id}>
      <h2 id={id} ref={headingRef} tabIndex={-1}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function Link({ url }: { url: string | null }) {
  if (!url) return <>—</>;
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {url}
    </a>
  );
}

/** Who the candidate is (or that blind review hides it) and their 42 profile. */
export function CandidatePanel({ application }: { application: ApplicationDetail }) {
  const { user } = application;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <Panel id="review-candidate" title="Candidate">
      {application.identity_hidden || !user.intra_login ? (
        <p className="alert alert-info">{HIDDEN_CANDIDATE} (blind review).</p>
      ) : (
        <div className="row">
          <Avatar name={user.intra_login} imageUrl={user.image_url} large />
          <div className="person-name">
            <strong>{name || `@${user.intra_login}`}</strong>
            <div>@{user.intra_login}</div>
            {user.email && <div className="muted">{user.email}</div>}
          </div>
        </div>
      )}
      <dl className="detail-grid">
        <dt>42 level</dt>
        <dd>{user.level.toFixed(2)}</dd>
        <dt>Campus</dt>
        <dd>{user.campus ?? '—'}</dd>
        <dt>Status</dt>
        <dd>
          <span className={STATUS_BADGE[application.status]}>{application.status}</span>
        </dd>
        <dt>Sent</dt>
        <dd>{formatDate(application.created_at)}</dd>
      </dl>
    </Panel>
  );
}

/** The application's answers and links; blind review hides the links too. */
export function AnswersPanel({ application }: { application: ApplicationDetail }) {
  const hidden = application.identity_hidden;
  return (
    <Panel id="review-answers" title="Answers">
      <dl className="detail-grid">
        <dt>Experience</dt>
        <dd>{application.experience_level}</dd>
        <dt>GitHub</dt>
        <dd>{hidden ? HIDDEN_CANDIDATE : <Link url={application.github_profile} />}</dd>
        <dt>Portfolio</dt>
        <dd>{hidden ? HIDDEN_CANDIDATE : <Link url={application.portfolio_url} />}</dd>
      </dl>
      <h3>Motivation</h3>
      <p className="prewrap">{application.motivation}</p>
      {application.review_notes && (
        <p className="alert alert-info">
          <strong>Review notes:</strong> {application.review_notes}
        </p>
      )}
    </Panel>
  );
}

/** Where the candidate stands: the step, the XP and the challenges validated of those assigned. */
export function JourneyPanel({ application }: { application: ApplicationDetail }) {
  const { step, experience_points: xp, challenges_validated, challenges_total } = application.journey;
  const { i18n } = useLingui();
  const title = JOURNEY.find((item) => item.step === step)?.title;
  const stepName = step === -1 ? 'Declined' : title ? i18n._(title) : 'Not applied';
  return (
    <Panel id="review-journey" title="Journey">
      <dl className="detail-grid">
        <dt>Step</dt>
        <dd>{stepName}</dd>
        <dt>XP</dt>
        <dd>{xp} XP</dd>
        <dt>Challenges</dt>
        <dd>
          {challenges_validated} of {challenges_total} validated
        </dd>
      </dl>
      {application.stage === 'final' && (
        <p className="muted">
          {xp >= MIN_MEMBER_XP
            ? `${xp} XP reaches the ${MIN_MEMBER_XP} XP of junior member status.`
            : `${xp} XP is under the ${MIN_MEMBER_XP} XP of junior member status.`}
        </p>
      )}
    </Panel>
  );
}

const VOTE_WORD: Record<Vote, string> = { yes: 'Yes', no: 'No', abstain: 'Abstain' };
const VOTE_BADGE: Record<Vote, string> = { yes: 'badge badge-success', no: 'badge badge-danger', abstain: 'badge' };
const STAGE_NAME = { review: 'Review', final: 'Final decision' } as const;

/** The board's votes, both stages, oldest first, with the tally of the open (or last) stage. */
export function VotesPanel({ application }: { application: ApplicationDetail }) {
  const { tally, votes } = application;
  return (
    <Panel id="review-votes" title="Votes of the board">
      <dl className="review-tally" aria-label="Tally">
        {(['yes', 'no', 'abstain'] as const).map((choice) => (
          <div key={choice}>
            <dt>{VOTE_WORD[choice]}</dt>
            <dd>{tally[choice]}</dd>
          </div>
        ))}
      </dl>
      {votes.length === 0 ? (
        <p className="muted">No votes yet.</p>
      ) : (
        <ul className="review-timeline">
          {votes.map((vote) => (
            <li key={`${vote.admin_id}-${vote.stage}`}>
              <p>
                <strong>@{vote.admin_login}</strong>{' '}
                <span className={VOTE_BADGE[vote.vote]}>{VOTE_WORD[vote.vote]}</span>{' '}
                <span className="badge">{STAGE_NAME[vote.stage]}</span>
              </p>
              {vote.comment && <blockquote className="prewrap">{vote.comment}</blockquote>}
              <p className="muted">
                <time dateTime={vote.created_at}>{formatDateTime(vote.created_at)}</time>
              </p>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
