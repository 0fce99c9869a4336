import type { Role } from '../../../contract/users';
import { useConfirmation } from '../../components/confirm-dialog';
import { useUndo } from '../../components/undo-toast';
import { useMemberChange } from '../admin-members/api';
import { useBulkReview, useReviewApplication, useUndoReview } from './api';

/** Whose application is decided; `login` is null while blind review hides it. */
export type DecisionSubject = { applicationId: number; userId: number; login: string | null; role?: Role };

/**
 * The board's decisions (docs/product.md#application-review): `approved` and `declined` at the
 * review, `member` (the final yes, a role change) and `final-declined` at the board approval step.
 */
export type Decision = 'approved' | 'declined' | 'member' | 'final-declined';

type Copy = {
  title: (who: string) => string;
  consequence: (who: string) => string;
  confirm: string;
  done: (who: string) => string;
  undone: (who: string) => string;
};

const COPY: Record<Decision, Copy> = {
  approved: {
    title: (who) => `Approve the application of ${who}?`,
    consequence: (who) => `${who} moves on to the four challenges and gets an email about them.`,
    confirm: 'Approve',
    done: (who) => `The application of ${who} is approved.`,
    undone: (who) => `The approval of ${who} is undone: the application is pending again.`,
  },
  declined: {
    title: (who) => `Decline the application of ${who}?`,
    consequence: (who) => `${who} gets an email saying that the club will not go further with this application.`,
    confirm: 'Decline',
    done: (who) => `The application of ${who} is declined.`,
    undone: (who) => `The decline of ${who} is undone: the application is pending again.`,
  },
  member: {
    title: (who) => `Make ${who} a member of the club?`,
    consequence: (who) => `${who} becomes a junior member of the club and gets a welcome email.`,
    confirm: 'Approve as member',
    done: (who) => `${who} is now a member of the club.`,
    undone: (who) => `The final approval of ${who} is undone: no welcome email is sent.`,
  },
  'final-declined': {
    title: (who) => `Decline ${who} at the final decision?`,
    consequence: (who) => `${who} is not selected as a member this time and gets an email with the board’s decision.`,
    confirm: 'Decline',
    done: (who) => `${who} is declined at the final decision.`,
    undone: (who) => `The final decline of ${who} is undone.`,
  },
};

const UNDO_HINT = 'You can undo it for a few seconds afterwards; no email leaves before then.';

const nameOf = (subject: DecisionSubject) => (subject.login ? `@${subject.login}` : 'this candidate');

const NAMES = new Intl.ListFormat('en', { type: 'conjunction' });
const applications = (n: number) => (n === 1 ? '1 application' : `${n} applications`);

/**
 * Every decision of the board, as one flow (decision 0119): a confirmation naming the person and
 * the consequence, the decision, then an Undo offered for a few seconds. Render `dialog`.
 */
export function useDecisions() {
  const confirmation = useConfirmation();
  const review = useReviewApplication();
  const bulk = useBulkReview();
  const undoReview = useUndoReview();
  const change = useMemberChange();
  const { offer } = useUndo();

  function run(subject: DecisionSubject, decision: Decision, notes: string | null, onDone?: () => void) {
    const who = nameOf(subject);
    const copy = COPY[decision];
    const offerUndo = (undo: () => Promise<unknown>) => {
      onDone?.();
      offer({ done: copy.done(who), undone: copy.undone(who), undo });
    };
    if (decision === 'member') {
      change.mutate(
        { id: subject.userId, kind: 'role', role: 'member' },
        {
          onSuccess: () =>
            offerUndo(() => change.mutateAsync({ id: subject.userId, kind: 'role', role: subject.role ?? 'student' })),
        },
      );
      return;
    }
    review.mutate(
      { id: subject.applicationId, status: decision === 'approved' ? 'approved' : 'declined', review_notes: notes },
      { onSuccess: () => offerUndo(() => undoReview.mutateAsync(subject.applicationId)) },
    );
  }

  return {
    /** Asks, then decides; `notes` go with a review's decision, `onDone` runs once it is made. */
    decide(subject: DecisionSubject, decision: Decision, options: { notes?: string | null; onDone?: () => void } = {}) {
      const who = nameOf(subject);
      const copy = COPY[decision];
      confirmation.ask({
        title: copy.title(who),
        consequence: (
          <>
            <p>{copy.consequence(who)}</p>
            <p className="muted">{UNDO_HINT}</p>
          </>
        ),
        confirmLabel: copy.confirm,
        danger: decision === 'declined' || decision === 'final-declined',
        onConfirm: () => run(subject, decision, options.notes ?? null, options.onDone),
      });
    },

    /** Asks, then approves or declines several pending applications; `onDone` gets the server's result. */
    decideMany(
      subjects: DecisionSubject[],
      decision: 'approved' | 'declined',
      onDone: (result: { reviewed: number[]; skipped: unknown[] }) => void,
    ) {
      const named = subjects.filter((subject) => subject.login).map(nameOf);
      const count = subjects.length;
      const approving = decision === 'approved';
      confirmation.ask({
        title: approving ? `Approve ${applications(count)}?` : `Decline ${applications(count)}?`,
        consequence: (
          <>
            {named.length === count && <p>{`The candidates: ${NAMES.format(named)}.`}</p>}
            <p>
              {approving
                ? 'Each candidate moves on to the four challenges and gets an email about them.'
                : 'Each candidate gets an email saying that the club will not go further with the application.'}
            </p>
            <p className="muted">{UNDO_HINT}</p>
          </>
        ),
        confirmLabel: approving ? `Approve ${count}` : `Decline ${count}`,
        danger: !approving,
        onConfirm: () =>
          bulk.mutate(
            { ids: subjects.map((subject) => subject.applicationId), status: decision },
            {
              onSuccess: (result) => {
                onDone(result);
                if (result.reviewed.length === 0) return;
                const n = result.reviewed.length;
                offer({
                  done: approving ? `Approved: ${applications(n)}.` : `Declined: ${applications(n)}.`,
                  undone: approving
                    ? `The approval of ${applications(n)} is undone.`
                    : `The decline of ${applications(n)} is undone.`,
                  undo: () => Promise.all(result.reviewed.map((id) => undoReview.mutateAsync(id))),
                });
              },
            },
          ),
      });
    },

    dialog: confirmation.dialog,
    error: review.error ?? bulk.error ?? change.error,
    pending: review.isPending || bulk.isPending || change.isPending,
  };
}
