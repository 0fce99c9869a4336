import type { ReactNode } from 'react';

/** What a Field hands its control: the id its label names, and the state assistive technology reads. */
export type ControlProps = {
  id: string;
  required?: boolean;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type Props = {
  /** The control's id; the hint and the error take `${id}-hint` and `${id}-error`. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The hint above the control rather than below it, when it says how to fill it in. */
  hintFirst?: boolean;
  error?: string;
  /**
   * Marks the control required for assistive technology and the browser; the club's labels name
   * the optional fields instead ("(optional)"), so no sign is added to the label.
   */
  required?: boolean;
  className?: string;
  /** The control itself (input, select, textarea), given the props that tie it to its label, hint and error. */
  children: (control: ControlProps) => ReactNode;
};

/** One form field: label, control, hint and the error of the contract's schema or the server, tied together. */
export function Field({ id, label, hint, hintFirst = false, error, required, className = 'field', children }: Props) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const hintText = hint && (
    <p className="hint" id={`${id}-hint`}>
      {hint}
    </p>
  );
  return (
    <div className={className}>
      <label htmlFor={id}>{label}</label>
      {hintFirst && hintText}
      {children({
        id,
        ...(required ? { required: true } : {}),
        ...(error ? { 'aria-invalid': true } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
      })}
      {!hintFirst && hintText}
      {error && (
        <p className="error-text" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
