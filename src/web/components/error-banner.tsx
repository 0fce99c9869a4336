import { errorMessage } from '../lib/api-client';

/**
 * The banner of a failed load or action (docs/product/api.md#client-sentences): the server's sentence,
 * else the screen's default.
 */
export function ErrorBanner({ error, fallback }: { error: unknown; fallback: string }) {
  if (!error) return null;
  return (
    <div className="alert" role="alert">
      {errorMessage(error, fallback)}
    </div>
  );
}
