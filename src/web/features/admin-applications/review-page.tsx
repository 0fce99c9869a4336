import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { MessageDescriptor } from '@lingui/core';
import type { ApplicationDetail, Vote } from '../../../contract/applications';
import { ErrorBanner } from '../../components/error-banner';
import { LoadError } from '../../components/load-error';
import { Spinner } from '../../components/loading-screen';
import { Modal } from '../../components/modal';
import { useUndo } from '../../components/undo-toast';
import { usePageTitle } from '../../lib/use-page-title';
import { useSession } from '../auth/api';
import { useApplicationDetail, useNextInQueue, useVote } from './api';
import { useDecisions, type Decision } from './decisions';
import { DecisionPanel, MEMBER_NEEDS_VOTE, VotePanel, type Choice } from './review-actions';
import { ReviewHistory } from './review-history';
import { REVIEW_KEYS, useReviewKeys, type ReviewAction } from './review-keys';
import { AnswersPanel, CandidatePanel, JourneyPanel, KeyButton, Panel, VotesPanel } from './review-sections';
import { rememberVisit, visitedBefore } from './review-trail';
import '../../components/admin.css';
import './review.css';

const reviewPath = (id: number) => `/admin/applications/${id}`;

const SAID = {
  voted: { yes: msg`Voted yes.`, no: msg`Voted no.`, abstain: msg`Abstained.` } satisfies Record<
    Vote,
    MessageDescriptor
  >,
  votesClosed: msg`Votes are closed: no decision is open on this application.`,
  noDecision: msg`No decision is open on this application.`,
  queueEmpty: msg`No application is left in the queue: you have voted on every open one.`,
  stillNext: msg`This application is still the next in your queue: vote on it first.`,
  firstVisited: msg`This is the first application you opened in this session.`,
  voteBeforeMember: MEMBER_NEEDS_VOTE,
};

/** The polite announcement of the screen: each new one replaces the last and is read out, even when it repeats. */
function useAnnouncer() {
  const { t } = useLingui();
  const [said, setSaid] = useState({ text: '', n: 0 });
  return {
    region: (
      <p className="review-status" role="status" aria-live="polite">
        <span key={said.n}>{said.text}</span>
      </p>
    ),
    say: (message: MessageDescriptor) => setSaid((last) => ({ text: t(message), n: last.n + 1 })),
  };
}

/** The keys, listed in the dialog `?` opens. */
function KeysDialog({ onClose }: { onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Modal title={t`Keyboard shortcuts`} onClose={onClose}>
      <p className="muted">
        <Trans>Keys do nothing while you type in a text box: press Escape to leave it first.</Trans>
      </p>
      <table className="review-keys">
        <thead>
          <tr>
            <th scope="col">
              <Trans>Key</Trans>
            </th>
            <th scope="col">
              <Trans>Does</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {REVIEW_KEYS.map((binding) => (
            <tr key={binding.action}>
              <td>
                {binding.keys.map((key, index) => (
                  <span key={key.key}>
                    {index > 0 && ' / '}
                    <kbd>{key.label}</kbd>
                  </span>
                ))}
              </td>
              <td>{t(binding.does)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Modal>
  );
}

/** The decision a button or key asks for at the application's open stage (decision 0119's names). */
const DECISIONS: Record<'review' | 'final', Record<Choice, Decision>> = {
  review: { approve: 'approved', decline: 'declined' },
  final: { approve: 'member', decline: 'final-declined' },
};

/** The admin's own vote at the open stage, if any. */
const myVote = (application: ApplicationDetail | undefined, adminId: number | undefined) =>
  application?.votes.find((vote) => vote.admin_id === adminId && vote.stage === application.stage) ?? null;

/**
 * The review screen of one application (docs/product/applications.md#the-review-screen, decision 0118): the
 * candidate, the answers, the journey, the board's votes and the history, with voting and the
 * decision; every action is a button and a key.
 */
function ReviewScreen({ id }: { id: number }) {
  const { t } = useLingui();
  const detail = useApplicationDetail(id);
  const application = detail.data;
  const { user } = useSession();
  const vote = useVote();
  const decisions = useDecisions();
  const { undoLatest } = useUndo();
  const next = useNextInQueue();
  const navigate = useNavigate();
  const { region, say } = useAnnouncer();
  const [help, setHelp] = useState(false);
  const [comment, setComment] = useState('');
  const [note, setNote] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const voteHeading = useRef<HTMLHeadingElement>(null);
  const decisionHeading = useRef<HTMLHeadingElement>(null);
  const commentBox = useRef<HTMLTextAreaElement>(null);
  const mine = myVote(application, user?.id);
  const login = application?.user.intra_login;
  usePageTitle(login ? t`Review @${login}` : t`Review #${id}`);

  // A new application or a new stage starts from this admin's own comment, if they left one.
  const draftKey = application ? `${application.id}:${application.stage}` : null;
  const [draftFor, setDraftFor] = useState<string | null>(null);
  if (draftKey !== draftFor) {
    setDraftFor(draftKey);
    setComment(mine?.comment ?? '');
    setNote('');
  }

  useEffect(() => {
    if (application) rememberVisit(application.id);
  }, [application]);
  // Focus never lost: when what had it went away (a spinner replaced the screen), the title takes it.
  useEffect(holdFocus, [id, detail.isPending]);

  function castVote(choice: Vote) {
    if (!application || vote.isPending) return;
    if (!application.stage) return say(SAID.votesClosed);
    vote.mutate(
      { id: application.id, vote: choice, comment: comment.trim() || null },
      { onSuccess: () => say(SAID.voted[choice]) },
    );
  }

  /** When nothing holds the focus, the title takes it: a dialog then gives it back there. */
  function holdFocus() {
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus();
  }

  /**
   * The one decide action of the screen: every decision button and key comes here, and goes
   * through the board's decision flow (a confirmation naming the candidate, then an Undo offered).
   */
  function decide(choice: Choice) {
    if (!application || decisions.pending) return;
    if (!application.stage) return say(SAID.noDecision);
    holdFocus();
    const subject = { applicationId: application.id, userId: application.user_id, login: application.user.intra_login };
    const decision = DECISIONS[application.stage][choice];
    if (decision === 'member' && subject.userId === null) return say(SAID.voteBeforeMember);
    decisions.decide(subject, decision, {
      notes: note.trim() || null,
      // The decision's buttons are gone: its panel's heading keeps the focus.
      onDone: () => decisionHeading.current?.focus(),
    });
  }

  function goNext() {
    if (next.isPending) return;
    next.mutate(undefined, {
      onSuccess: (found) => {
        if (!found) say(SAID.queueEmpty);
        else if (found.id === id) say(SAID.stillNext);
        else navigate(reviewPath(found.id));
      },
    });
  }

  function goPrevious() {
    const before = visitedBefore(id);
    if (before === null) say(SAID.firstVisited);
    else navigate(reviewPath(before));
  }

  function openHelp() {
    holdFocus();
    setHelp(true);
  }

  const actions: Record<ReviewAction, () => void> = {
    next: goNext,
    previous: goPrevious,
    yes: () => castVote('yes'),
    no: () => castVote('no'),
    abstain: () => castVote('abstain'),
    comment: () => (application?.stage ? commentBox.current?.focus() : say(SAID.votesClosed)),
    approve: () => decide('approve'),
    decline: () => decide('decline'),
    undo: undoLatest,
    help: openHelp,
  };
  useReviewKeys(actions, voteHeading);

  const title = login ? t`Application of @${login}` : t`Application #${id}`;
  return (
    <div className="review">
      <div className="admin-toolbar">
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        <nav className="row review-nav" aria-label={t`Review`}>
          <KeyButton action="previous" onClick={actions.previous}>
            <Trans>Previous</Trans>
          </KeyButton>
          <KeyButton action="next" onClick={actions.next} disabled={next.isPending}>
            <Trans>Next in queue</Trans>
          </KeyButton>
          <KeyButton action="help" className="btn btn-ghost" onClick={openHelp}>
            <Trans>Keyboard shortcuts</Trans>
          </KeyButton>
          <Link className="btn btn-ghost" to="/admin/applications">
            <Trans>All applications</Trans>
          </Link>
        </nav>
      </div>
      {region}
      <ErrorBanner error={next.error} fallback={t`The review queue could not be read`} />
      <ErrorBanner error={vote.error} fallback={t`The vote could not be saved`} />
      <ErrorBanner error={decisions.error} fallback={t`The decision could not be saved`} />
      {detail.error && !application ? (
        <LoadError error={detail.error} fallback={t`Failed to load the application`} onRetry={detail.refetch} />
      ) : (
        detail.isPending && <Spinner label={t`Loading the application`} />
      )}
      {application && (
        <div className="review-layout">
          <div className="review-column">
            <CandidatePanel application={application} />
            <AnswersPanel application={application} />
            <JourneyPanel application={application} />
          </div>
          <div className="review-column">
            <VotePanel
              application={application}
              mine={mine?.vote ?? null}
              comment={comment}
              onComment={setComment}
              onVote={castVote}
              saving={vote.isPending}
              headingRef={voteHeading}
              commentRef={commentBox}
            />
            <DecisionPanel
              application={application}
              note={note}
              onNote={setNote}
              onDecide={decide}
              saving={decisions.pending}
              headingRef={decisionHeading}
            />
            <VotesPanel application={application} />
            <Panel id="review-history" title={t`History`}>
              <ReviewHistory application={application} />
            </Panel>
          </div>
        </div>
      )}
      {help && <KeysDialog onClose={() => setHelp(false)} />}
      {decisions.dialog}
    </div>
  );
}

/** `/admin/review`: the first application of this admin's queue, or the word that none is left. */
function QueueStart() {
  const { t } = useLingui();
  usePageTitle(t`Review queue`);
  const next = useNextInQueue();
  const navigate = useNavigate();
  const { mutate } = next;
  useEffect(() => {
    mutate(undefined, { onSuccess: (found) => found && navigate(reviewPath(found.id), { replace: true }) });
  }, [mutate, navigate]);
  return (
    <div className="review">
      <div className="admin-toolbar">
        <h1>
          <Trans>Review queue</Trans>
        </h1>
      </div>
      <ErrorBanner error={next.error} fallback={t`The review queue could not be read`} />
      {next.isSuccess && !next.data ? (
        <div className="card stack">
          <p role="status">{t(SAID.queueEmpty)}</p>
          <p>
            <Link to="/admin/applications">
              <Trans>All applications</Trans>
            </Link>
          </p>
        </div>
      ) : (
        !next.error && <Spinner label={t`Finding the next application`} />
      )}
    </div>
  );
}

/** `/admin/applications/:id` reviews that application; `/admin/review` starts with the queue. */
export function ReviewPage() {
  const { id } = useParams();
  if (id === undefined) return <QueueStart />;
  const number = Number(id);
  if (!Number.isInteger(number) || number <= 0) {
    return (
      <div className="review">
        <h1>
          <Trans>Application</Trans>
        </h1>
        <p className="alert" role="alert">
          <Trans>There is no such application.</Trans>
        </p>
      </div>
    );
  }
  // A screen per application: its drafts, errors and pending actions never carry over to another,
  // and its title takes the focus when it comes (see ReviewScreen).
  return <ReviewScreen key={number} id={number} />;
}

export default ReviewPage;
