import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { Role } from '../../../contract/users';
import { useConfirmation } from '../../components/confirm-dialog';
import { useUndo } from '../../components/undo-toast';
import { useBulkReview, useReviewApplication, useSetRole, useUndoReview } from './api';

/**
 * Whose application is decided; `userId` and `login` are null while blind review hides them (the
 * final approval, a role change, needs the user: the review screen asks for a vote first).
 */
export type DecisionSubject = { applicationId: number; userId: number | null; login: string | null; role?: Role };

/**
 * The board's decisions (docs/product/applications.md#application-review): `approved` and `declined` at the
 * review, `member` (the final yes, a role change) and `final-declined` at the board approval step.
 */
export type Decision = 'approved' | 'declined' | 'member' | 'final-declined';

type Copy = { title: string; consequence: string; confirm: string; done: string; undone: string };

/** The words of each decision, `who` named in them, in the page's language. */
function useCopy() {
  const { t } = useLingui();
  return (decision: Decision, who: string): Copy => {
    switch (decision) {
      case 'approved':
        return {
          title: t`Approve the application of ${who}?`,
          consequence: t`${who} moves on to the four challenges and gets an email about them.`,
          confirm: t`Approve`,
          done: t`The application of ${who} is approved.`,
          undone: t`The approval of ${who} is undone: the application is pending again.`,
        };
      case 'declined':
        return {
          title: t`Decline the application of ${who}?`,
          consequence: t`${who} gets an email saying that the club will not go further with this application.`,
          confirm: t`Decline`,
          done: t`The application of ${who} is declined.`,
          undone: t`The decline of ${who} is undone: the application is pending again.`,
        };
      case 'member':
        return {
          title: t`Make ${who} a member of the club?`,
          consequence: t`${who} becomes a junior member of the club and gets a welcome email.`,
          confirm: t`Approve as member`,
          done: t`${who} is now a member of the club.`,
          undone: t`The final approval of ${who} is undone: no welcome email is sent.`,
        };
      case 'final-declined':
        return {
          title: t`Decline ${who} at the final decision?`,
          consequence: t`${who} is not selected as a member this time and gets an email with the board’s decision.`,
          confirm: t`Decline`,
          done: t`${who} is declined at the final decision.`,
          undone: t`The final decline of ${who} is undone.`,
        };
    }
  };
}

/**
 * Every decision of the board, as one flow (decision 0119): a confirmation naming the person and
 * the consequence, the decision, then an Undo offered for a few seconds. Render `dialog`.
 */
export function useDecisions() {
  const { t, i18n } = useLingui();
  const copyOf = useCopy();
  const undoHint = t`You can undo it for a few seconds afterwards; no email leaves before then.`;
  const nameOf = (subject: DecisionSubject) => (subject.login ? `@${subject.login}` : t`this candidate`);
  const confirmation = useConfirmation();
  const review = useReviewApplication();
  const bulk = useBulkReview();
  const undoReview = useUndoReview();
  const change = useSetRole();
  const { offer } = useUndo();

  function run(subject: DecisionSubject, decision: Decision, notes: string | null, onDone?: () => void) {
    const who = nameOf(subject);
    const copy = copyOf(decision, who);
    const offerUndo = (undo: () => Promise<unknown>) => {
      onDone?.();
      offer({ done: copy.done, undone: copy.undone, undo });
    };
    if (decision === 'member') {
      const { userId } = subject;
      if (userId === null) return;
      change.mutate(
        { id: userId, role: 'member' },
        {
          onSuccess: () => offerUndo(() => change.mutateAsync({ id: userId, role: subject.role ?? 'student' })),
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
      const copy = copyOf(decision, nameOf(subject));
      confirmation.ask({
        title: copy.title,
        consequence: (
          <>
            <p>{copy.consequence}</p>
            <p className="muted">{undoHint}</p>
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
      const names = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(named);
      confirmation.ask({
        title: approving
          ? plural(count, { one: 'Approve # application?', other: 'Approve # applications?' })
          : plural(count, { one: 'Decline # application?', other: 'Decline # applications?' }),
        consequence: (
          <>
            {named.length === count && <p>{t`The candidates: ${names}.`}</p>}
            <p>
              {approving
                ? t`Each candidate moves on to the four challenges and gets an email about them.`
                : t`Each candidate gets an email saying that the club will not go further with the application.`}
            </p>
            <p className="muted">{undoHint}</p>
          </>
        ),
        confirmLabel: approving ? t`Approve ${count}` : t`Decline ${count}`,
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
                  done: approving
                    ? plural(n, { one: 'Approved: # application.', other: 'Approved: # applications.' })
                    : plural(n, { one: 'Declined: # application.', other: 'Declined: # applications.' }),
                  undone: approving
                    ? plural(n, {
                        one: 'The approval of # application is undone.',
                        other: 'The approval of # applications is undone.',
                      })
                    : plural(n, {
                        one: 'The decline of # application is undone.',
                        other: 'The decline of # applications is undone.',
                      }),
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
