import { Trans } from '@lingui/react/macro';
import { errorMessage } from '../lib/api-client';

/**
 * What a screen shows when its data failed to load (docs/product/api.md#client-sentences): the
 * server's sentence or the screen's own, and Retry. It stands in for the content: a screen never
 * shows an empty list or a default form beside it.
 */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry: () => unknown }) {
  return (
    <div className="alert load-error" role="alert">
      <p>{errorMessage(error, fallback)}</p>
      <button type="button" className="btn btn-secondary btn-small" onClick={() => void onRetry()}>
        <Trans>Retry</Trans>
      </button>
    </div>
  );
}
