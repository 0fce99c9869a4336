import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useLayoutEffect, useRef, type ReactNode, type RefObject } from 'react';
import { useLatest } from '../lib/latest';
import { CloseIcon } from './icons';

type Props = {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** What takes the focus on opening; by default the first control (the Close button). */
  initialFocus?: RefObject<HTMLElement | null>;
};

const FOCUSABLE_SELECTOR =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The open dialogs, innermost last: only that one answers the keyboard (a confirmation over a detail). */
const openDialogs: HTMLElement[] = [];

/** A dialog that traps focus, closes on Escape and gives focus back to what opened it. */
export function Modal({ title, onClose, children, footer, initialFocus }: Props) {
  const { t } = useLingui();
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const close = useLatest(onClose);
  // Read once, on opening: the dialog's first focus does not move when the page re-renders.
  const firstFocus = useRef(initialFocus);

  // Before the browser paints, not after as Preact runs a plain effect (docs/decisions/0129):
  // a key pressed as the dialog appears already reaches it (Enter confirms, Escape closes).
  useLayoutEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const first = dialog.current?.querySelector<HTMLElement>(FOCUSABLE_SELECTOR);
    (firstFocus.current?.current ?? first ?? dialog.current)?.focus();
    const own = dialog.current;
    if (own) openDialogs.push(own);
    const onKey = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== own) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        close.current();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE_SELECTOR)];
      if (items.length === 0) return;
      const [head, tail] = [items[0]!, items[items.length - 1]!];
      if (event.shiftKey && document.activeElement === head) {
        event.preventDefault();
        tail.focus();
      } else if (!event.shiftKey && document.activeElement === tail) {
        event.preventDefault();
        head.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKey);
      if (own) openDialogs.splice(openDialogs.indexOf(own), 1);
      document.body.style.overflow = overflow;
      opener?.focus();
    };
  }, [close]);

  return (
    <div className="modal-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} ref={dialog} tabIndex={-1}>
        <div className="modal-header">
          <h2 id={titleId}>{title}</h2>
          <button type="button" className="btn btn-secondary btn-small" onClick={onClose} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        {children}
        {footer && <div className="modal-actions">{footer}</div>}
      </div>
    </div>
  );
}

/** A form's Cancel and Save buttons at the foot of a modal; Save says so while it saves. */
export function ModalFormActions({ onCancel, saving }: { onCancel: () => void; saving: boolean }) {
  return (
    <div className="modal-actions">
      <button type="button" className="btn btn-secondary" onClick={onCancel}>
        <Trans>Cancel</Trans>
      </button>
      <button type="submit" className="btn" disabled={saving}>
        {saving ? <Trans>Saving...</Trans> : <Trans>Save</Trans>}
      </button>
    </div>
  );
}
