import { useLingui } from '@lingui/react/macro';

/** A full-area wait with a spinner and the sentence the screen gives. */
export function LoadingScreen({ title, message }: { title: string; message?: string }) {
  return (
    <div className="center-screen" role="status" aria-live="polite">
      <div>
        <div className="spinner" aria-hidden="true" />
        <h2>{title}</h2>
        {message && <p className="muted">{message}</p>}
      </div>
    </div>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useLingui();
  return (
    <div role="status" className="row">
      <div className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{label ?? t`Loading`}</span>
    </div>
  );
}
