import { Trans } from '@lingui/react/macro';
import { useRef, useState, type ReactNode } from 'react';
import { Modal } from './modal';

/** A question before a decision or a destructive or privileged change (decision 0119). */
export type Confirmation = {
  /** The question, naming the person or thing: "Ban @jdoe?". */
  title: string;
  /** What will happen, in a sentence or two a person reads before saying yes. */
  consequence: ReactNode;
  /** The button that does it, saying what it does: "Ban @jdoe". */
  confirmLabel: string;
  /** Red button: the change removes or refuses something. */
  danger?: boolean;
  onConfirm: () => void;
};

function ConfirmDialog({ request, onClose }: { request: Confirmation; onClose: () => void }) {
  const confirmButton = useRef<HTMLButtonElement>(null);
  return (
    <Modal
      title={request.title}
      onClose={onClose}
      initialFocus={confirmButton}
      footer={
        <>
          <button type="button" className="btn btn-secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </button>
          <button
            ref={confirmButton}
            type="button"
            className={request.danger ? 'btn btn-danger' : 'btn'}
            onClick={() => {
              onClose();
              request.onConfirm();
            }}
          >
            {request.confirmLabel}
          </button>
        </>
      }
    >
      <div className="stack">{request.consequence}</div>
    </Modal>
  );
}

/**
 * Asks before acting: `ask(confirmation)` opens the dialog, which the page renders as `dialog`.
 * Cancel, Escape and the backdrop do nothing; focus goes back to what opened it.
 */
export function useConfirmation() {
  const [request, setRequest] = useState<Confirmation | null>(null);
  return {
    ask: setRequest,
    dialog: request && <ConfirmDialog request={request} onClose={() => setRequest(null)} />,
  };
}
