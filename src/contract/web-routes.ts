/**
 * The pages of the SPA (docs/product/screens.md#route-table); `:id` stands for a positive whole number.
 * The server answers other paths with the not-found page and a 404.
 */
export const WEB_ROUTES = [
  '/',
  // The landing page for anyone, signed in or not: `/` is a signed-in candidate's tracker (decision 0145).
  '/welcome',
  '/apply',
  '/contact',
  '/process',
  '/privacy',
  '/auth/callback',
  '/login',
  '/admin',
  '/admin/login',
  '/admin/overview',
  '/admin/users',
  '/admin/applications',
  '/admin/applications/:id',
  '/admin/review',
  '/admin/challenges',
  '/admin/submissions',
  '/admin/hackathon',
  '/admin/logs',
  '/admin/settings',
  '/admin/events',
  '/admin/projects',
  '/admin/messages',
  '/admin/webhooks',
  '/admin/emails',
  '/admin/rounds',
  // Judging (spec §14): for judges and admins.
  '/judge',
  '/judge/score',
  '/admin/hackathon/check-in',
] as const;

const PATTERNS = WEB_ROUTES.map((route) => new RegExp(`^${route.replace(/:id/g, '[1-9][0-9]{0,15}')}$`));

export const isWebRoute = (pathname: string): boolean => {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PATTERNS.some((pattern) => pattern.test(path));
};
