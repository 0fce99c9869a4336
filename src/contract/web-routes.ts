/**
 * The pages of the SPA (docs/product.md#route-table). The server answers other paths with the
 * not-found page and a 404.
 */
export const WEB_ROUTES = [
  '/',
  '/apply',
  '/contact',
  '/process',
  '/auth/callback',
  '/login',
  '/admin',
  '/admin/login',
  '/admin/overview',
  '/admin/users',
  '/admin/applications',
  '/admin/challenges',
  '/admin/submissions',
  '/admin/hackathon',
  '/admin/logs',
  '/admin/settings',
  '/admin/events',
  '/admin/projects',
  '/admin/messages',
  '/admin/webhooks',
] as const;

export const isWebRoute = (pathname: string): boolean =>
  (WEB_ROUTES as readonly string[]).includes(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);
