import { useLingui } from '@lingui/react/macro';
import { useRef, type ReactNode } from 'react';
import { fromPickerValue, toPickerValue } from '../lib/format';

/** Browsers that open their own picker on request (a phone's wheels, a desktop's calendar). */
const CAN_PICK = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

/**
 * A typed date field with the browser's own picker beside it (decision 0155). The text field stays
 * (day/month/year, the club's format, typed or pasted); the button opens the native picker of a
 * hidden `datetime-local` (or `date`) input and writes what is picked into the text field, read in
 * the club's time zone like a typed date. Where the browser cannot open its picker, only the text
 * field shows.
 */
export function DatePicker({
  children,
  read,
  onPick,
  withTime = true,
}: {
  /** The text field itself. */
  children: ReactNode;
  /** The text typed now, for the picker to open on it. */
  read: () => string;
  /** Writes the picked moment into the text field, as typed text. */
  onPick: (text: string) => void;
  withTime?: boolean;
}) {
  const { t } = useLingui();
  const picker = useRef<HTMLInputElement>(null);
  if (!CAN_PICK) return <>{children}</>;
  const open = () => {
    const input = picker.current;
    if (!input) return;
    input.value = toPickerValue(read(), withTime);
    try {
      input.showPicker();
    } catch {
      // Refused (no user gesture, or a browser that cannot show it here): the typed field stays.
    }
  };
  return (
    <div className="date-field">
      {children}
      <button
        type="button"
        className="btn btn-secondary date-field-button"
        onClick={open}
        aria-label={withTime ? t`Choose the date and time` : t`Choose the date`}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
          <path
            fill="currentColor"
            d="M7 2v2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2h-2V2h-2v2H9V2H7zm-2 8h14v10H5V10zm2 2v2h2v-2H7zm4 0v2h2v-2h-2zm4 0v2h2v-2h-2z"
          />
        </svg>
      </button>
      <input
        ref={picker}
        type={withTime ? 'datetime-local' : 'date'}
        className="date-field-picker"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const text = fromPickerValue(event.target.value, withTime);
          if (text) onPick(text);
        }}
      />
    </div>
  );
}
