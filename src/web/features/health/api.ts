import { useQuery } from '@tanstack/react-query';
import { routes } from '../../../contract/routes';
import { call, href } from '../../lib/api-client';

/**
 * Asks the backend's health once and only logs what it finds
 * (docs/product/screens.md#debug-panel-and-not-found-page): a plain fetch, not the API client, so that a
 * slow or absent backend neither throws nor shows anything.
 */
export function logBackendHealth(): void {
  fetch(href(routes.health), { credentials: 'include' })
    .then((response) => {
      if (!response.ok) console.warn(`Backend health: ${response.status}`);
    })
    .catch((error: unknown) => console.warn('Backend health: offline', error));
}

/** How early the admins are told that the club's 42 secret ends (decisions §13). */
const SECRET_WARNING_MS = 14 * 86_400_000;

/**
 * What the health check says of the club's 42 application, for the admin panel's banner: whether
 * the intra refuses its credentials, and its secret's end date once it is 14 days away or less.
 * Polled every minute: a refusal shows without reloading, and goes once a sign-in succeeds again.
 */
export function useIntraWarnings() {
  return useQuery({
    queryKey: ['health'],
    queryFn: () => call(routes.health),
    refetchInterval: 60_000,
    select: (health) => ({
      credentialsRefused: health.intra === 'credentials_refused',
      secretExpiresAt:
        health.intra_secret_expires_at && Date.parse(health.intra_secret_expires_at) - Date.now() <= SECRET_WARNING_MS
          ? health.intra_secret_expires_at
          : undefined,
    }),
  });
}
