import { Trans, useLingui } from '@lingui/react/macro';
import type { ApplicationDetail, ApplicationHistoryEntry, Vote } from '../../../contract/applications';
import { formatDateTime } from '../../lib/format';

type Details = {
  stage?: string;
  after?: { vote?: Vote; comment?: string | null; review_notes?: string | null; role?: string };
};

/** Each recorded action in a sentence, `who` named in it, in the page's language. */
function useSentence() {
  const { t } = useLingui();
  return (action: string, who: string, details: Details): string => {
    const after = details.after;
    switch (action) {
      case 'application.submitted':
        return t`${who} submitted the application.`;
      case 'application.updated':
        return t`${who} edited the application.`;
      case 'application.voted':
        if (after?.vote === 'yes') return t`${who} voted yes.`;
        if (after?.vote === 'no') return t`${who} voted no.`;
        if (after?.vote === 'abstain') return t`${who} abstained.`;
        return t`${who} voted.`;
      case 'application.approved':
        return t`${who} approved the application.`;
      case 'application.declined':
        return t`${who} declined the application.`;
      case 'application.decision_undone':
        return t`${who} undid the decision.`;
      case 'user.role_changed': {
        if (after?.role === 'member') return t`${who} made the candidate a member.`;
        const role = after?.role ?? t`another role`;
        return t`${who} changed the candidate's role to ${role}.`;
      }
      default:
        return t`${who}: ${action}.`;
    }
  };
}

/** Who acted, as the sentence names them: the candidate (hidden or not), an admin by login, or nobody known. */
function useActor() {
  const { t } = useLingui();
  return (entry: ApplicationHistoryEntry): string => {
    const login = entry.actor_login;
    if (entry.by_candidate) return login ? t`The candidate (@${login})` : t`The candidate`;
    return login ? `@${login}` : t`Someone`;
  };
}

/** One entry of the history in a sentence, with the comment or note it carried. */
function HistoryItem({ entry }: { entry: ApplicationHistoryEntry }) {
  const details = (entry.details ?? {}) as Details;
  const who = useActor()(entry);
  const sentence = useSentence()(entry.action, who, details);
  // What the admin wrote with a vote or a decision (an undo's details hold the state it restored).
  const said =
    entry.action === 'application.voted'
      ? details.after?.comment
      : entry.action === 'application.approved' || entry.action === 'application.declined'
        ? details.after?.review_notes
        : null;
  return (
    <li>
      <p>
        {sentence}{' '}
        {details.stage === 'final' && (
          <span className="badge">
            <Trans>Final decision</Trans>
          </span>
        )}
      </p>
      {said && (
        <blockquote className="prewrap" dir="auto">
          {said}
        </blockquote>
      )}
      <p className="muted">
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </p>
    </li>
  );
}

/** Who decided what when, from the audit log, newest first. */
export function ReviewHistory({ application }: { application: ApplicationDetail }) {
  if (application.history.length === 0)
    return (
      <p className="muted">
        <Trans>Nothing recorded yet.</Trans>
      </p>
    );
  return (
    <ol className="review-timeline">
      {application.history.map((entry) => (
        <HistoryItem key={entry.id} entry={entry} />
      ))}
    </ol>
  );
}
