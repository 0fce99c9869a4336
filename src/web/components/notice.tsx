/** The outcome of a change, in a sentence: a failure is an alert read out at once, a success a status. */
export function Notice({ text, success = false }: { text: string | null | false | undefined; success?: boolean }) {
  if (!text) return null;
  return (
    <p className={success ? 'alert alert-success' : 'alert'} role={success ? 'status' : 'alert'}>
      {text}
    </p>
  );
}
