import { routes } from '../../../contract/routes';
import { href } from '../../lib/api-client';

/**
 * Asks the backend's health once and only logs what it finds
 * (docs/product.md#debug-panel-and-not-found-page): a plain fetch, not the API client, so that a
 * slow or absent backend neither throws nor shows anything.
 */
export function logBackendHealth(): void {
  fetch(href(routes.health), { credentials: 'include' })
    .then((response) => {
      if (!response.ok) console.warn(`Backend health: ${response.status}`);
    })
    .catch((error: unknown) => console.warn('Backend health: offline', error));
}
