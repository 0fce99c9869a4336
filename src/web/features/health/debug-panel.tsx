import { useEffect } from 'react';

/**
 * Renders nothing: checks the backend's health once and only logs what it finds
 * (docs/product.md#debug-panel-and-not-found-page).
 */
export function DebugPanel() {
  useEffect(() => {
    fetch('/api/health', { credentials: 'include' })
      .then((response) => {
        if (!response.ok) console.warn(`Backend health: ${response.status}`);
      })
      .catch((error: unknown) => console.warn('Backend health: offline', error));
  }, []);
  return null;
}
