import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode, Ref } from 'react';
import type { ApplicationDetail, ApplicationStatus, ExperienceLevel, Vote } from '../../../contract/applications';
import { MIN_MEMBER_XP } from '../../../contract/constants';
import { Avatar } from '../../components/avatar';
import { formatDate, formatDateTime } from '../../lib/format';
import { APPLICATION_STATUS_NAMES, STEP_NAMES } from '../../lib/journey-names';
import { keyOf, shortcutsOf, type ReviewAction } from './review-keys';

export const STATUS_BADGE: Record<ApplicationStatus, string> = {
  pending: 'badge badge-warning',
  approved: 'badge badge-success',
  declined: 'badge badge-danger',
  withdrawn: 'badge',
};

/** Said where blind review keeps who the candidate is from this admin. */
export const HIDDEN_CANDIDATE = msg`Candidate hidden until you vote`;

/** A candidate's experience as the board reads it; the stored value stays the contract's. */
export const EXPERIENCE_NAMES: Record<ExperienceLevel, MessageDescriptor> = {
  beginner: msg`beginner`,
  intermediate: msg`intermediate`,
  advanced: msg`advanced`,
};

/** A button of the screen with the key that does the same, shown and given to assistive technology. */
export function KeyButton(props: {
  action: ReviewAction;
  onClick: () => void;
  className?: string;
  pressed?: boolean;
  disabled?: boolean;
  /** The id of a text that says why the button is disabled. */
  describedBy?: string;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={props.className ?? 'btn btn-secondary'}
      aria-keyshortcuts={shortcutsOf(props.action)}
      aria-pressed={props.pressed}
      aria-describedby={props.describedBy}
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
  const { t, i18n } = useLingui();
  const { user } = application;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  const hidden = t(HIDDEN_CANDIDATE);
  return (
    <Panel id="review-candidate" title={t`Candidate`}>
      {application.identity_hidden || !user.intra_login ? (
        <p className="alert alert-info">{t`${hidden} (blind review).`}</p>
      ) : (
        <div className="row">
          <Avatar name={user.intra_login} imageUrl={user.image_url} large />
          <div className="person-name">
            <strong>
              <bdi>{name || `@${user.intra_login}`}</bdi>
            </strong>
            <div>
              <bdi>@{user.intra_login}</bdi>
            </div>
            {user.email && (
              <div className="muted">
                <bdi>{user.email}</bdi>
              </div>
            )}
          </div>
        </div>
      )}
      <dl className="detail-grid">
        <dt>
          <Trans>42 level</Trans>
        </dt>
        <dd>{i18n.number(user.level, { minimumFractionDigits: 2, maximumFractionDigits: 2 })}</dd>
        <dt>
          <Trans>Campus</Trans>
        </dt>
        <dd>{user.campus ?? '—'}</dd>
        <dt>
          <Trans>Status</Trans>
        </dt>
        <dd>
          <span className={STATUS_BADGE[application.status]}>{t(APPLICATION_STATUS_NAMES[application.status])}</span>
        </dd>
        <dt>
          <Trans>Sent</Trans>
        </dt>
        <dd>{formatDate(application.created_at)}</dd>
      </dl>
    </Panel>
  );
}

/** The application's answers and links; blind review hides the links too. */
export function AnswersPanel({ application }: { application: ApplicationDetail }) {
  const { t } = useLingui();
  const hidden = application.identity_hidden;
  const notes = application.review_notes;
  return (
    <Panel id="review-answers" title={t`Answers`}>
      <dl className="detail-grid">
        <dt>
          <Trans>Experience</Trans>
        </dt>
        <dd>{t(EXPERIENCE_NAMES[application.experience_level])}</dd>
        <dt>GitHub</dt>
        <dd>{hidden ? t(HIDDEN_CANDIDATE) : <Link url={application.github_profile} />}</dd>
        <dt>
          <Trans>Portfolio</Trans>
        </dt>
        <dd>{hidden ? t(HIDDEN_CANDIDATE) : <Link url={application.portfolio_url} />}</dd>
      </dl>
      <h3>
        <Trans>Motivation</Trans>
      </h3>
      <p className="prewrap" dir="auto">
        {application.motivation}
      </p>
      {notes && (
        <p className="alert alert-info">
          <Trans>
            <strong>Review notes:</strong> {notes}
          </Trans>
        </p>
      )}
    </Panel>
  );
}

/** Where the candidate stands: the step, the XP and the challenges validated of those assigned. */
export function JourneyPanel({ application }: { application: ApplicationDetail }) {
  const { t } = useLingui();
  const { step, experience_points: xp, challenges_validated: validated, challenges_total: total } = application.journey;
  const name = STEP_NAMES[step ?? NaN];
  const title = name ? t(name) : t`Not applied`;
  return (
    <Panel id="review-journey" title={t`Journey`}>
      <dl className="detail-grid">
        <dt>
          <Trans>Step</Trans>
        </dt>
        <dd>{title}</dd>
        <dt>XP</dt>
        <dd>{xp} XP</dd>
        <dt>
          <Trans>Challenges</Trans>
        </dt>
        <dd>
          <Trans>
            {validated} of {total} validated
          </Trans>
        </dd>
      </dl>
      {step === 1 && total === 0 && (
        <p className="alert alert-warning" role="note">
          <Trans>
            No challenge is assigned to this candidate yet. Each challenge the board activates goes to them; from Users,
            View, the board can also assign the active ones.
          </Trans>
        </p>
      )}
      {application.stage === 'final' && (
        <p className="muted">
          {xp >= MIN_MEMBER_XP
            ? t`${xp} XP reaches the ${MIN_MEMBER_XP} XP of junior member status.`
            : t`${xp} XP is under the ${MIN_MEMBER_XP} XP of junior member status.`}
        </p>
      )}
    </Panel>
  );
}

const VOTE_WORD: Record<Vote, MessageDescriptor> = { yes: msg`Yes`, no: msg`No`, abstain: msg`Abstain` };
const VOTE_BADGE: Record<Vote, string> = { yes: 'badge badge-success', no: 'badge badge-danger', abstain: 'badge' };
const STAGE_NAME = { review: msg`Review`, final: msg`Final decision` } as const;

/** The board's votes, both stages, oldest first, with the tally of the open (or last) stage. */
export function VotesPanel({ application }: { application: ApplicationDetail }) {
  const { t } = useLingui();
  const { tally, votes } = application;
  return (
    <Panel id="review-votes" title={t`Votes of the board`}>
      <dl className="review-tally" aria-label={t`Tally`}>
        {(['yes', 'no', 'abstain'] as const).map((choice) => (
          <div key={choice}>
            <dt>{t(VOTE_WORD[choice])}</dt>
            <dd>{tally[choice]}</dd>
          </div>
        ))}
      </dl>
      {votes.length === 0 ? (
        <p className="muted">
          <Trans>No votes yet.</Trans>
        </p>
      ) : (
        <ul className="review-timeline">
          {votes.map((vote) => (
            <li key={`${vote.admin_id}-${vote.stage}`}>
              <p>
                <strong>
                  <bdi>@{vote.admin_login}</bdi>
                </strong>{' '}
                <span className={VOTE_BADGE[vote.vote]}>{t(VOTE_WORD[vote.vote])}</span>{' '}
                <span className="badge">{t(STAGE_NAME[vote.stage])}</span>
              </p>
              {vote.comment && (
                <blockquote className="prewrap" dir="auto">
                  {vote.comment}
                </blockquote>
              )}
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
