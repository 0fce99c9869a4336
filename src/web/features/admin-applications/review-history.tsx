import type { ApplicationDetail, ApplicationHistoryEntry, Vote } from '../../../contract/applications';
import { formatDateTime } from '../../lib/format';

type Details = {
  stage?: string;
  after?: { vote?: Vote; comment?: string | null; review_notes?: string | null; role?: string };
};

const VOTED: Record<Vote, (who: string) => string> = {
  yes: (who) => `${who} voted yes.`,
  no: (who) => `${who} voted no.`,
  abstain: (who) => `${who} abstained.`,
};

const SENTENCES: Record<string, (who: string, details: Details) => string> = {
  'application.submitted': (who) => `${who} submitted the application.`,
  'application.updated': (who) => `${who} edited the application.`,
  'application.voted': (who, details) => (details.after?.vote ? VOTED[details.after.vote](who) : `${who} voted.`),
  'application.approved': (who) => `${who} approved the application.`,
  'application.declined': (who) => `${who} declined the application.`,
  'application.decision_undone': (who) => `${who} undid the decision.`,
  'user.role_changed': (who, details) =>
    details.after?.role === 'member'
      ? `${who} made the candidate a member.`
      : `${who} changed the candidate's role to ${details.after?.role ?? 'another role'}.`,
};

/** Who acted, as the sentence names them: the candidate (hidden or not), an admin by login, or nobody known. */
function actorOf(entry: ApplicationHistoryEntry, candidateId: number): string {
  if (entry.actor_id === candidateId)
    return entry.actor_login ? `The candidate (@${entry.actor_login})` : 'The candidate';
  return entry.actor_login ? `@${entry.actor_login}` : 'Someone';
}

/** One entry of the history in a sentence, with the comment or note it carried. */
function HistoryItem({ entry, candidateId }: { entry: ApplicationHistoryEntry; candidateId: number }) {
  const details = (entry.details ?? {}) as Details;
  const who = actorOf(entry, candidateId);
  const sentence = SENTENCES[entry.action]?.(who, details) ?? `${who}: ${entry.action}.`;
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
        {sentence} {details.stage === 'final' && <span className="badge">Final decision</span>}
      </p>
      {said && <blockquote className="prewrap">{said}</blockquote>}
      <p className="muted">
        <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
      </p>
    </li>
  );
}

/** Who decided what when, from the audit log, newest first. */
export function ReviewHistory({ application }: { application: ApplicationDetail }) {
  if (application.history.length === 0) return <p className="muted">Nothing recorded yet.</p>;
  return (
    <ol className="review-timeline">
      {application.history.map((entry) => (
        <HistoryItem key={entry.id} entry={entry} candidateId={application.user_id} />
      ))}
    </ol>
  );
}
